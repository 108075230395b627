// Video analytics for one site: draw rectangles or lassos over a camera's frame, choose how much of
// a person's box must be inside (the intensity slider) or which point of it (the anchor rule), and
// read the people found as thumbnails, one per person, with a timeline of how many passed and when
// (select a bar for its results). Drag a result into the image query to find the same person on
// other cameras, or into the chat. The drawn regions, or a line drawn with the line tool and the
// way its crossings count, can be kept as a watch zone; the camera's zones are drawn over its frame
// and listed beside it (zones.js). The frame shows the camera's picture (its live stream or latest
// snapshot) and, where they were sent with thumbnails, the people of its latest detections at their
// places; live boxes of the chosen camera are drawn over it.
import { h, svg, announce, ID_PATTERN, thumbnailURL } from "../ui/dom.js";
import { CameraPictures } from "../ui/camera-pictures.js";
import { draggableThumbnail, dropped, installThumbnailDrag, THUMBNAIL_TYPE } from "../ui/drag.js";
import { ROUND_DURATIONS, TimeChart } from "./time-chart.js";
import { drawOnFrame } from "./frame-drawing.js";
import { DIRECTION_NAMES, lineShape, regionShape } from "./zone-shapes.js";
import { mountZones } from "./zones.js";
import { cameraName } from "../ui/names.js";

/** Round bucket lengths of the timeline, in ms, up to the hour the hub takes at most. */
const TIMELINE_BUCKETS = ROUND_DURATIONS.filter((duration) => duration <= 3_600_000);

/** The timeline's bucket for a window of `span` ms: the shortest round length that cuts it in at most 64. */
const timelineBucket = (span) => TIMELINE_BUCKETS.find((bucket) => span / bucket <= 64) ?? 3_600_000;

const LIVE_BOXES_MS = 2000;

export function mountAnalytics(root, { connection, feed, site, role }) {
  installThumbnailDrag();
  let cameras = [];
  let regions = []; // [{rect} | {lasso}] in the chosen camera's pixels
  let line = null; // {from, to}: the line drawn for a line zone, in the same pixels
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
  const tool = h("select", { name: "tool", "aria-label": "Drawing tool" }, h("option", { value: "rect" }, "Rectangle"), h("option", { value: "lasso" }, "Lasso"),
    h("option", { value: "line" }, "Line (counts crossings)"));
  const clear = h("button", { type: "button", class: "clear" }, "Clear drawing");
  const form = h("form", { class: "roi" },
    h("label", {}, "Camera ", cameraSelect), h("label", {}, "Draw ", tool), clear,
    h("label", {}, "Rule ", ruleSelect), h("label", { class: "intensity" }, "Intensity ", slider, sliderValue),
    h("label", {}, allRegions, " in every region"), h("label", {}, "Time ", windowSelect), h("button", { type: "submit" }, "Search"));
  const zoneLayer = svg("g", { class: "zones" });
  const regionLayer = svg("g", { class: "regions" });
  const liveLayer = svg("g", { class: "live-boxes" });
  const picture = svg("image", { class: "stream", preserveAspectRatio: "xMidYMid slice" });
  const seenLayer = svg("g", { class: "seen" });
  const pictures = new CameraPictures();
  const frame = svg("svg", { class: "frame", role: "img", "aria-label": "Camera frame: drag to draw a region", viewBox: "0 0 640 480" });
  frame.append(svg("rect", { class: "backdrop", x: "0", y: "0", width: "100%", height: "100%" }), picture, seenLayer, zoneLayer, regionLayer, liveLayer);
  const chart = h("div", { class: "timeline" });
  const status = h("p", { class: "meta", role: "status" }, "Draw a region over the frame, then search.");
  const hits = h("ul", { class: "hits", "aria-label": "People found" });
  const drop = h("div", { class: "drop", tabindex: "0", role: "region", "aria-label": "Image query: drop a result here" }, "Drop a person here to find them on other cameras");
  const nearOnly = h("input", { type: "checkbox", name: "near" });
  const similar = h("ul", { class: "hits similar", "aria-label": "Most similar people" });
  const zoneName = h("input", { name: "zone", required: true, pattern: ID_PATTERN, "aria-label": "Zone name", placeholder: "zone name" });
  const dwell = h("input", { name: "dwell", "aria-label": "Loitering after (e.g. 2m)", placeholder: "loitering after, e.g. 2m" });
  // Left and right of a line are as seen from where it was started; the arrow drawn shows which.
  const direction = h("select", { name: "direction", "aria-label": "Crossings counted", hidden: true },
    Object.entries(DIRECTION_NAMES).map(([value, name]) => h("option", { value }, `Count ${name}`)));
  const zoneKind = h("span", {}, "Keep the regions as a watch zone");
  const zoneStatus = h("span", { class: "meta", role: "status" });
  const zoneForm = h("form", { class: "zone" }, zoneKind, zoneName, dwell, direction, h("button", { type: "submit" }, "Save zone"), zoneStatus);
  const zones = mountZones({ connection, feed, site, role, layer: zoneLayer, camera: () => cameraSelect.value });
  root.replaceChildren(h("h2", {}, "Analytics"), form, role === "admin" || role === "operator" ? zoneForm : null,
    h("div", { class: "analytics" }, h("div", { class: "canvas" }, frame, chart),
      h("div", { class: "found" }, zones.element, status, hits,
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
    line = null;
    drawRegions();
    liveLayer.replaceChildren();
    seenLayer.replaceChildren();
    zones.draw();
    if (!chosen) return;
    frame.setAttribute("viewBox", `0 0 ${chosen.frameSize.width} ${chosen.frameSize.height}`);
    picture.setAttribute("width", chosen.frameSize.width);
    picture.setAttribute("height", chosen.frameSize.height);
    showPicture();
  }

  function showPicture() {
    const seen = camera() && pictures.of(camera());
    if (seen) picture.setAttribute("href", seen.url);
    else picture.removeAttribute("href");
  }

  /** The regions and the line drawn, and the shape being drawn. */
  function drawRegions(preview) {
    const shapes = [...regions, ...(line ? [{ line }] : []), ...(preview ? [preview] : [])];
    regionLayer.replaceChildren(...shapes.map((shape) => shape.line ? lineShape(shape.line, direction.value, "drawn-line") : regionShape(shape, "region")));
  }

  drawOnFrame(frame, {
    tool: () => tool.value,
    preview: drawRegions,
    done(shape) {
      if (shape.line) {
        if (Math.hypot(shape.line.to.x - shape.line.from.x, shape.line.to.y - shape.line.from.y) >= 2) line = shape.line;
        drawRegions();
        announce(line ? "Line drawn" : "Drag further to draw a line");
        return;
      }
      const big = shape.rect ? shape.rect.width >= 2 && shape.rect.height >= 2 : shape.lasso.length >= 3;
      if (big && regions.length < 16) regions.push(shape);
      drawRegions();
      announce(`${regions.length} region${regions.length === 1 ? "" : "s"} drawn`);
    },
  });
  clear.addEventListener("click", () => { regions = []; line = null; drawRegions(); });
  // The zone form keeps what the tool draws: an area's regions and dwell, or a line and its direction.
  tool.addEventListener("change", () => {
    const lines = tool.value === "line";
    zoneKind.textContent = lines ? "Keep the line as a watch zone" : "Keep the regions as a watch zone";
    direction.hidden = !lines;
    dwell.hidden = lines;
  });
  direction.addEventListener("change", () => drawRegions());
  cameraSelect.addEventListener("change", showCamera);
  slider.addEventListener("input", () => { sliderValue.textContent = `${Math.round(slider.value * 100)}%`; });
  ruleSelect.addEventListener("change", () => { slider.disabled = ruleSelect.value !== "intensity"; });

  // The search's window starts where a bucket of its timeline does, a round time, so that the bars
  // and the axis's labels line up with the clock ("14:10"): "last hour" reaches back to the minute.
  function selection() {
    const to = Date.now() + 1000;
    const bucket = timelineBucket(Number(windowSelect.value));
    const from = Math.floor((to - Number(windowSelect.value)) / bucket) * bucket;
    const rule = ruleSelect.value === "intensity" ? { intensity: Number(slider.value) } : { anchor: ruleSelect.value };
    return { cameras: [cameraSelect.value], from, to, regions, rule, match: allRegions.checked ? "all" : "any" };
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

  const timelineChart = new TimeChart(chart, {
    label: "People per time bucket: select a bar for its results",
    describe: (count) => `${count} ${count === 1 ? "person" : "people"}`,
    empty: "Nobody passed in this window.",
    onSelect: (bucket) => search({ ...lastSelection, from: bucket.start, to: bucket.end }, `at ${new Date(bucket.jump).toLocaleTimeString()}`),
  });

  async function timeline(data) {
    const result = await connection.query(topic, "timeline", { ...data, bucket: timelineBucket(data.to - data.from) });
    timelineChart.show(result.buckets.map((counted) => ({ start: counted.start, end: counted.end, value: counted.tracks, jump: counted.jump })),
      { from: result.from, to: result.to, step: result.bucketMs });
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

  // A watch zone on this camera: the drawn regions and rule (the hub tells what it holds and raises
  // a loitering alert for a track that stays longer than the dwell time), or the drawn line and the
  // way its crossings count.
  function zoneDefinition() {
    if (tool.value === "line") return line && { camera: cameraSelect.value, line, direction: direction.value };
    if (!regions.length) return null;
    const { rule, match } = selection();
    return { camera: cameraSelect.value, regions, rule, match, ...(dwell.value.trim() ? { dwell: dwell.value.trim() } : {}) };
  }

  zoneForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = zoneDefinition();
    if (!data) {
      zoneStatus.textContent = tool.value === "line" ? "Draw the line first." : "Draw the zone's regions first.";
      return;
    }
    try {
      await connection.publish(`zones/${site}/${zoneName.value}`, "define", data);
      zoneStatus.textContent = `Zone ${zoneName.value} is watching ${cameraName(cameraSelect.value)}`;
      // The saved line is drawn with the zones from now on.
      if (data.line) { line = null; drawRegions(); }
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
      ? draggableThumbnail(hit.thumbnail, source, { alt: `${hit.label} on ${cameraName(hit.camera)} at ${time}` })
      : h("span", { class: "no-thumbnail", draggable: "true", dataset: { source: JSON.stringify(source) } }, hit.label);
    if (!hit.thumbnail) thumb.addEventListener("dragstart", (event) => event.dataTransfer.setData(THUMBNAIL_TYPE, JSON.stringify({ source })));
    return h("li", { class: "hit", dataset: { detection: hit.id, track: hit.track ?? "" } }, thumb,
      h("span", { class: "meta" }, `${cameraName(hit.camera)} · ${time} · ${measure}${hit.count > 1 ? ` · seen ${hit.count}×` : ""}`));
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
      drop.textContent = `Like the person on ${cameraName(source.camera)} at ${new Date(source.ts).toLocaleTimeString()}`;
    } catch (error) {
      drop.textContent = error.message;
    }
  });

  // Live boxes of the chosen camera, kept for a moment after each batch; the people seen, until the next.
  let fade = null;
  feed.on(`${topic}/+`, (event) => {
    if (event.type !== "detections" || event.data.camera !== cameraSelect.value) return;
    const seen = event.data.detections.filter((d) => d.thumbnail);
    if (seen.length) {
      seenLayer.replaceChildren(...seen.map((d) => svg("image", {
        href: thumbnailURL(d.thumbnail), x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, preserveAspectRatio: "xMidYMid slice",
      })));
    }
    liveLayer.replaceChildren(...event.data.detections.map((d) =>
      svg("rect", { class: "live-box", x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, "data-detection": d.id })));
    clearTimeout(fade);
    fade = setTimeout(() => liveLayer.replaceChildren(), LIVE_BOXES_MS);
  });
  feed.on(`alerts/${site}`, (event) => {
    if (pictures.learn(event)) showPicture();
  });
  feed.on(`cameras/${site}`, (event) => {
    if (event.type === "state" || event.type === "camera.topology") {
      cameras = event.data.cameras;
      drawCameras();
    }
  });
  return {
    dispose() {
      clearTimeout(fade);
      timelineChart.destroy();
      zones.dispose();
    },
  };
}
