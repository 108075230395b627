// The camera wall of one site, laid out floor by floor from the topology (each camera where its
// frame sits on the wall). A camera shows its live stream where this page may load it (the hub's
// own origin, which its CSP allows), the latest snapshot at its location otherwise (from the
// site's alert events, or asked of the hub for a camera no open alert shows), and
// which viewers show it. Select a camera to push it to a guard or a wall; follow a viewer to see
// what they see.
import { h, announce } from "../ui/dom.js";
import { draggableThumbnail } from "../ui/drag.js";
import { cameraName, learnCameras } from "../ui/names.js";
import { CameraPictures } from "../ui/camera-pictures.js";

export function mountCameras(root, { connection, feed, site, role }) {
  let cameras = [];
  const views = new Map(); // viewer -> camera id
  const pictures = new CameraPictures();
  let selected = null;
  let followed = null; // {viewer, subscription, camera}
  const floors = h("div", { class: "floors" });
  const viewerInput = h("input", { name: "viewer", list: `viewers-${site}`, required: true, "aria-label": "Viewer (a guard's name or a wall)", placeholder: "guard or wall" });
  const viewers = h("datalist", { id: `viewers-${site}` });
  const pushForm = h("form", { class: "push" }, h("span", { class: "chosen" }, "Select a camera"), " to ", viewerInput, viewers, h("button", {}, "Push"));
  const followSelect = h("select", { "aria-label": "Follow a viewer's view" });
  const following = h("p", { class: "following", role: "status" });
  root.replaceChildren(h("h2", {}, "Cameras"),
    role === "admin" || role === "operator" ? pushForm : null,
    h("label", { class: "follow" }, "Follow ", followSelect), following, floors);

  function draw() {
    const byFloor = Map.groupBy(cameras, (camera) => camera.floor);
    floors.replaceChildren(...[...byFloor.keys()].sort((a, b) => b - a).map((floor) => drawFloor(floor, byFloor.get(floor))));
    if (!cameras.length) floors.append(h("p", { class: "empty" }, "This site has no camera topology yet (PUT /api/sites/{site}/cameras or vigil import cameras)."));
    const known = new Set([...views.keys()]);
    viewers.replaceChildren(...[...known].sort().map((viewer) => h("option", { value: viewer })));
    const current = followSelect.value;
    followSelect.replaceChildren(h("option", { value: "" }, "nobody"), ...[...known].sort().map((viewer) => h("option", { value: viewer }, viewer)));
    followSelect.value = known.has(current) ? current : "";
    pushForm.querySelector(".chosen").textContent = selected ? `Push ${nameOf(selected)}` : "Select a camera";
    following.textContent = followed ? `Following ${followed.viewer}: ${followed.camera ? nameOf(followed.camera) : "no camera yet"}` : "";
  }

  const nameOf = (id) => cameras.find((camera) => camera.id === id)?.name ?? cameraName(id);

  // Cameras sit on the floor's plan where their frames are on the wall, scaled to the panel. The
  // geometry goes through the CSSOM: the hub's CSP refuses style attributes.
  function drawFloor(floor, onFloor) {
    const right = Math.max(...onFloor.map((c) => c.position.x + c.frameSize.width));
    const bottom = Math.max(...onFloor.map((c) => c.position.y + c.frameSize.height));
    const plan = h("div", { class: "plan" }, onFloor.map((camera) => {
      const shownTo = [...views].filter(([, id]) => id === camera.id).map(([viewer]) => viewer);
      const tile = h("button", {
        type: "button", class: `camera${camera.id === selected ? " selected" : ""}${camera.id === followed?.camera ? " followed" : ""}`,
        "aria-pressed": camera.id === selected ? "true" : "false", dataset: { camera: camera.id },
        onclick: () => { selected = camera.id === selected ? null : camera.id; draw(); },
      }, picture(camera), h("span", { class: "label" }, camera.name, shownTo.length ? ` · ${shownTo.join(", ")}` : ""));
      Object.assign(tile.style, {
        left: `${(100 * camera.position.x) / right}%`, top: `${(100 * camera.position.y) / bottom}%`,
        width: `${(100 * camera.frameSize.width) / right}%`, height: `${(100 * camera.frameSize.height) / bottom}%`,
      });
      return tile;
    }));
    plan.style.aspectRatio = `${right} / ${bottom}`;
    return h("section", { class: "floor", "aria-label": `Floor ${floor}` }, h("h3", {}, `Floor ${floor}`), plan,
      h("ul", { class: "streams" }, onFloor.filter((c) => c.streamURL).map((c) => h("li", {}, `${c.name}: `, h("a", { href: c.streamURL, rel: "noreferrer", target: "_blank" }, c.streamURL)))));
  }

  function picture(camera) {
    const seen = pictures.of(camera);
    if (seen?.live) return h("img", { src: seen.url, alt: `Live: ${camera.name}` });
    return seen ? draggableThumbnail(seen.hash, { kind: "camera", camera: camera.id }, { alt: `Latest snapshot: ${camera.name}`, loading: "lazy" })
      : h("span", { class: "no-picture" }, "no picture yet");
  }

  pushForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!selected) return announce("Select a camera first");
    try {
      await connection.publish(`cameras/${site}`, "switch", { viewer: viewerInput.value.trim(), camera: selected, jump: true });
      announce(`${nameOf(selected)} pushed to ${viewerInput.value.trim()}`);
    } catch (error) {
      announce(`Not pushed: ${error.message}`);
    }
  });

  followSelect.addEventListener("change", async () => {
    await followed?.subscription.unsubscribe().catch(() => {});
    followed = null;
    const viewer = followSelect.value;
    if (viewer) {
      followed = { viewer, camera: views.get(viewer) };
      followed.subscription = await connection.subscribe(`cameras/${site}/view/${viewer}`, (event) => {
        if (followed?.viewer !== viewer) return;
        followed.camera = event.type === "state" ? event.data.view?.camera : event.data.camera;
        draw();
      }).catch((error) => announce(`Cannot follow ${viewer}: ${error.message}`));
    }
    draw();
  });

  // The alerts' state shows open alerts only: a camera whose alerts were all resolved would say "no
  // picture yet", so the hub is asked once, one camera after the other, for each camera the wall
  // learns of that has no picture.
  const asked = new Set();
  async function askForMissingSnapshots() {
    for (const camera of cameras) {
      if (asked.has(camera.id) || pictures.of(camera)) continue;
      asked.add(camera.id);
      if (await pictures.ask(connection, site, camera).catch(() => false)) draw();
    }
  }

  feed.on(`cameras/${site}`, (event) => {
    if (event.type === "state") {
      cameras = event.data.cameras;
      learnCameras(cameras);
      views.clear();
      for (const view of event.data.views) views.set(view.viewer, view.camera);
    } else if (event.type === "camera.topology") {
      cameras = event.data.cameras;
      learnCameras(cameras);
    } else if (event.type === "camera.switched") {
      views.set(event.data.viewer, event.data.camera);
    }
    draw();
    if (event.type !== "camera.switched") askForMissingSnapshots();
  });

  feed.on(`alerts/${site}`, (event) => {
    if (pictures.learn(event)) draw();
  });

  return { dispose: () => followed?.subscription?.unsubscribe().catch(() => {}) };
}
