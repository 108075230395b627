// The public reporting page, at phone width: sign in with a reporter token (or report without one
// where the region allows it), take the position from the browser or a tap on the map, choose a
// severity, add a photo and a few words, send. With a token it then shows the approved reports
// within 5 km of the position, live (flood/{region}/near/...).
import { VigilConnection } from "/vigil.js";
import { h } from "/ui/dom.js";
import { FloodMap } from "/dashboard/flood-map.js";

const TOKEN_KEY = "vigil.token";
const NEAR_METRES = 5000;
const element = (id) => document.getElementById(id);
let connection = null;
let map = null;
let position = null;
let nearby = null;

async function call(method, path, body) {
  if (connection) return connection.api(method, path, body);
  const response = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(answer?.message ?? `HTTP ${response.status}`);
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
    element("photo").disabled = true;
  }
  element("sign-in").hidden = true;
  element("report").hidden = false;
  const { regions } = await call("GET", "/api/flood/regions");
  element("region").replaceChildren(...regions.map(({ region }) => h("option", { value: region.id }, region.name)));
  map = new FloodMap(element("report-map"));
  const showRegion = () => map.setBoundaries(regions.find(({ region }) => region.id === element("region").value)?.boundaries ?? []);
  element("region").addEventListener("change", showRegion);
  showRegion();
  map.map.on("click", (event) => setPosition(event.latlng.lat, event.latlng.lng));
}

function setPosition(latitude, longitude) {
  position = { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
  element("position").textContent = `Position ${position.latitude}, ${position.longitude}`;
  map.map.setView([position.latitude, position.longitude], Math.max(map.map.getZoom(), 13));
  if (connection) watchNearby();
}

/** Approved markers within NEAR_METRES of the position, as they are approved. */
async function watchNearby() {
  await nearby?.unsubscribe().catch(() => {});
  const list = element("nearby-list");
  list.replaceChildren();
  element("nearby").hidden = false;
  const show = (markers) => {
    map.addMarkers(markers);
    list.append(...markers.map((marker) => h("li", { dataset: { marker: marker.id } }, `Severity ${marker.severity}: ${marker.description || "no description"}`)));
  };
  const topic = `flood/${element("region").value}/near/${position.latitude}/${position.longitude}/${NEAR_METRES}`;
  nearby = await connection.subscribe(topic, (event) => {
    if (event.type === "state") { list.replaceChildren(); map.clearMarkers(); show(event.data.markers); }
    else if (event.type === "markers.approved") show(event.data.markers);
    else if (event.type === "markers.removed") {
      const ids = event.data.markers.map((marker) => marker.id);
      map.removeMarkers(ids);
      for (const id of ids) list.querySelector(`li[data-marker="${id}"]`)?.remove();
    }
  });
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
    const photo = element("photo").files[0];
    if (photo && connection) data.picture = (await connection.api("POST", "/api/thumbnails", photo)).hash;
    await call("POST", `/api/flood/regions/${encodeURIComponent(element("region").value)}/markers`, data);
    result.textContent = "Sent. The control room checks it before it shows on the map.";
  } catch (error) {
    result.textContent = `Not sent: ${error.message}`;
  }
});

const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.has("token")) {
  sessionStorage.setItem(TOKEN_KEY, fragment.get("token"));
  history.replaceState(null, "", location.pathname);
}
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) start(saved).catch(() => sessionStorage.removeItem(TOKEN_KEY));
