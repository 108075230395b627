// The message box of a room: text, pictures dropped on the room (thumbnails dragged from anywhere
// on the page, or image files from the desktop, uploaded first, shown as under way meanwhile) or
// picked, scribbles drawn over them, a reply or an edit in progress, urgent, and the typing signal.
import { h, announce } from "../ui/dom.js";
import { dropped } from "../ui/drag.js";
import { figure } from "./messages.js";
import { drawOn, paintScribble } from "./scribble.js";

const MAX_ATTACHMENTS = 8;
const TYPING_EVERY_MS = 3000;

export function composer({ connection, site, room }) {
  let attachments = []; // {thumbnail, source, scribble: {foreground, background}}
  let replyTo = null;
  let editing = null;
  let typingSentAt = 0;
  let uploading = []; // names of the files being uploaded now, shown in the tray
  let uploadsDone = Promise.resolve(); // settles once every upload begun so far has ended

  const text = h("textarea", { name: "text", rows: 2, maxlength: 4000, "aria-label": "Message", placeholder: "Message, or drop a picture here" });
  const tray = h("div", { class: "tray", "aria-live": "polite" });
  const context = h("p", { class: "compose-context meta", hidden: true });
  const urgent = h("input", { type: "checkbox", name: "urgent" });
  const file = h("input", { type: "file", accept: "image/jpeg,image/png,image/webp", multiple: true, class: "visually-hidden", "aria-label": "Attach pictures" });
  const picker = h("button", { type: "button", onclick: () => file.click() }, "Attach picture");
  const form = h("form", { class: "chat-compose" }, context, tray, text,
    h("div", { class: "compose-row" }, picker, file, h("label", {}, urgent, " Urgent"), h("button", { class: "send" }, "Send")));

  function showContext() {
    context.hidden = !replyTo && !editing;
    context.replaceChildren(
      editing ? `Editing your message` : replyTo ? `Replying to ${replyTo.author}: ${(replyTo.text ?? "picture").slice(0, 60)}` : "",
      " ", h("button", { type: "button", onclick: () => { replyTo = null; editing = null; text.value = ""; showContext(); } }, "Cancel"));
  }

  function drawTray() {
    tray.replaceChildren(...attachments.map((attachment, index) => {
      let layer = "foreground";
      const layerButton = h("button", { type: "button", "aria-pressed": "false" }, "Mark: point at");
      layerButton.addEventListener("click", () => {
        layer = layer === "foreground" ? "background" : "foreground";
        layerButton.textContent = layer === "foreground" ? "Mark: point at" : "Mark: exclude";
        layerButton.setAttribute("aria-pressed", String(layer === "background"));
      });
      const shown = figure(attachment, h("span", { class: "tray-actions" }, layerButton,
        h("button", { type: "button", onclick: () => { attachment.scribble = { foreground: [], background: [] }; drawTray(); } }, "Clear marks"),
        h("button", { type: "button", onclick: () => { attachments.splice(index, 1); drawTray(); } }, "Remove")));
      const picture = shown.querySelector("img");
      const canvas = shown.querySelector("canvas");
      canvas.classList.add("drawable");
      canvas.removeAttribute("aria-hidden");
      canvas.setAttribute("aria-label", "Draw over the picture to point at someone");
      const ready = () => paintScribble(canvas, attachment.scribble, picture.naturalWidth, picture.naturalHeight);
      picture.addEventListener("load", ready);
      if (picture.complete) ready();
      drawOn(canvas, picture, attachment.scribble, () => layer, () => {});
      return shown;
    }), ...uploading.map((name) => h("p", { class: "uploading meta" }, `Uploading ${name}…`)));
  }

  function attach(thumbnail, source) {
    if (attachments.length >= MAX_ATTACHMENTS) return announce(`At most ${MAX_ATTACHMENTS} pictures in a message`);
    attachments.push({ thumbnail, source, scribble: { foreground: [], background: [] } });
    drawTray();
  }

  // One file after another, so that the pictures keep the order they were given in.
  function upload(files) {
    uploading.push(...files.map((image) => image.name));
    drawTray();
    uploadsDone = uploadsDone.then(async () => {
      for (const image of files) {
        try {
          const stored = await connection.api("POST", "/api/thumbnails", image);
          attach(stored.hash, { kind: "upload" });
        } catch (error) {
          announce(`${image.name} not attached: ${error.message}`);
        }
        uploading.splice(uploading.indexOf(image.name), 1);
        drawTray();
      }
    });
  }

  file.addEventListener("change", () => { upload([...file.files]); file.value = ""; });

  text.addEventListener("input", () => {
    const now = Date.now();
    if (now - typingSentAt < TYPING_EVERY_MS || !text.value.trim()) return;
    typingSentAt = now;
    connection.publish(`typing/${site}/${room}`, "typing", {}).catch(() => {});
  });
  text.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // A picture dropped just before Enter goes with the message, not after it.
    await uploadsDone;
    const body = text.value.trim() ? text.value : undefined;
    try {
      if (editing) {
        await connection.publish(`chat/${site}/${room}`, "edit", { message: editing.id, text: body });
      } else {
        if (!body && !attachments.length) return;
        await connection.publish(`chat/${site}/${room}`, "say", {
          text: body, replyTo: replyTo?.id, urgent: urgent.checked || undefined,
          attachments: attachments.map(({ thumbnail, source, scribble }) =>
            ({ thumbnail, source, scribble: scribble.foreground.length || scribble.background.length ? scribble : undefined })),
        });
      }
      if (typingSentAt) connection.publish(`typing/${site}/${room}`, "typing", { stopped: true }).catch(() => {});
      typingSentAt = 0;
      text.value = "";
      attachments = [];
      replyTo = editing = null;
      urgent.checked = false;
      drawTray();
      showContext();
    } catch (error) {
      announce(`Not sent: ${error.message}`);
    }
  });

  return {
    element: form,
    /** Shows, while a picture is dragged over the room, that dropping it attaches it here. */
    showDropping(dragging) { form.classList.toggle("dropping", dragging); },
    /** Attaches what was dropped on the room: thumbnails dragged from the page, image files uploaded. */
    take(dataTransfer) {
      const { thumbnails, files } = dropped(dataTransfer);
      thumbnails.forEach(({ thumbnail, source }) => attach(thumbnail, source));
      if (files.length) upload(files);
    },
    reply(message) { replyTo = message; editing = null; showContext(); text.focus(); },
    edit(message) { editing = message; replyTo = null; text.value = message.text ?? ""; showContext(); text.focus(); },
  };
}
