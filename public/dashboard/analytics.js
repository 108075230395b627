// Video analytics for one site: draw rectangles or lassos over a camera's frame, choose how much of
// a person's box must be inside (the intensity slider) or which point of it (the anchor rule), and
// read the people found as thumbnails, one per person, with a timeline of how many passed and when
// (select a bar for its results). Drag a result into the image query to find the same person on
// other cameras, or into the chat. The drawn regions can also be kept as a watch zone. Live boxes
// of the chosen camera are drawn over its frame.
import { h, announce } from "../ui/dom.js";
import { draggableThumbnail, dropped, installThumbnailDrag, THUMBNAIL_TYPE } from "../ui/drag.js";

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attributes = {}) => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};
const LIVE_BOXES_MS = 2000;

export function mountAnalytics(root, { connection, feed, site, role }) {
  installThumbnailDrag();
  let cameras = [];
  let regions = []; // [{rect} | {lasso}] in the chosen camera's pixels
  let lastSelection = null; // the data of the last search, for the timeline's bars
  const cameraSelect = h("select", { name: "camera", "aria-label": "Camera" });
  const ruleSelect = h("select", { name: "rule", "aria-label": "Rule" },
    h("option", { value: "intensity" }, "Share of the box inside"), h("option", { value: "bottom-center" }, "Feet inside (bottom centre)"),
    h("option", { value: "center" }, "Centre inside"));
  const slider = h("input", { type: "range", name: "intensity", min: "0", max: "1", step: "0.05", value: "0.5", "aria-label": "Intensity" });
  const sliderValue = h("output", { for: "analytics-intensity" }, "50%");
  slider.id = "analytics-intensity";
  const windowSelect = h("select", { name: "window", "aria-label": "Time window" },
    h("option", { value: "900000" }, "last 15 min"), h("option", { value: "3600000", selected: true }, "last hour"), h("option", { value: "86400000" }, "last 24 h"));
  const allRegions = h("input", { type: "checkbox", name: "all" });
  const tool = h("select", { name: "tool", "aria-label": "Drawing tool" }, h("option", { value: "rect" }, "Rectangle"), h("option", { value: "lasso" }, "Lasso"));
  const clear = h("button", { type: "button", class: "clear" }, "Clear regions");
  const form = h("form", { class: "roi" },
    h("label", {}, "Camera ", cameraSelect), h("label", {}, "Draw ", tool), clear,
    h("label", {}, "Rule ", ruleSelect), h("label", { class: "intensity" }, "Intensity ", slider, sliderValue),
    h("label", {}, allRegions, " in every region"), h("label", {}, "Time ", windowSelect), h("button", { type: "submit" }, "Search"));
  const regionLayer = svg("g", { class: "regions" });
  const liveLayer = svg("g", { class: "live-boxes" });
  const picture = svg("image", { class: "stream" });
  const frame = svg("svg", { class: "frame", role: "img", "aria-label": "Camera frame: drag to draw a region", viewBox: "0 0 640 480" });
  frame.append(svg("rect", { class: "backdrop", x: "0", y: "0", width: "100%", height: "100%" }), picture, regionLayer, liveLayer);
  const chart = h("div", { class: "timeline", role: "group", "aria-label": "People per time bucket: select a bar for its results" });
  const status = h("p", { class: "meta", role: "status" }, "Draw a region over the frame, then search.");
  const hits = h("ul", { class: "hits", "aria-label": "People found" });
  const drop = h("div", { class: "drop", tabindex: "0", role: "region", "aria-label": "Image query: drop a result here" }, "Drop a person here to find them on other cameras");
  const nearOnly = h("input", { type: "checkbox", name: "near" });
  const similar = h("ul", { class: "hits similar", "aria-label": "Most similar people" });
  const zoneName = h("input", { name: "zone", required: true, pattern: "[A-Za-z0-9._-]{1,64}", "aria-label": "Zone name", placeholder: "zone name" });
  const dwell = h("input", { name: "dwell", "aria-label": "Loitering after (e.g. 2m)", placeholder: "loitering after, e.g. 2m" });
  const zoneStatus = h("span", { class: "meta", role: "status" });
  const zoneForm = h("form", { class: "zone" }, h("span", {}, "Keep the regions as a watch zone"), zoneName, dwell,
    h("button", { type: "submit" }, "Save zone"), zoneStatus);
  root.replaceChildren(h("h2", {}, "Analytics"), form, role === "admin" || role === "operator" ? zoneForm : null,
    h("div", { class: "analytics" }, h("div", { class: "canvas" }, frame, chart),
      h("div", { class: "found" }, status, hits,
        h("h3", {}, "Image query"), drop, h("label", { class: "meta" }, nearOnly, " neighbouring cameras only"), similar)));

  const camera = () => cameras.find((c) => c.id === cameraSelect.value);
  const topic = `detections/${site}`;

  function drawCameras() {
    const chosen = cameraSelect.value;
    cameraSelect.replaceChildren(...cameras.map((c) => h("option", { value: c.id }, c.name ?? c.id)));
    if (cameras.some((c) => c.id === chosen)) cameraSelect.value = chosen;
    showCamera();
  }

  function showCamera() {
    const chosen = camera();
    regions = [];
    drawRegions();
    liveLayer.replaceChildren();
    if (!chosen) return;
    frame.setAttribute("viewBox", `0 0 ${chosen.frameSize.width} ${chosen.frameSize.height}`);
    if (chosen.streamURL && new URL(chosen.streamURL).origin === location.origin) picture.setAttribute("href", chosen.streamURL);
    else picture.removeAttribute("href");
    picture.setAttribute("width", chosen.frameSize.width);
    picture.setAttribute("height", chosen.frameSize.height);
  }

  function drawRegions(preview) {
    regionLayer.replaceChildren(...[...regions, ...(preview ? [preview] : [])].map((region) => region.rect
      ? svg("rect", { class: "region", x: region.rect.x, y: region.rect.y, width: region.rect.width, height: region.rect.height })
      : svg("polygon", { class: "region", points: region.lasso.map((p) => `${p.x},${p.y}`).join(" ") })));
  }

  // Drawing: pointer positions in the frame's own pixels.
  const point = (event) => {
    const box = frame.getBoundingClientRect();
    const [, , width, height] = frame.getAttribute("viewBox").split(" ").map(Number);
    const clamp = (value, max) => Math.min(max, Math.max(0, value));
    return { x: clamp(((event.clientX - box.left) / box.width) * width, width), y: clamp(((event.clientY - box.top) / box.height) * height, height) };
  };
  let stroke = null;
  const shape = () => {
    if (tool.value === "lasso") return { lasso: stroke };
    const [a, b] = [stroke[0], stroke.at(-1)];
    return { rect: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) } };
  };
  frame.addEventListener("pointerdown", (event) => {
    stroke = [point(event)];
    frame.setPointerCapture?.(event.pointerId);
  });
  frame.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    stroke.push(point(event));
    drawRegions(shape());
  });
  frame.addEventListener("pointerup", () => {
    if (!stroke) return;
    const region = shape();
    stroke = null;
    const big = region.rect ? region.rect.width >= 2 && region.rect.height >= 2 : region.lasso.length >= 3;
    if (big && regions.length < 16) regions.push(region);
    drawRegions();
    announce(`${regions.length} region${regions.length === 1 ? "" : "s"} drawn`);
  });
  clear.addEventListener("click", () => { regions = []; drawRegions(); });
  cameraSelect.addEventListener("change", showCamera);
  slider.addEventListener("input", () => { sliderValue.textContent = `${Math.round(slider.value * 100)}%`; });
  ruleSelect.addEventListener("change", () => { slider.disabled = ruleSelect.value !== "intensity"; });

  function selection() {
    const to = Date.now() + 1000;
    const rule = ruleSelect.value === "intensity" ? { intensity: Number(slider.value) } : { anchor: ruleSelect.value };
    return { cameras: [cameraSelect.value], from: to - Number(windowSelect.value), to, regions, rule, match: allRegions.checked ? "all" : "any" };
  }

  async function search(data, what) {
    status.textContent = "Searching…";
    try {
      const result = await connection.query(topic, "roi", { ...data, limit: 100 });
      hits.replaceChildren(...result.results.map((hit) => resultItem(hit, `${Math.round(hit.intensity * 100)}% inside`)));
      status.textContent = `${result.total} ${result.total === 1 ? "person" : "people"} ${what}`;
    } catch (error) {
      status.textContent = error.message;
      status.classList.add("refusal");
    }
  }

  async function timeline(data) {
    const span = data.to - data.from;
    const bucket = Math.min(3_600_000, Math.max(1000, Math.round(span / 60 / 1000) * 1000));
    const result = await connection.query(topic, "timeline", { ...data, bucket });
    const most = Math.max(1, ...result.buckets.map((b) => b.tracks));
    chart.replaceChildren(...result.buckets.map((bar) => {
      const label = `${new Date(bar.start).toLocaleTimeString()}: ${bar.tracks} ${bar.tracks === 1 ? "person" : "people"}`;
      const button = h("button", { type: "button", class: "bar", title: label, "aria-label": label, dataset: { start: bar.start, end: bar.end, jump: bar.jump } });
      button.style.height = `${(100 * bar.tracks) / most}%`;
      button.style.left = `${(100 * (bar.start - result.from)) / (result.to - result.from)}%`;
      button.style.width = `${Math.max(0.5, (100 * (bar.end - bar.start)) / (result.to - result.from))}%`;
      button.addEventListener("click", () => search({ ...lastSelection, from: bar.start, to: bar.end }, `at ${new Date(bar.jump).toLocaleTimeString()}`));
      return button;
    }));
    if (!result.buckets.length) chart.replaceChildren(h("p", { class: "empty" }, "Nobody passed in this window."));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!regions.length) {
      status.textContent = "Draw a region over the frame first.";
      return;
    }
    lastSelection = selection();
    await search(lastSelection, "found");
    await timeline(lastSelection).catch(() => {});
  });

  // A watch zone: the drawn regions and rule on this camera; the hub tells what it holds and raises
  // a loitering alert for a track that stays longer than the dwell time.
  zoneForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!regions.length) {
      zoneStatus.textContent = "Draw the zone's regions first.";
      return;
    }
    const { rule, match } = selection();
    const data = { camera: cameraSelect.value, regions, rule, match };
    if (dwell.value.trim()) data.dwell = dwell.value.trim();
    try {
      await connection.publish(`zones/${site}/${zoneName.value}`, "define", data);
      zoneStatus.textContent = `Zone ${zoneName.value} is watching ${cameraSelect.value}`;
    } catch (error) {
      zoneStatus.textContent = error.message;
    }
  });

  /** One result: a thumbnail that can be dragged into the image query or the chat. */
  function resultItem(hit, measure) {
    const time = new Date(hit.ts).toLocaleTimeString();
    const source = { kind: "detection", id: hit.id, camera: hit.camera, ts: hit.ts };
    // A result without a picture is still a detection to look for, dragged by its label.
    const thumb = hit.thumbnail
      ? draggableThumbnail(hit.thumbnail, source, { alt: `${hit.label} on ${hit.camera} at ${time}` })
      : h("span", { class: "no-thumbnail", draggable: "true", dataset: { source: JSON.stringify(source) } }, hit.label);
    if (!hit.thumbnail) thumb.addEventListener("dragstart", (event) => event.dataTransfer.setData(THUMBNAIL_TYPE, JSON.stringify({ source })));
    return h("li", { class: "hit", dataset: { detection: hit.id, track: hit.track ?? "" } }, thumb,
      h("span", { class: "meta" }, `${hit.camera} · ${time} · ${measure}${hit.count > 1 ? ` · seen ${hit.count}×` : ""}`));
  }

  drop.addEventListener("dragover", (event) => {
    if (event.dataTransfer.types.includes(THUMBNAIL_TYPE)) event.preventDefault();
  });
  drop.addEventListener("drop", async (event) => {
    event.preventDefault();
    const source = dropped(event.dataTransfer).thumbnails[0]?.source;
    if (source?.kind !== "detection") return;
    const to = Date.now() + 1000;
    const data = { detection: source.id, from: to - Number(windowSelect.value), to, k: 12 };
    if (nearOnly.checked) data.near = source.camera;
    try {
      const result = await connection.query(topic, "similar", data);
      similar.replaceChildren(...result.results.map((hit) => resultItem(hit, `${Math.round(hit.similarity * 100)}% alike`)));
      drop.textContent = `Like the person on ${source.camera} at ${new Date(source.ts).toLocaleTimeString()}`;
    } catch (error) {
      drop.textContent = error.message;
    }
  });

  // Live boxes of the chosen camera, kept for a moment after each batch.
  let fade = null;
  feed.on(`${topic}/+`, (event) => {
    if (event.type !== "detections" || event.data.camera !== cameraSelect.value) return;
    liveLayer.replaceChildren(...event.data.detections.map((d) =>
      svg("rect", { class: "live-box", x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, "data-detection": d.id })));
    clearTimeout(fade);
    fade = setTimeout(() => liveLayer.replaceChildren(), LIVE_BOXES_MS);
  });
  feed.on(`cameras/${site}`, (event) => {
    if (event.type === "state" || event.type === "camera.topology") {
      cameras = event.data.cameras;
      drawCameras();
    }
  });
  return { dispose: () => clearTimeout(fade) };
}
