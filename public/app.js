// The page's shell: signs in with the one-time link (#token=..., taken out of the address bar at
// once) or a pasted token, keeps the secret for this tab's session only, shows the connection's
// state, signs out. It talks to the hub only through vigil.js. Until the dashboard lands it lists
// the events of the topics it is asked to watch.
import { VigilConnection } from "/vigil.js";

const TOKEN_KEY = "vigil.token";
const element = (id) => document.getElementById(id);
const STATES = { connecting: "Connecting…", open: "Connected", reconnecting: "Connection lost; reconnecting…", closed: "Not signed in" };

let connection = null;

function takeTokenFromLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!fragment.has("token")) return;
  sessionStorage.setItem(TOKEN_KEY, fragment.get("token"));
  history.replaceState(null, "", location.pathname + location.search); // the secret leaves the address bar
}

function showSignIn(error = "") {
  element("sign-in").hidden = false;
  element("who").hidden = true;
  element("watch").hidden = true;
  element("sign-in-error").textContent = error;
  element("token").focus();
}

async function signIn(token) {
  connection?.close();
  connection = new VigilConnection({ token });
  connection.addEventListener("state", (event) => {
    element("connection").textContent = STATES[event.detail.state] ?? event.detail.state;
    if (event.detail.state === "closed" && event.detail.code !== 1000 && sessionStorage.getItem(TOKEN_KEY)) {
      sessionStorage.removeItem(TOKEN_KEY);
      showSignIn(`Signed out by the hub: ${event.detail.reason}`);
    }
  });
  try {
    const welcome = await connection.connect();
    sessionStorage.setItem(TOKEN_KEY, token);
    element("user").textContent = `${welcome.user} (${welcome.role}, sites ${welcome.sites.join(", ")})`;
    element("sign-in").hidden = true;
    element("sign-in-error").textContent = "";
    element("who").hidden = false;
    element("watch").hidden = false;
  } catch (error) {
    sessionStorage.removeItem(TOKEN_KEY);
    showSignIn(`Not signed in: ${error.message}`);
  }
}

function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
  connection?.close();
  connection = null;
  element("events").replaceChildren();
  showSignIn();
}

function show(event) {
  const item = document.createElement("li");
  item.textContent = `${new Date(event.ts).toLocaleTimeString()} ${event.topic} #${event.seq ?? "-"} ${event.from}: ${JSON.stringify(event.data)}`;
  element("events").prepend(item);
}

element("sign-in").addEventListener("submit", (event) => {
  event.preventDefault();
  const field = element("token");
  const token = field.value.trim();
  field.value = "";
  signIn(token);
});
element("sign-out").addEventListener("click", signOut);
element("subscribe").addEventListener("submit", async (event) => {
  event.preventDefault();
  const topic = new FormData(event.target).get("topic");
  try {
    await connection.subscribe(topic, show);
  } catch (error) {
    show({ ts: Date.now(), topic, from: "vigil", data: { error: error.code, message: error.message } });
  }
});

takeTokenFromLink();
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) signIn(saved);
else showSignIn();
