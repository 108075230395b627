// A camera's picture wherever a page shows one (the camera wall, the guard's camera, the analytics
// frame): its live stream where the hub serves it (the hub's CSP lets a page load pictures of its
// own origin alone), else the newest snapshot of an alert or of motion at the location of the
// camera's id, learnt from the site's alert events as they come, or asked of the hub where no event
// told it: by the guard's page, which reads no such event, and by the camera wall for a camera whose
// alerts are all resolved.
import { thumbnailURL } from "./dom.js";

export class CameraPictures {
  #snapshots = new Map(); // location id -> the newest snapshot's hash

  /** Learns from an event of `alerts/{site}` or `alerts/{site}/escalated`; true when a snapshot changed. */
  learn(event) {
    const found = event.type === "state" ? event.data.alerts.map((alert) => [alert.location, alert.thumbnails?.at(-1)])
      : event.data.alert?.location ? [[event.data.alert.location, event.data.alert.thumbnails?.at(-1)]]
        : event.type === "visit.motion" ? [[event.data.location, event.data.thumbnails?.at(-1)]] : [];
    let changed = false;
    for (const [location, hash] of found) {
      if (location && hash && this.#snapshots.get(location) !== hash) {
        this.#snapshots.set(location, hash);
        changed = true;
      }
    }
    return changed;
  }

  /** Asks the hub for the newest snapshot at `camera`'s location; true when `of(camera)` changed. */
  async ask(connection, site, camera) {
    const path = `/api/sites/${encodeURIComponent(site)}/locations/${encodeURIComponent(camera.id)}/snapshot`;
    const before = this.#snapshots.get(camera.id);
    const { snapshot } = await connection.api("GET", path);
    // An event learnt while the answer was on its way is at least as new as it.
    if (!snapshot || this.#snapshots.get(camera.id) !== before || before === snapshot) return false;
    this.#snapshots.set(camera.id, snapshot);
    return true;
  }

  /** `camera`'s picture: `{url, live, hash?}` (`hash` for a snapshot), or null while there is none. */
  of(camera) {
    if (camera.streamURL && new URL(camera.streamURL, location.href).origin === location.origin) return { url: camera.streamURL, live: true };
    const hash = this.#snapshots.get(camera.id);
    return hash ? { url: thumbnailURL(hash), live: false, hash } : null;
  }
}
