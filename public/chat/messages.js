// One chat message as the room shows it: author, time, text, the thumbnails dragged into it with
// their scribbles (each opens what it came from, and can be dragged on), the message it answers,
// and for an urgent one who has acknowledged and who has not.
import { h, ago } from "../ui/dom.js";
import { draggableThumbnail } from "../ui/drag.js";
import { paintScribble } from "./scribble.js";
import { cameraName, knownAlert } from "../ui/names.js";

/** The `<li>` of a message; `actions` are the buttons the viewer may use on it. */
export function messageItem(message, { me, byID, actions }) {
  const classes = ["message"];
  if (message.author === me) classes.push("mine");
  if (message.deleted) classes.push("deleted");
  if (message.mentions?.includes(me)) classes.push("mentions-me");
  if (message.urgent && !message.urgent.cancelledAt) classes.push("urgent");
  const item = h("li", { class: classes.join(" "), dataset: { message: message.id, seq: String(message.seq) } },
    h("div", { class: "message-head" }, h("strong", {}, message.author), " ", ago(message.postedAt), message.edited ? h("span", { class: "meta" }, " (edited)") : null));
  if (message.deleted) {
    item.append(h("p", { class: "meta" }, `Deleted by ${message.deletedBy}`));
    return item;
  }
  const answered = message.replyTo ? byID(message.replyTo) : null;
  if (message.replyTo) {
    item.append(h("p", { class: "reply-to meta" }, "↩ ", answered ? `${answered.author}: ${(answered.text ?? "picture").slice(0, 80)}` : "an earlier message"));
  }
  if (message.text) item.append(h("p", { class: "text" }, message.text));
  if (message.attachments?.length) item.append(h("div", { class: "attachments" }, message.attachments.map((attachment) => figure(attachment))));
  if (message.urgent) item.append(urgentBox(message.urgent));
  const buttons = actions.filter((action) => action.shows(message));
  if (buttons.length) {
    item.append(h("div", { class: "message-actions" }, buttons.map((action) =>
      h("button", { type: "button", dataset: { action: action.name }, onclick: () => action.run(message) }, action.label))));
  }
  return item;
}

/** A thumbnail with its scribble over it, and a link to where it was dragged from. */
export function figure(attachment, extra = null) {
  const { thumbnail, source = { kind: "upload" }, scribble } = attachment;
  const picture = draggableThumbnail(thumbnail, source, { alt: `Picture from ${describe(source)}`, loading: "lazy" });
  const canvas = h("canvas", { class: "scribble", "aria-hidden": "true" });
  const paint = () => paintScribble(canvas, scribble, picture.naturalWidth || 1, picture.naturalHeight || 1);
  picture.addEventListener("load", paint);
  if (picture.complete) paint();
  const opener = source.kind === "upload" ? h("span", { class: "source meta" }, "uploaded")
    : h("button", { type: "button", class: "source", dataset: { sourceKind: source.kind, sourceId: source.id ?? "", sourceCamera: source.camera ?? "" }, onclick: () => openSource(source) },
      `Open ${describe(source)}`);
  return h("figure", { class: "attachment" }, h("div", { class: "picture" }, picture, canvas), h("figcaption", {}, opener, extra));
}

/** Where a picture came from, by name: the alert by its title, the camera by its name. */
function describe(source) {
  const title = source.kind === "alert" && source.id ? knownAlert(source.id) : null;
  switch (source.kind) {
    case "alert": return title ? `the alert “${title}”` : "the alert";
    case "camera": return source.camera ? `camera ${cameraName(source.camera)}` : "the camera";
    case "detection": return source.camera ? `a detection on ${cameraName(source.camera)}` : "a detection";
    default: return "an upload";
  }
}

/** Brings what a picture came from into view: the alert in the queue, the camera on the wall. */
export function openSource(source) {
  const selector = source.kind === "alert" && source.id ? `[data-alert="${CSS.escape(source.id)}"]`
    : source.camera ? `[data-camera="${CSS.escape(source.camera)}"]` : null;
  const target = selector && document.querySelector(selector);
  if (!target) {
    document.dispatchEvent(new CustomEvent("vigil:open-source", { detail: source }));
    return false;
  }
  target.scrollIntoView({ block: "center" });
  if (!target.hasAttribute("tabindex") && target.tagName !== "BUTTON") target.setAttribute("tabindex", "-1");
  target.focus();
  target.classList.add("opened");
  setTimeout(() => target.classList.remove("opened"), 2000);
  return true;
}

function urgentBox(urgent) {
  const waiting = urgent.recipients.filter((recipient) => !recipient.acknowledgedAt).map((recipient) => recipient.name);
  const done = urgent.recipients.filter((recipient) => recipient.acknowledgedAt).map((recipient) => recipient.name);
  const text = urgent.cancelledAt ? "Urgent, cancelled"
    : waiting.length ? `Urgent: waiting for ${waiting.join(", ")}${done.length ? ` · acknowledged by ${done.join(", ")}` : ""}`
    : `Urgent: acknowledged by ${done.join(", ")}`;
  return h("p", { class: "urgent-status", dataset: { waiting: waiting.join(" ") } }, text);
}
