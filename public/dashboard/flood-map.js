// A flood region on a Leaflet map (Debian's libjs-leaflet, served by the hub under /vendor): the
// boundaries as rectangles and the markers as circles coloured by severity, gathered where they
// crowd into clusters that show how many they hold and the worst severity among them
// (Leaflet.markercluster, Debian's libjs-leaflet.markercluster: a city's flood has thousands of
// reports), over the tiles the hub
// names in /map/config.json (its own MBTiles file, which works offline, or a tile server) with their
// attribution. Without a map the hub's operator configured, a plain graticule of latitude and
// longitude lines. A marker's popup says what was seen,
// when and in which event, with the photo sent with it (served for approved markers without a
// token); given `onRemove` (moderators), it also offers to take the marker down again.
import { h, ago } from "../ui/dom.js";

// Leaflet and its marker clusters are classic scripts (the cluster plugin extends the global `L`),
// loaded by the page before its modules run.
const L = window.L;

/** Where the hub serves an approved marker's photo (docs/protocol.md, the flood files). */
export const photoURL = (hash) => `/api/flood/photos/${hash}`;
export const SEVERITY_COLOURS = ["#8ee59b", "#ffe066", "#ffb347", "#ff6b5b", "#d18cff"];

/** The hub's map (docs/openapi.yaml, /map/config.json), asked for once per page. */
let configured = null;
const mapConfig = () => (configured ??= fetch("/map/config.json").then((answer) => answer.ok ? answer.json() : { tiles: null }));

/** The attribution as text: Leaflet shows it as HTML. */
const escaped = (text) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export class FloodMap {
  /** `eventName(id)` names a marker's event in its popup. */
  constructor(element, { onRemove, eventName = () => null } = {}) {
    this.onRemove = onRemove;
    this.eventName = eventName;
    // The clusters need the map's lowest and highest zooms before any tile layer gives one, and kept
    // after: a file's tiles of zoom 11 alone would otherwise raise the map's lowest zoom to 11 once
    // they load, and the clusters then draw no marker added after.
    this.map = L.map(element, { center: [20, 0], zoom: 2, minZoom: 0, maxZoom: 19, worldCopyJump: true, attributionControl: false });
    this.graticule = L.layerGroup().addTo(this.map);
    this.boundaries = L.layerGroup().addTo(this.map);
    this.markers = L.markerClusterGroup({ maxClusterRadius: 40, showCoverageOnHover: false, chunkedLoading: true, iconCreateFunction: clusterIcon })
      .addTo(this.map);
    this.shown = new Map();
    this.tiles = null;
    this.map.on("moveend", () => this.drawGraticule());
    this.drawGraticule();
    mapConfig().then((config) => this.useTiles(config), () => {});
  }

  /** Draws the configured tiles under the shapes, within the zooms and bounds the map holds (no
   *  tile is asked for where there is none), and drops the graticule they replace. */
  useTiles({ tiles, minZoom = 0, maxZoom = 19, bounds, attribution }) {
    if (!tiles || this.disposed) return;
    const options = { minZoom, maxNativeZoom: maxZoom, maxZoom: Math.max(maxZoom, 19), attribution: attribution ? escaped(attribution) : "" };
    if (bounds) options.bounds = L.latLngBounds([bounds[1], bounds[0]], [bounds[3], bounds[2]]);
    this.graticule.clearLayers();
    this.graticule = null;
    if (attribution) L.control.attribution({ prefix: false }).addTo(this.map);
    this.tiles = L.tileLayer(tiles, options).addTo(this.map);
    this.tiles.bringToBack();
  }

  /** Lines every 1, 0.5, 0.1 ... degrees, as the zoom asks, over the visible part of the map. */
  drawGraticule() {
    if (!this.graticule) return;
    this.graticule.clearLayers();
    const bounds = this.map.getBounds();
    const span = Math.max(bounds.getNorth() - bounds.getSouth(), 0.01);
    const step = [10, 5, 1, 0.5, 0.1, 0.05, 0.01].find((candidate) => span / candidate >= 4) ?? 0.01;
    const style = { color: "#3d5266", weight: 1, interactive: false, className: "graticule" };
    const west = Math.floor(bounds.getWest() / step) * step, east = bounds.getEast();
    const south = Math.max(-90, Math.floor(bounds.getSouth() / step) * step), north = Math.min(90, bounds.getNorth());
    for (let lat = south; lat <= north; lat += step) L.polyline([[lat, west], [lat, east]], style).addTo(this.graticule);
    for (let lon = west; lon <= east; lon += step) L.polyline([[south, lon], [north, lon]], style).addTo(this.graticule);
  }

  /** Shows the region's boundaries and frames the map on them. */
  setBoundaries(boundaries) {
    this.boundaries.clearLayers();
    const boxes = boundaries.map((boundary) => {
      const { northWest: nw, southEast: se } = boundary;
      // Across the antimeridian the east edge is carried past 180 so that the box is drawn whole.
      const east = se.longitude < nw.longitude ? se.longitude + 360 : se.longitude;
      const box = L.rectangle([[se.latitude, nw.longitude], [nw.latitude, east]],
        { color: "#7cc4ff", weight: 2, fill: false, className: "flood-boundary" }).bindTooltip(boundary.name);
      box.addTo(this.boundaries);
      return box.getBounds();
    });
    if (boxes.length) this.frame(boxes.reduce((all, box) => all.extend(box), L.latLngBounds(boxes[0].getSouthWest(), boxes[0].getNorthEast())));
  }

  /** Frames the map on `bounds`, or, while the map is hidden (no size: a view not shown yet),
   *  once it is shown: framed at no size it would sit at its highest zoom, the markers out of view. */
  frame(bounds) {
    const size = this.map.getSize();
    if (size.x === 0 || size.y === 0) {
      this.pendingFrame = bounds;
      return;
    }
    this.pendingFrame = null;
    this.map.fitBounds(bounds);
  }

  /** The map's element changed size (its view shown, the window resized). */
  resized() {
    this.map.invalidateSize();
    if (this.pendingFrame) this.frame(this.pendingFrame);
  }

  addMarkers(markers) {
    const added = [];
    for (const marker of markers) {
      if (this.shown.has(marker.id)) continue;
      const colour = SEVERITY_COLOURS[marker.severity - 1];
      // A click on a marker opens its popup and goes no further (the report page takes a click on
      // the map as the reporter's position).
      const circle = L.circleMarker([marker.latitude, marker.longitude], {
        radius: 4 + marker.severity, color: "#0e141b", weight: 1, fillColor: colour, fillOpacity: 0.9, bubblingMouseEvents: false,
        className: `flood-marker flood-severity-${marker.severity}`,
      }).bindTooltip(`Severity ${marker.severity}${marker.description ? `: ${marker.description}` : ""}`);
      circle.bindPopup(() => this.popup(marker, circle), { minWidth: 200, maxWidth: 280 });
      circle.floodEvent = marker.event;
      circle.severity = marker.severity;
      added.push(circle);
      this.shown.set(marker.id, circle);
    }
    this.markers.addLayers(added);
  }

  popup(marker, circle) {
    const event = this.eventName(marker.event);
    return h("div", { class: "flood-marker-popup" },
      h("p", {}, h("span", { class: `severity flood-severity-${marker.severity}` }, `Severity ${marker.severity}`), event ? ` · ${event}` : ""),
      h("p", {}, marker.description || "(no description)"),
      marker.picture ? h("img", { src: photoURL(marker.picture), alt: `Photo sent with the report: ${marker.description || "no description"}`,
        onload: () => circle.getPopup()?.update() }) : null,
      h("p", { class: "meta" }, "Seen ", ago(marker.observedAt)),
      this.onRemove ? h("button", { type: "button", dataset: { remove: marker.id }, onclick: () => { circle.closePopup(); this.onRemove(marker.id); } },
        "Remove from the public map") : null);
  }

  removeMarkers(ids) {
    this.markers.removeLayers(ids.map((id) => this.shown.get(id)).filter(Boolean));
    for (const id of ids) this.shown.delete(id);
  }

  /** Drops the markers of one event (closed: the region shows it no more). */
  removeEventMarkers(event) {
    this.removeMarkers([...this.shown].filter(([, circle]) => circle.floodEvent === event).map(([id]) => id));
  }

  clearMarkers() {
    this.markers.clearLayers();
    this.shown.clear();
  }

  dispose() {
    this.disposed = true;
    this.map.remove();
  }
}

/** A cluster's icon: how many markers it holds, ringed in the colour of the worst severity among them. */
function clusterIcon(cluster) {
  const markers = cluster.getAllChildMarkers();
  const worst = Math.max(...markers.map((marker) => marker.severity));
  const count = cluster.getChildCount();
  return L.divIcon({
    html: h("span", { "aria-label": `${count} reports, worst severity ${worst}` }, String(count)),
    className: `flood-cluster flood-cluster-${worst}`, iconSize: L.point(36, 36),
  });
}
