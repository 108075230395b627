// The site's watch zones in the analytics panel. Those of the camera shown are drawn over its frame
// (areas outlined, lines with an arrow for the way they count) and listed with how they judge and
// their live figures: an area's detections told since the listing's `since`, a line's crossings
// this hour, and for the selected line its crossings per hour over the last day. Admins and
// operators remove them. The list follows zones/{site}/+ as anyone defines and removes zones.
import { h, svg, announce } from "../ui/dom.js";
import { TimeChart } from "./time-chart.js";
import { DIRECTION_NAMES, lineShape, regionShape } from "./zone-shapes.js";

const HOUR = 3_600_000;
const hourOf = (ms) => Math.floor(ms / HOUR) * HOUR;
const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** `layer`: the SVG group over the frame; `camera()`: the id of the camera shown. */
export function mountZones({ connection, feed, site, role, layer, camera }) {
  const status = h("p", { class: "meta", role: "status" });
  const list = h("ul", { class: "zone-list", "aria-label": "Watch zones on this camera" });
  const chartTitle = h("h4", { id: "crossings-title" });
  const chart = h("div", { class: "crossings" });
  const element = h("section", { class: "zones" }, h("h3", {}, "Watch zones"), status, list, chartTitle, chart);
  const mayRemove = role === "admin" || role === "operator";
  const crossings = new TimeChart(chart, {
    label: "Crossings per hour", describe: (count) => plural(count, "crossing"), empty: "No crossing in the last 24 hours.",
  });
  let zones = new Map(); // id -> the zone as listed, its figures kept current by its events
  let since = 0;
  let selected = null; // the line whose crossings per hour are charted
  let asked = 0;
  let answered = 0;
  let heldBack = []; // figure events that came while a listing was on its way

  // A pattern subscription replays nothing, so the zones are listed once it is accepted and again
  // on each definition or removal; figures count only the events past each zone's listed head.
  async function listZones() {
    const ask = ++asked;
    try {
      const result = await connection.query(`zones/${site}`, "zones", {});
      if (ask !== asked) return;
      zones = new Map(result.zones.map((zone) => [zone.id, zone]));
      since = result.since;
      status.textContent = "";
      heldBack.splice(0).forEach(count);
      draw();
    } catch (error) {
      status.textContent = error.message;
    } finally {
      answered = Math.max(answered, ask);
    }
  }

  function count(event) {
    const zone = zones.get(event.data.zone);
    if (!zone || event.seq <= zone.head) return;
    zone.head = event.seq;
    if (event.type === "zone.detections") zone.recent += event.data.detections.length;
    if (event.type === "zone.crossings") {
      const hours = new Set(event.data.counts.map((c) => c.hour));
      zone.counts = [...zone.counts.filter((c) => !hours.has(c.hour)), ...event.data.counts];
    }
  }

  feed.on(`zones/${site}/+`, (event) => {
    if (event.type === "zone.defined" || event.type === "zone.removed") return listZones();
    if (answered < asked) return heldBack.push(event);
    count(event);
    draw();
  }, { onSubscribed: listZones, onRefused: (error) => { status.textContent = error.message; } });

  function describe(zone) {
    const labels = zone.labels ? `, ${zone.labels.join(", ")} only` : "";
    if (zone.line) return `line, counts ${DIRECTION_NAMES[zone.direction ?? "both"]}${labels}`;
    const rule = zone.rule?.intensity !== undefined ? `${Math.round(zone.rule.intensity * 100)}% of a box inside`
      : zone.rule?.anchor === "center" ? "centre inside" : "feet inside";
    return `area, ${rule}${zone.match === "all" ? " every region" : ""}${zone.dwell ? `, loitering after ${zone.dwell}` : ""}${labels}`;
  }

  function figures(zone) {
    if (!zone.line) return `${plural(zone.recent, "detection")} since ${new Date(since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
    const now = hourOf(Date.now());
    return `${plural(zone.counts.filter((c) => c.hour === now).reduce((sum, c) => sum + c.count, 0), "crossing")} this hour`;
  }

  function item(zone) {
    const entry = h("li", { class: "zone", dataset: { zone: zone.id } },
      h("strong", {}, zone.id), h("span", { class: "meta" }, describe(zone)), h("span", { class: "figures" }, figures(zone)));
    if (zone.line) {
      entry.append(h("button", { type: "button", class: "chart-crossings", "aria-pressed": String(selected === zone.id),
        onclick: () => { selected = zone.id; draw(); } }, `Crossings per hour of ${zone.id}`));
    }
    if (mayRemove) entry.append(h("button", { type: "button", class: "remove", onclick: () => remove(zone.id) }, `Remove ${zone.id}`));
    return entry;
  }

  function shape(zone) {
    const group = zone.line ? lineShape(zone.line, zone.direction ?? "both", "zone") : svg("g", { class: "zone" });
    if (!zone.line) group.append(...zone.regions.map((region) => regionShape(region, "zone-area")));
    const corner = zone.line?.from ?? zone.regions[0].rect ?? (zone.regions[0].polygon ?? zone.regions[0].lasso)[0];
    const name = svg("text", { class: "zone-name", x: corner.x + 4, y: corner.y + 16 });
    name.textContent = zone.id;
    group.append(name);
    group.dataset.zone = zone.id;
    return group;
  }

  async function remove(id) {
    try {
      await connection.publish(`zones/${site}/${id}`, "remove", {});
      announce(`Zone ${id} removed`);
    } catch (error) {
      status.textContent = error.message;
    }
  }

  function drawCrossings(shown) {
    if (!shown.some((zone) => zone.id === selected)) selected = shown.find((zone) => zone.line)?.id ?? null;
    const zone = zones.get(selected);
    chart.hidden = chartTitle.hidden = !zone;
    if (!zone) return;
    chartTitle.textContent = `Crossings per hour of ${zone.id}, last 24 hours`;
    const to = hourOf(Date.now()) + HOUR;
    const from = to - 24 * HOUR;
    const perHour = new Map();
    for (const c of zone.counts) if (c.hour >= from) perHour.set(c.hour, (perHour.get(c.hour) ?? 0) + c.count);
    crossings.show([...perHour].map(([hour, value]) => ({ start: hour, value })), { from, to, step: HOUR });
  }

  /** Draws and lists the zones of the camera shown; again whenever the camera changes. */
  function draw() {
    const shown = [...zones.values()].filter((zone) => zone.camera === camera());
    layer.replaceChildren(...shown.map(shape));
    list.replaceChildren(...shown.map(item));
    if (!shown.length) list.replaceChildren(h("li", { class: "empty" }, "No watch zone on this camera."));
    drawCrossings(shown);
  }

  return { element, draw, dispose: () => crossings.destroy() };
}
