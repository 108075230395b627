// The page's shell: signs in with the one-time link (#token=..., taken out of the address bar at
// once) or a pasted token, keeps the secret for this tab's session only (on the device, while it
// is a phone notified with Vigil closed: see keepSignIn), shows the connection's state, signs out, and opens the view of the token's role: the control-room dashboard for admins
// and operators, the guard's view for guards. It talks to the hub only through vigil.js. Its
// service worker (sw.js) keeps its files, so that with no connection it opens and says so, and
// shows the hub's Web Push notifications; a notification's link is this page with what to show
// in the query (`?site=hq&alert=ID`), which the views read.
import { VigilConnection } from "/vigil.js";
import { h, keepTimesCurrent } from "/ui/dom.js";
import { mountDashboard } from "/dashboard/dashboard.js";
import { mountGuardView } from "/guard/guard.js";
import { forgetThisPhone, isNotifiedPhone } from "/ui/phone-notifications.js";

const TOKEN_KEY = "vigil.token";
const element = (id) => document.getElementById(id);
const STATES = { connecting: "Connecting…", open: "Connected", reconnecting: "Connection lost; reconnecting…", closed: "Not signed in" };

let connection = null;
let view = null;
let signedInWith = null;

// A notification tapped with no page open opens a new one, which has no tab session: a phone that
// is notified keeps its sign-in on the device so that the page shows what the notification says.
// Signing out, the hub ending the session (a revoked token) or turning notifications off forgets it.
const keptToken = () => sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
function keepSignIn(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
  if (isNotifiedPhone()) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}
function forgetSignIn() {
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
}
document.addEventListener("vigil:phone", () => signedInWith && keepSignIn(signedInWith));

function takeTokenFromLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!fragment.has("token")) return;
  sessionStorage.setItem(TOKEN_KEY, fragment.get("token"));
  history.replaceState(null, "", location.pathname + location.search); // the secret leaves the address bar
}

function showSignIn(error = "") {
  view?.dispose();
  view = null;
  element("app").hidden = true;
  element("app").replaceChildren();
  element("sign-in").hidden = false;
  element("who").hidden = true;
  element("sign-in-error").textContent = error;
  element("token").focus();
}

async function signIn(token) {
  view?.dispose();
  view = null;
  connection?.close();
  connection = new VigilConnection({ token });
  connection.addEventListener("state", (event) => {
    const { state, code, reason } = event.detail;
    element("connection").textContent = STATES[state] ?? state;
    document.body.dataset.connection = state;
    element("offline").hidden = state !== "reconnecting";
    if (state === "closed" && code !== 1000 && keptToken()) {
      signedInWith = null;
      forgetSignIn();
      showSignIn(`Signed out by the hub: ${reason}`);
    }
  });
  let welcome;
  try {
    welcome = await connection.connect();
  } catch (error) {
    forgetSignIn();
    return showSignIn(`Not signed in: ${error.message}`);
  }
  signedInWith = token;
  keepSignIn(token);
  element("user").textContent = `${welcome.user} (${welcome.role}, sites ${welcome.sites.join(", ")})`;
  element("sign-in").hidden = true;
  element("sign-in-error").textContent = "";
  element("who").hidden = false;
  element("app").hidden = false;
  document.body.dataset.role = welcome.role;
  view = await openView(welcome);
}

function openView(welcome) {
  const root = element("app");
  const context = { connection, welcome, linked: new URLSearchParams(location.search) };
  switch (welcome.role) {
    case "admin":
    case "operator": return mountDashboard(root, context);
    case "guard": return mountGuardView(root, context);
    default:
      root.replaceChildren(h("p", {}, `A ${welcome.role} token is for machines and scripts; it has no view here.`));
      return { dispose() {} };
  }
}

async function signOut() {
  signedInWith = null;
  forgetSignIn();
  // The next person to sign in on this phone does not get the last one's notifications.
  // Unreachable, the hub drops it on its own: the push service answers 410 for a subscription ended here.
  if (connection) await forgetThisPhone(connection).catch(() => {});
  connection?.close();
  connection = null;
  showSignIn();
}

element("sign-in").addEventListener("submit", (event) => {
  event.preventDefault();
  const field = element("token");
  const token = field.value.trim();
  field.value = "";
  signIn(token);
});
element("sign-out").addEventListener("click", signOut);
// A sign-in link opened in a tab already showing the page changes only its fragment.
window.addEventListener("hashchange", () => {
  if (!new URLSearchParams(location.hash.slice(1)).has("token")) return;
  takeTokenFromLink();
  signIn(keptToken());
});

// The browser says the network is back: no need to wait out the reconnection's backoff.
window.addEventListener("online", () => connection?.retryNow());

// The files the page loaded before its service worker ran (its first visit) are kept too, and its
// icons and manifest, which the browser loads itself.
async function startServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register("/sw.js");
  const { active } = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  const linked = [...document.querySelectorAll("link[href]")].map((link) => link.href);
  const own = [new URL("/", location.origin).href, ...loaded, ...linked].filter((url) => url.startsWith(location.origin));
  active.postMessage({ type: "keep", urls: own });
}

startServiceWorker();
keepTimesCurrent();
takeTokenFromLink();
const saved = keptToken();
if (saved) signIn(saved);
else showSignIn();
