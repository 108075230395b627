// The page's shell: signs in with the one-time link (#token=..., taken out of the address bar at
// once) or a pasted token, keeps the secret for this tab's session only, shows the connection's
// state, signs out, and opens the view of the token's role: the control-room dashboard for admins
// and operators, the guard's view for guards. It talks to the hub only through vigil.js.
import { VigilConnection } from "/vigil.js";
import { h, keepTimesCurrent } from "/ui/dom.js";
import { mountDashboard } from "/dashboard/dashboard.js";
import { mountGuardView } from "/guard/guard.js";

const TOKEN_KEY = "vigil.token";
const element = (id) => document.getElementById(id);
const STATES = { connecting: "Connecting…", open: "Connected", reconnecting: "Connection lost; reconnecting…", closed: "Not signed in" };

let connection = null;
let view = null;

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
    if (state === "closed" && code !== 1000 && sessionStorage.getItem(TOKEN_KEY)) {
      sessionStorage.removeItem(TOKEN_KEY);
      showSignIn(`Signed out by the hub: ${reason}`);
    }
  });
  let welcome;
  try {
    welcome = await connection.connect();
  } catch (error) {
    sessionStorage.removeItem(TOKEN_KEY);
    return showSignIn(`Not signed in: ${error.message}`);
  }
  sessionStorage.setItem(TOKEN_KEY, token);
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
  const context = { connection, welcome };
  switch (welcome.role) {
    case "admin":
    case "operator": return mountDashboard(root, context);
    case "guard": return mountGuardView(root, context);
    default:
      root.replaceChildren(h("p", {}, `A ${welcome.role} token is for machines and scripts; it has no view here.`));
      return { dispose() {} };
  }
}

function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
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
  signIn(sessionStorage.getItem(TOKEN_KEY));
});

keepTimesCurrent();
takeTokenFromLink();
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) signIn(saved);
else showSignIn();
