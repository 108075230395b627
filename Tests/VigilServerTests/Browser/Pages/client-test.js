// Drives vigil.js for VigilJSTests: what the page saw is left on `window` for the test to read.
import { VigilConnection } from "/vigil.js";

const settings = new URLSearchParams(location.hash.slice(1));
const token = settings.get("token");
// The nodes' URLs, when the test gives them; else the page's own hub.
const url = settings.get("url") ?? undefined;
const connection = new VigilConnection({ url, token, minBackoff: 100, maxBackoff: 1000 });
window.connection = connection;
window.states = [];
window.seen = [];
window.subscribed = 0;
connection.addEventListener("state", (event) => window.states.push(event.detail.state));
try {
  await connection.connect();
  await connection.subscribe("notice/hq", (event) => window.seen.push({ seq: event.seq, text: event.data.text, epoch: event.epoch }),
    { onSubscribed: () => { window.subscribed += 1; } });
  window.ready = true;
} catch (error) {
  window.failed = { code: error.code, message: error.message };
}
