// The flood tab: a region's map (boundaries, approved markers by severity, live; an approved
// marker's popup shows its photo and takes it down again), its flood events by boundary (opened,
// renamed and closed here) and its moderation queue (pending markers with their photo and their
// reporter's contact; approve or reject a selection, or everything pending in a boundary). Reads
// flood/{region} and flood/{region}/reports (the dashboard is for admins and operators, who moderate).
import { h, ago, announce, thumbnailURL } from "../ui/dom.js";
import { FloodMap, SEVERITY_COLOURS } from "./flood-map.js";
import { FloodEvents } from "./flood-events.js";

export async function mountFlood(root, { connection }) {
  const { regions } = await connection.api("GET", "/api/flood/regions");
  if (!regions.length) {
    root.replaceChildren(h("h2", {}, "Flood"), h("p", { class: "empty" }, "No flood region yet: an admin creates one with vigil flood region create."));
    return { dispose() {} };
  }
  const picker = h("select", { id: "flood-region", "aria-label": "Flood region" },
    regions.map(({ region }) => h("option", { value: region.id }, region.name)));
  const mapElement = h("div", { id: "flood-map", role: "region", "aria-label": "Map of the region's boundaries and approved markers" });
  const eventList = h("ul", { id: "flood-events", "aria-labelledby": "flood-events-title" });
  const count = h("p", { class: "count", role: "status" });
  const queue = h("ol", { id: "flood-queue", "aria-label": "Reports waiting for moderation" });
  const actions = h("div", { class: "flood-actions", hidden: true },
    h("button", { type: "button", dataset: { decision: "approve" } }, "Approve selected"),
    h("button", { type: "button", dataset: { decision: "reject" } }, "Reject selected"));
  const bulk = h("div", { class: "flood-bulk" });
  const legend = h("p", { class: "meta flood-legend" }, "Severity ",
    SEVERITY_COLOURS.map((colour, index) => h("span", { class: `legend flood-severity-${index + 1}` }, `${index + 1}`)));
  root.replaceChildren(
    h("h2", {}, "Flood"),
    h("div", { class: "toolbar" }, h("label", {}, "Region ", picker)),
    h("div", { class: "flood" }, h("div", { class: "flood-map-column" }, mapElement, legend), h("div", { class: "flood-side" },
      h("section", { class: "flood-event-list", "aria-labelledby": "flood-events-title" }, h("h3", { id: "flood-events-title" }, "Flood events"), eventList),
      h("section", { class: "flood-moderation", "aria-labelledby": "flood-queue-title" },
        h("h3", { id: "flood-queue-title" }, "Reports to moderate"), count, actions, bulk, queue))));

  let region = null;
  const events = new FloodEvents(eventList, { publish: (type, data) => connection.publish(`flood/${region}`, type, data) });
  const map = new FloodMap(mapElement, {
    onRemove: (id) => decide("remove", { markers: [id] }),
    eventName: (id) => events.open.get(id)?.name,
  });

  const pending = new Map();
  let subscriptions = [];

  // The decisions show only while there is something to decide: "Approve all pending in" a
  // boundary only where a pending report lies (a report lies in its event's boundary).
  let boundaries = [];
  function renderQueue() {
    count.textContent = `${pending.size} pending`;
    actions.hidden = pending.size === 0;
    bulk.replaceChildren(...boundaries.filter((boundary) => [...pending.values()].some((marker) => inside(marker, boundary))).map((boundary) =>
      h("button", { type: "button", dataset: { boundary: boundary.id } }, `Approve all pending in ${boundary.name}`)));
    queue.replaceChildren(...[...pending.values()].map((marker) => h("li", { dataset: { marker: marker.id } },
      h("label", {}, h("input", { type: "checkbox", value: marker.id }),
        h("span", { class: `severity flood-severity-${marker.severity}` }, `Severity ${marker.severity}`), " ", marker.description || "(no description)"),
      marker.picture ? h("a", { href: thumbnailURL(marker.picture), target: "_blank", rel: "noopener", class: "flood-photo" },
        h("img", { src: thumbnailURL(marker.picture), alt: `Photo sent with the report: ${marker.description || "no description"}` })) : null,
      h("p", { class: "meta" }, events.open.has(marker.event) ? `${events.open.get(marker.event).name} · ` : "", `${marker.reporter}`,
        marker.email ? ` · ${marker.email}` : "", marker.phone ? ` · ${marker.phone}` : "", " · ", ago(marker.submittedAt)))));
  }

  async function decide(decision, selection) {
    try {
      await connection.publish(`flood/${region}/reports`, decision, selection);
    } catch (error) {
      announce(`Not ${decision}d: ${error.message}`);
    }
  }

  actions.addEventListener("click", (event) => {
    const decision = event.target.closest("button")?.dataset.decision;
    const markers = [...queue.querySelectorAll("input:checked")].map((box) => Number(box.value));
    if (decision && markers.length) decide(decision, { markers });
  });
  bulk.addEventListener("click", (event) => {
    const boundary = event.target.closest("button")?.dataset.boundary;
    if (boundary) decide("approve", { boundary: Number(boundary) });
  });

  function showBoundaries(all, open) {
    boundaries = all;
    map.setBoundaries(all);
    events.show(all, open);
    renderQueue();
  }

  function onRegion(event) {
    if (event.type === "state") {
      showBoundaries(event.data.boundaries, event.data.events);
      map.clearMarkers();
      map.addMarkers(event.data.markers);
    } else if (event.type === "markers.approved") {
      map.addMarkers(event.data.markers);
    } else if (event.type === "markers.removed") {
      map.removeMarkers(event.data.markers.map((marker) => marker.id));
    } else if (event.type === "event.opened" || event.type === "event.renamed" || event.type === "event.closed") {
      events.changed(event.type, event.data.event);
      renderQueue();
      // A closed event's markers are no longer the region's: the state leaves them out too.
      if (event.type === "event.closed") map.removeEventMarkers(event.data.event.id);
    } else if (event.type === "boundary.added") {
      connection.api("GET", "/api/flood/regions").then(({ regions: all }) => {
        const outline = all.find((r) => r.region.id === region);
        if (outline) showBoundaries(outline.boundaries, outline.events);
      });
    }
  }

  function onReports(event) {
    if (event.type === "state") {
      pending.clear();
      for (const marker of event.data.pending) pending.set(marker.id, marker);
    } else if (event.type === "marker.submitted") {
      pending.set(event.data.marker.id, event.data.marker);
    } else if (event.type === "markers.approved" || event.type === "markers.rejected") {
      for (const marker of event.data.markers) pending.delete(marker.id ?? marker);
    }
    renderQueue();
  }

  async function show(id) {
    await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe().catch(() => {})));
    region = id;
    subscriptions = await Promise.all([
      connection.subscribe(`flood/${id}`, onRegion), connection.subscribe(`flood/${id}/reports`, onReports),
    ]);
  }
  picker.addEventListener("change", () => show(picker.value));
  await show(picker.value);
  // Leaflet measures its box when shown: the tab may have been hidden when the map was made.
  const visibility = new ResizeObserver(() => map.resized());
  visibility.observe(mapElement);
  return {
    dispose() {
      visibility.disconnect();
      subscriptions.forEach((subscription) => subscription.unsubscribe().catch(() => {}));
      map.dispose();
    },
  };
}

/** Whether the marker lies in the boundary's box (one whose west edge is east of its east edge crosses 180°). */
function inside({ latitude, longitude }, { northWest: nw, southEast: se }) {
  if (latitude > nw.latitude || latitude < se.latitude) return false;
  return nw.longitude <= se.longitude ? longitude >= nw.longitude && longitude <= se.longitude : longitude >= nw.longitude || longitude <= se.longitude;
}
