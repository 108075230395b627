// A placeholder until the dashboard: signs in with the token from the URL fragment (#token=...,
// the one-time admin link `vigil serve` prints) and lists the events of the topics it watches.
const status = document.getElementById("status");
const form = document.getElementById("subscribe");
const list = document.getElementById("events");

const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token") ?? sessionStorage.getItem("vigil.token");
if (fragment.has("token")) {
  sessionStorage.setItem("vigil.token", token);
  history.replaceState(null, "", location.pathname); // keep the secret out of the address bar
}

let nextRef = 1;
function send(socket, message) {
  socket.send(JSON.stringify({ ref: String(nextRef++), ...message }));
}

function show(text) {
  const item = document.createElement("li");
  item.textContent = text;
  list.prepend(item);
}

if (token) {
  const socket = new WebSocket(`wss://${location.host}/ws`);
  socket.addEventListener("open", () => send(socket, { op: "hello", token }));
  socket.addEventListener("message", (message) => {
    const frame = JSON.parse(message.data);
    switch (frame.op) {
      case "welcome":
        status.textContent = `Signed in as ${frame.user} (${frame.role}, sites ${frame.sites.join(", ")}).`;
        form.hidden = false;
        break;
      case "event":
        show(`${new Date(frame.ts).toLocaleTimeString()} ${frame.topic} #${frame.seq ?? "-"} ${frame.from}: ${JSON.stringify(frame.data)}`);
        break;
      case "error":
        show(`error ${frame.code}: ${frame.message}`);
        break;
    }
  });
  socket.addEventListener("close", (event) => {
    status.textContent = `Disconnected (${event.code}${event.reason ? ": " + event.reason : ""}). Reload to reconnect.`;
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(socket, { op: "subscribe", topic: new FormData(form).get("topic") });
  });
} else {
  status.textContent = "Open the sign-in link that `vigil serve` printed, or append #token=<your token> to this address.";
}
