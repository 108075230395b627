// The guard's view, made for a phone: the site's escalated alerts to acknowledge, the camera the
// control room pushed (swipe to a neighbour), check-in at a checkpoint by its QR code (scanned with
// the browser's barcode detector where there is one, pasted otherwise), the site's chat, the notices,
// and the switch that has this phone notified while the page is closed. Opened from a notification,
// it shows what the link names: the alert, the chat room or the camera.
import { chime, soundSwitch } from "../ui/sound.js";
import { h, ago, announce } from "../ui/dom.js";
import { CameraPictures } from "../ui/camera-pictures.js";
import { alertTitle, alertWhere, cameraName, learnCameras } from "../ui/names.js";
import { raisedBy } from "../dashboard/alerts.js";
import { draggableThumbnail } from "../ui/drag.js";
import { SiteFeed } from "../dashboard/feed.js";
import { mountNotices } from "../dashboard/notices.js";
import { roundText, watchCheckpoints } from "../dashboard/checkpoints.js";
import { mountChat } from "../chat/chat.js";
import { phoneNotifications } from "../ui/phone-notifications.js";

export async function mountGuardView(root, { connection, welcome, linked }) {
  const site = welcome.sites[0];
  const me = welcome.user;
  if (!site || site === "*") {
    root.replaceChildren(h("p", {}, "This guard token names no single site; ask for one that does."));
    return { dispose() {} };
  }
  const feed = new SiteFeed(connection);
  const alertsSection = h("section", { class: "panel guard-alerts", "aria-labelledby": "g-alerts" });
  const cameraSection = h("section", { class: "panel guard-camera", "aria-labelledby": "g-camera" });
  const checkinSection = h("section", { class: "panel guard-checkin", "aria-labelledby": "g-checkin" });
  const noticeSection = h("section", { class: "panel guard-notices", "aria-label": "Notices" });
  const chatSection = h("section", { id: "chat", class: "panel guard-chat", "aria-label": "Chat" });
  const notifications = phoneNotifications(connection, site);
  const phoneSection = h("section", { class: "panel guard-phone", "aria-labelledby": "g-phone" }, h("h2", { id: "g-phone" }, "Notifications"), notifications.element);
  root.replaceChildren(h("div", { class: "guard" }, soundSwitch(), alertsSection, chatSection, checkinSection, cameraSection, noticeSection, phoneSection));
  const link = linked?.get("site") === site ? linked : new URLSearchParams();
  if (link.has("room")) chatSection.scrollIntoView();
  if (link.has("camera")) cameraSection.scrollIntoView();

  const pictures = new CameraPictures();
  guardAlerts(alertsSection, feed, connection, site, welcome.server, pictures, link.get("alert"));
  const camera = guardCamera(cameraSection, feed, connection, site, me, pictures);
  guardCheckIn(checkinSection, feed, connection, site, me);
  const chat = mountChat(chatSection, { connection, site, role: welcome.role, me, room: link.get("room") ?? undefined });
  await mountNotices(noticeSection, { connection, feed, site, role: welcome.role });
  await feed.start();
  return { dispose: () => { feed.stop(); chat.dispose(); camera.dispose(); notifications.dispose(); } };
}

// `linked` is the alert a notification opened the page for: marked, and brought into view once it is there.
function guardAlerts(root, feed, connection, site, server, pictures, linked) {
  const alerts = new Map();
  let shownLinked = false;
  const list = h("ul", { class: "alert-list" });
  root.replaceChildren(h("h2", { id: "g-alerts" }, "Alerts for you"), list);
  function draw() {
    list.replaceChildren(...[...alerts.values()].sort((a, b) => a.raisedAt - b.raisedAt).map((alert) =>
      h("li", { class: `alert severity-${alert.severity} ${alert.state} escalated`, dataset: { alert: alert.id }, "aria-current": alert.id === linked ? "true" : null },
        alert.thumbnails?.length ? draggableThumbnail(alert.thumbnails[0], { kind: "alert", id: alert.id, ts: alert.raisedAt },
          { class: "snapshot", alt: `Snapshot: ${alertTitle(alert)}`, width: 128, height: 72 }) : null,
        h("div", { class: "summary" }, h("strong", {}, alertTitle(alert)),
          h("span", { class: "meta" }, alertWhere(alert) ? `${alertWhere(alert)} · ` : "", `${raisedBy(alert, server)} `, ago(alert.raisedAt)),
          h("span", { class: "status" }, alert.state === "acknowledged" ? `Acknowledged by ${alert.acknowledgedBy}` : "Not acknowledged")),
        alert.state === "raised" ? h("button", { type: "button", onclick: () => acknowledge(alert.id) }, "Acknowledge") : null)));
    if (!alerts.size) list.append(h("li", { class: "empty" }, "Nothing needs you now."));
    if (alerts.has(linked) && !shownLinked) {
      shownLinked = true;
      list.querySelector('[aria-current="true"]').scrollIntoView({ block: "center" });
    }
  }
  async function acknowledge(id) {
    try {
      await connection.publish(`alerts/${site}`, "acknowledge", { alert: id });
    } catch (error) {
      announce(`Not acknowledged: ${error.message}`);
    }
  }
  feed.on(`alerts/${site}/escalated`, (event) => {
    pictures.learn(event);
    if (event.type === "state") { alerts.clear(); event.data.alerts.forEach((alert) => alerts.set(alert.id, alert)); }
    else if (event.type === "alert.escalated") { alerts.set(event.data.alert.id, event.data.alert); chime(true); }
    else if (event.type === "alert.acknowledged" && alerts.has(event.data.alert)) Object.assign(alerts.get(event.data.alert), { state: "acknowledged", acknowledgedBy: event.data.by });
    else if (event.type === "alert.resolved") alerts.delete(event.data.alert);
    draw();
  });
}

// How often the guard's camera asks the hub for a newer snapshot while its stream cannot be shown.
const SNAPSHOT_EVERY_MS = 15_000;

function guardCamera(root, feed, connection, site, me, pictures) {
  let cameras = [];
  let showing = null;
  // A guard reads no alert events but the escalated ones: the camera's snapshot is asked of the hub.
  const refreshSnapshot = async () => {
    const camera = cameras.find((candidate) => candidate.id === showing);
    if (!camera || pictures.of(camera)?.live) return;
    if (await pictures.ask(connection, site, camera).catch(() => false)) draw();
  };
  const asking = setInterval(refreshSnapshot, SNAPSHOT_EVERY_MS);
  const view = h("div", { class: "pushed" });
  const swipes = h("div", { class: "swipes", role: "group", "aria-label": "Move to a neighbouring camera" },
    [["up", "↑ Floor up"], ["left", "← Left"], ["right", "Right →"], ["down", "↓ Floor down"]].map(([direction, label]) =>
      h("button", { type: "button", onclick: () => swipe(direction) }, label)));
  root.replaceChildren(h("h2", { id: "g-camera" }, "Your camera"), view, swipes);
  function draw() {
    const camera = cameras.find((candidate) => candidate.id === showing);
    // The arrows move from the camera shown: none before the control room sends one.
    swipes.hidden = !camera;
    view.replaceChildren(...(camera
      ? [picture(camera), h("p", {}, h("strong", {}, camera.name), ` · floor ${camera.floor}`,
        camera.streamURL ? [" · ", h("a", { href: camera.streamURL, rel: "noreferrer", target: "_blank" }, "open the live stream")] : "")]
      : [h("p", { class: "empty" }, "The control room has not sent you a camera yet.")]));
  }
  function picture(camera) {
    const seen = pictures.of(camera);
    return seen ? h("img", { class: "camera-picture", src: seen.url, alt: `${seen.live ? "Live" : "Latest snapshot"}: ${camera.name}` })
      : h("p", { class: "no-picture meta" }, "No picture of this camera yet.");
  }
  async function swipe(direction) {
    try {
      await connection.publish(`cameras/${site}`, "swipe", { direction });
    } catch (error) {
      announce(error.code === "no_neighbour" ? `No camera ${direction} of this one` : `Not moved: ${error.message}`);
    }
  }
  feed.on(`cameras/${site}`, (event) => {
    if (event.type === "state" || event.type === "camera.topology") { cameras = event.data.cameras; learnCameras(cameras); draw(); refreshSnapshot(); }
  });
  feed.on(`cameras/${site}/view/${me}`, (event) => {
    showing = event.type === "state" ? event.data.view?.camera ?? null : event.data.camera;
    if (event.type !== "state") announce(`The control room sent you ${cameraName(showing)}`);
    draw();
    refreshSnapshot();
  });
  return { dispose: () => clearInterval(asking) };
}

function guardCheckIn(root, feed, connection, site, me) {
  const code = h("input", { id: "checkin-code", name: "code", required: true, autocomplete: "off", spellcheck: "false" });
  const result = h("p", { class: "result", role: "status" });
  const form = h("form", { class: "checkin" }, h("label", { for: "checkin-code" }, "Checkpoint code"), code, h("button", {}, "Check in"));
  const rounds = h("ul", { class: "checkpoints", "aria-label": "Rounds" });
  root.replaceChildren(h("h2", { id: "g-checkin" }, "Check in"), form, result, rounds);
  // Watching the rounds also shows the control room that this guard is on (presence).
  watchCheckpoints(feed, site, (checkpoints) => {
    rounds.replaceChildren(...[...checkpoints.values()].sort((a, b) => a.dueAt - b.dueAt).map((checkpoint) =>
      h("li", { class: checkpoint.missed ? "missed" : "" }, h("strong", {}, checkpoint.name), " ",
        h("span", { class: checkpoint.missed ? "round badge missed" : "round" }, roundText(checkpoint)),
        checkpoint.assignedGuard === me ? h("span", { class: "meta" }, " · your round") : null)));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await checkIn(code.value.trim());
    code.value = "";
  });
  async function checkIn(text) {
    try {
      const ok = await connection.publish(`checkins/${site}`, "check_in", { code: text });
      result.textContent = `Checked in at ${ok.data.name}. Next round due at ${new Date(ok.data.nextDueAt).toLocaleTimeString()}.`;
    } catch (error) {
      result.textContent = error.code === "invalid_checkpoint_code" ? "That is not a checkpoint code of this site." : `Not checked in: ${error.message}`;
    }
  }
  if ("BarcodeDetector" in window) root.insertBefore(scanner(checkIn, result), form);
}

// Scans with the camera until a QR code is read, then checks in with its text.
function scanner(onCode, result) {
  const video = h("video", { playsinline: true, muted: true, hidden: true, "aria-label": "Camera" });
  const button = h("button", { type: "button" }, "Scan the QR code");
  button.addEventListener("click", async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      video.srcObject = stream;
      video.hidden = false;
      await video.play();
      const detector = new BarcodeDetector({ formats: ["qr_code"] });
      const look = async () => {
        const [found] = await detector.detect(video).catch(() => []);
        if (!found) return requestAnimationFrame(look);
        stream.getTracks().forEach((track) => track.stop());
        video.hidden = true;
        await onCode(found.rawValue);
      };
      look();
    } catch (error) {
      result.textContent = `The camera cannot be used (${error.message}); paste the code instead.`;
    }
  });
  return h("div", { class: "scan" }, button, video);
}
