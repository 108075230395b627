// The public reporting page, at phone width: sign in with a reporter token (or report without one
// where the region allows it), take the position from the browser or a tap on the map, choose a
// severity, add a photo and a few words, send. It then shows the approved reports within 5 km of
// the position: live with a token (flood/{region}/near/...); without one, from the open events'
// GeoJSON files and their deltas (?since=head), asked for again every few seconds. Where no flood
// event is open the page says so and offers nothing to fill in (the open events are asked for again
// every few seconds, so a flood opened or closed meanwhile shows); a refusal is told in plain words.
import { VigilConnection, VigilError } from "/vigil.js";
import { h } from "/ui/dom.js";
import { FloodMap } from "/dashboard/flood-map.js";

const TOKEN_KEY = "vigil.token";
const NEAR_METRES = 5000;
const POLL_MS = 5000;
const REGIONS_MS = 10000;
/** What the page says where no flood event is open (the hub refuses a report there with outside_boundary). */
const NOT_FOLLOWED = "No flood is being followed here right now, so reports are not taken.";
const element = (id) => document.getElementById(id);
let connection = null;
let map = null;
let position = null;
let nearby = null;
let regions = [];

async function call(method, path, body) {
  if (connection) return connection.api(method, path, body);
  const response = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new VigilError(answer?.code ?? "internal", answer?.message ?? `HTTP ${response.status}`);
  return answer;
}

async function start(token) {
  if (token) {
    connection = new VigilConnection({ token });
    const welcome = await connection.connect();
    sessionStorage.setItem(TOKEN_KEY, token);
    element("who").textContent = `Signed in as ${welcome.user}`;
  } else {
    element("who").textContent = "Reporting without signing in";
  }
  element("sign-in").hidden = true;
  element("report").hidden = false;
  ({ regions } = await call("GET", "/api/flood/regions"));
  element("region").replaceChildren(...regions.map(({ region }) => h("option", { value: region.id }, region.name)));
  map = new FloodMap(element("report-map"), { eventName: (id) => chosen()?.events.find((event) => event.id === id)?.name });
  element("region").addEventListener("change", showRegion);
  showRegion();
  map.map.on("click", (event) => setPosition(event.latlng.lat, event.latlng.lng));
  setInterval(() => refreshRegions().catch(() => {}), REGIONS_MS); // a failed asking changes nothing; the next one tells
}

/** The regions and their open events as the hub has them now. */
async function refreshRegions() {
  ({ regions } = await call("GET", "/api/flood/regions"));
  showRegion();
}

/** The chosen region's outline: `{region, boundaries, events}` (its open events). */
const chosen = () => regions.find(({ region }) => region.id === element("region").value);

/** The region and areas the map is framed on, as `region boundary,boundary`. */
let outlined = null;

/** Says whether the chosen region follows a flood now; without one there is nothing to report into.
 *  The map is framed again only when the areas followed change, not at every asking. */
function showRegion() {
  const { boundaries = [], events = [] } = chosen() ?? {};
  const followed = events.map((event) => `${event.name} in ${boundaries.find((boundary) => boundary.id === event.boundary)?.name ?? "its area"}`);
  const status = followed.length ? `Flood followed here: ${followed.join(", ")}. Tap where the water is.` : NOT_FOLLOWED;
  // Set only when it changes: the status is read out each time it is set.
  if (element("region-status").textContent !== status) element("region-status").textContent = status;
  element("report-fields").hidden = !followed.length;
  const areas = boundaries.filter((boundary) => events.some((event) => event.boundary === boundary.id));
  const key = `${element("region").value} ${areas.map((boundary) => boundary.id).join()}`;
  if (key === outlined) return;
  outlined = key;
  map.resized();
  map.setBoundaries(areas);
}

/** A refusal in words for the person reporting; null where the hub's own message is best. */
async function refusal(error) {
  switch (error.code) {
    case "outside_boundary":
      // The hub's code covers both "no event open" and "outside every open event's area": which
      // one is asked again, as an event may have closed since the page was opened.
      await refreshRegions();
      return chosen()?.events.length ? "This place is outside the areas where a flood is being followed: tap the map inside the outlined area." : NOT_FOLLOWED;
    case "forbidden": return "This region takes reports only from people with a reporter token: sign in with one.";
    case "rate_limited": return "Too many reports from here in a short time: wait a minute and send again.";
    case "invalid_image": return "The photo could not be read: send a JPEG, PNG or WebP picture.";
    case "too_large": return "The photo is too large: send a smaller one.";
    case "network": return "The control room could not be reached: check your connection and send again.";
    default: return null;
  }
}

function setPosition(latitude, longitude) {
  position = { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
  element("position").textContent = `Position ${position.latitude}, ${position.longitude}`;
  map.map.setView([position.latitude, position.longitude], Math.max(map.map.getZoom(), 13));
  watchNearby();
}

/** The approved markers near the position, on the map and in the list. */
const shown = {
  replace(markers) { element("nearby-list").replaceChildren(); map.clearMarkers(); this.add(markers); },
  add(markers) {
    map.addMarkers(markers);
    element("nearby-list").append(...markers.map((marker) =>
      h("li", { dataset: { marker: marker.id } }, `Severity ${marker.severity}: ${marker.description || "no description"}`)));
  },
  remove(ids) {
    map.removeMarkers(ids);
    for (const id of ids) element("nearby-list").querySelector(`li[data-marker="${id}"]`)?.remove();
  },
};

/** Approved markers within NEAR_METRES of the position, as they are approved (or asked for). */
async function watchNearby() {
  await nearby?.stop();
  element("nearby").hidden = false;
  shown.replace([]);
  nearby = connection ? await subscribeNearby() : pollNearby();
}

async function subscribeNearby() {
  // Plain decimals, as near topics take them (a tiny coordinate would print as 1e-7).
  const topic = `flood/${element("region").value}/near/${position.latitude.toFixed(6)}/${position.longitude.toFixed(6)}/${NEAR_METRES}`;
  const subscription = await connection.subscribe(topic, (event) => {
    if (event.type === "state") shown.replace(event.data.markers);
    else if (event.type === "markers.approved") shown.add(event.data.markers);
    else if (event.type === "markers.removed") shown.remove(event.data.markers.map((marker) => marker.id));
  });
  return { stop: () => subscription.unsubscribe().catch(() => {}) };
}

/** Without a token: each open event's whole GeoJSON file once, then what changed since its head. */
function pollNearby() {
  const events = regions.find(({ region }) => region.id === element("region").value)?.events ?? [];
  const heads = new Map();
  const centre = position;
  async function poll() {
    for (const event of events) {
      const since = heads.has(event.id) ? `?since=${heads.get(event.id)}` : "";
      /** @type {FloodWireMarkerFile} */
      const file = await call("GET", `/api/flood/events/${event.id}/markers.geojson${since}`);
      heads.set(event.id, file.head);
      shown.remove(file.removed ?? []);
      const markers = file.features.map((feature) => ({
        ...feature.properties, longitude: feature.geometry.coordinates[0], latitude: feature.geometry.coordinates[1] }));
      shown.add(markers.filter((marker) => metresBetween(centre, marker) <= NEAR_METRES));
    }
  }
  const failed = (error) => { element("nearby-title").textContent = `Approved reports near you (not updated: ${error.message})`; };
  poll().catch(failed);
  const timer = setInterval(() => poll().catch(failed), POLL_MS);
  return { stop: async () => clearInterval(timer) };
}

/** Great-circle distance in metres (haversine), as the hub measures a near-subscription's circle. */
function metresBetween(a, b) {
  const radians = (degrees) => degrees * Math.PI / 180;
  const dLat = radians(b.latitude - a.latitude), dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

element("sign-in").addEventListener("submit", (event) => {
  event.preventDefault();
  start(element("token").value.trim()).catch((error) => { element("who").textContent = `Not signed in: ${error.message}`; connection = null; });
});
element("anonymous").addEventListener("click", () => start(null));
element("locate").addEventListener("click", () => {
  navigator.geolocation.getCurrentPosition(
    (found) => setPosition(found.coords.latitude, found.coords.longitude),
    (error) => { element("position").textContent = `No position from the browser: ${error.message}. Tap the map instead.`; });
});
element("report").addEventListener("submit", async (event) => {
  event.preventDefault();
  const result = element("result");
  if (!position) { result.textContent = "Tap the map or use your location first."; return; }
  const form = new FormData(event.target);
  const data = { ...position, severity: Number(form.get("severity")) };
  if (form.get("description")) data.description = form.get("description");
  if (form.get("email")) data.email = form.get("email");
  try {
    // With a token the photo is uploaded first; without one it travels in the report, in base64.
    const photo = element("photo").files[0];
    if (photo && connection) data.picture = (await connection.api("POST", "/api/thumbnails", photo)).hash;
    else if (photo) data.photo = await base64(photo);
    await call("POST", `/api/flood/regions/${encodeURIComponent(element("region").value)}/markers`, data);
    result.textContent = "Sent. The control room checks it before it shows on the map.";
  } catch (error) {
    const words = await refusal(error).catch(() => null);
    result.textContent = words ? `Not sent. ${words}` : `Not sent: ${error.message}`;
  }
});

/** The file's bytes in base64. */
async function base64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.has("token")) {
  sessionStorage.setItem(TOKEN_KEY, fragment.get("token"));
  history.replaceState(null, "", location.pathname);
}
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) start(saved).catch(() => sessionStorage.removeItem(TOKEN_KEY));
