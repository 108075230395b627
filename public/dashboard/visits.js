// Locations being visited at one site: since when, the last motion, and the visit's snapshots
// (those of the alert that began it and of every motion since). A visit that ends leaves the list.
import { h, ago } from "../ui/dom.js";
import { draggableThumbnail } from "../ui/drag.js";
import { learnLocation, placeName } from "../ui/names.js";

export function mountVisits(root, { connection, feed, site }) {
  const visits = new Map(); // location id -> {id, visit, since, lastMotionAt, snapshots}
  const list = h("ul", { class: "visit-list" });
  const empty = h("p", { class: "empty" }, "No location is being visited.");
  root.replaceChildren(h("h2", {}, "Being visited"), empty, list);

  function draw() {
    empty.hidden = visits.size > 0;
    list.replaceChildren(...[...visits.values()].sort((a, b) => b.lastMotionAt - a.lastMotionAt).map((visit) =>
      h("li", { class: "visit" },
        h("strong", {}, placeName(visit.id)), " ",
        h("span", { class: "meta" }, "last motion ", ago(visit.lastMotionAt), " · since ", ago(visit.since)),
        h("div", { class: "snapshots" }, visit.snapshots.slice(-6).map((hash) =>
          draggableThumbnail(hash, { kind: "camera", camera: visit.id, ts: visit.lastMotionAt },
            { alt: `Snapshot at ${placeName(visit.id)}`, loading: "lazy", width: 96, height: 54 }))))));
  }

  // A visit already open when the page starts: its snapshots come from the visits API.
  async function loadSnapshots(location) {
    try {
      const page = await connection.api("GET", `/api/sites/${site}/locations/${encodeURIComponent(location)}/visits?limit=1`);
      const visit = visits.get(location);
      const current = page.visits.find((candidate) => candidate.id === visit?.visit);
      if (current) { visit.since = current.startedAt; visit.snapshots = [...new Set([...current.snapshots, ...visit.snapshots])]; draw(); }
    } catch { /* the list still shows the visit, without its snapshots */ }
  }

  feed.on(`alerts/${site}`, (event) => {
    const data = event.data;
    switch (event.type) {
      case "state":
        visits.clear();
        for (const location of data.visited) {
          learnLocation(location.id, location.name);
          visits.set(location.id, { id: location.id, visit: location.visit, since: location.lastMotionAt, lastMotionAt: location.lastMotionAt, snapshots: [] });
          loadSnapshots(location.id);
        }
        break;
      case "alert.raised":
        if (data.alert.visit === undefined) return;
        visits.set(data.alert.location, {
          id: data.alert.location, visit: data.alert.visit, since: data.alert.raisedAt,
          lastMotionAt: data.alert.raisedAt, snapshots: [...data.alert.thumbnails],
        });
        break;
      case "visit.motion": {
        const visit = visits.get(data.location);
        if (!visit) return;
        visit.lastMotionAt = data.at;
        visit.snapshots.push(...data.thumbnails);
        break;
      }
      case "visit.ended":
        visits.delete(data.location);
        break;
      default:
        return;
    }
    draw();
  });
  document.addEventListener("vigil:names", draw);
  return () => document.removeEventListener("vigil:names", draw);
}
