// What a person reads for what the hub knows by id. A location at a camera's place shares the
// camera's id, so a location reads as its own name when it was given one, else as the camera's
// name; an id nobody named reads as words ("open-office" as "Open office"), never as the raw id.
// Panels tell it the names they learn; alerts read as what happened where.
const locations = new Map(); // id -> name given to the location
const cameras = new Map(); // id -> the camera's name
const alerts = new Map(); // id -> the alert's title

export function learnLocation(id, name) {
  if (name && name !== id) locations.set(id, name);
}

// Panels that show names redraw on the document's "vigil:names"; a burst of names learned (a
// queue's history arriving) is told once, after the burst.
let telling = false;
function namesLearned() {
  if (telling) return;
  telling = true;
  queueMicrotask(() => {
    telling = false;
    document.dispatchEvent(new Event("vigil:names"));
  });
}

/** Learns the cameras' names. */
export function learnCameras(list) {
  for (const camera of list) if (camera.name) cameras.set(camera.id, camera.name);
  namesLearned();
}

/** "open-office" -> "Open office": an id read aloud. */
const spoken = (id) => {
  const words = id.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const placeName = (id) => locations.get(id) ?? cameras.get(id) ?? spoken(id);
export const cameraName = (id) => cameras.get(id) ?? locations.get(id) ?? spoken(id);

const KIND_NAMES = { motion: "Motion", door: "Door", panic: "Panic", analytics: "Analytics", custom: "Alert", "missed-checkpoint": "Missed checkpoint", loitering: "Loitering" };
export const kindName = (kind) => KIND_NAMES[kind] ?? spoken(kind);

/** The alert's title: its message, but the hub's default "Motion at open-office" reads with the place's name. */
export function alertTitle(alert) {
  const fallback = alert.location ? `${alert.kind.charAt(0).toUpperCase()}${alert.kind.slice(1)} at ${alert.location}` : null;
  const title = alert.message === fallback || !alert.message ? `${kindName(alert.kind)}${alert.location ? ` at ${placeName(alert.location)}` : ""}` : alert.message;
  if (alerts.get(alert.id) !== title) {
    alerts.set(alert.id, title);
    namesLearned();
  }
  return title;
}

/** What an alert's meta line adds to its title: the kind and the place, unless the title says them already. */
export function alertWhere(alert, title = alertTitle(alert)) {
  const where = `${kindName(alert.kind)}${alert.location ? ` at ${placeName(alert.location)}` : ""}`;
  return where.toLowerCase() === title.toLowerCase() ? "" : where;
}

/** The title of an alert seen on this page, if any was. */
export const knownAlert = (id) => alerts.get(id);
