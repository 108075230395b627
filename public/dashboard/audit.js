// The audit trail, for admins: who changed or decided what, when and from where, newest first and
// in words (names, never ids); narrowed to a person or a time span, and paged back. An admin of
// some sites reads those sites' entries only: the hub filters, the page shows what it is given.
import { h } from "../ui/dom.js";
import { placeName, knownAlert } from "../ui/names.js";

const PAGE = 50;
const SPANS = [
  ["", "Any time"], ["3600000", "Last hour"], ["86400000", "Last 24 hours"], ["604800000", "Last 7 days"], ["2592000000", "Last 30 days"],
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const quoted = (text) => `“${text}”`;
const last = (target) => target.split("/").at(-1);

function alertWords(detail, verb) {
  // Named when this page has seen the alert (in the queue; the trail redraws when the queue
  // arrives after it); an older one is "an alert".
  const title = knownAlert(detail.alert);
  const what = title ? `the alert ${quoted(title)}` : "an alert";
  return `${verb} ${what}${detail.note ? `: ${quoted(detail.note)}` : ""}`;
}

// What each audited action did, as a person says it; an action the page does not know yet is
// shown as the hub names it.
const SENTENCES = {
  "site.created": (e) => `created the site ${quoted(e.detail.name ?? e.site)}`,
  "site.changed": (e, siteName) => `changed the timings of ${siteName(e.site)}: escalate after ${seconds(e.detail.escalateAfterMs)}, quiet after ${seconds(e.detail.quietAfterMs)}`,
  "token.created": (e, siteName) => `issued ${e.detail.name} a ${e.detail.role} token for ${e.detail.allSites ? "every site" : e.detail.sites.map(siteName).join(", ")}`,
  "token.revoked": (e) => `revoked ${e.detail.name}'s ${e.detail.role} token`,
  "zone.defined": (e) => `defined the watch zone ${quoted(placeName(e.detail.zone?.id ?? last(e.target)))}`,
  "zone.removed": (e) => `removed the watch zone ${quoted(placeName(last(e.target)))}`,
  "checkpoint.created": (e) => (e.detail.checkpoint?.name ? `made the checkpoint ${quoted(e.detail.checkpoint.name)}` : "made a checkpoint"),
  "alert.acknowledged": (e) => alertWords(e.detail, "acknowledged"),
  "alert.resolved": (e) => alertWords(e.detail, "resolved"),
  "markers.approved": (e) => `approved ${count(e.detail.markers?.length ?? 0, "flood report", "flood reports")}`,
  "markers.rejected": (e) => `rejected ${count(e.detail.markers?.length ?? 0, "flood report", "flood reports")}`,
  "markers.removed": (e) => `took down ${count(e.detail.markers?.length ?? 0, "flood report", "flood reports")}`,
  "message.deleted": (e) => `deleted a message in the chat room ${quoted(placeName(last(e.target)))}`,
  "camera.topology": (e) => `imported the camera wall (${count(e.detail.cameras?.length ?? 0, "camera", "cameras")})`,
};

/** An entry's action in words, sites named by `siteName`. */
export const auditSentence = (entry, siteName) => (SENTENCES[entry.action] ?? ((e) => `${e.action} on ${e.target}`))(entry, siteName);

/** `127.0.0.1:51234` as `127.0.0.1`, `[::1]:443` as `::1`; `local` for the command line on the hub's machine. */
const address = (peer) => (peer === "local" ? "the hub's machine" : peer.replace(/^\[(.*)\]:\d+$/, "$1").replace(/^([^:]*):\d+$/, "$1"));

export function auditSection(connection) {
  const rows = h("tbody");
  const person = h("input", { name: "person", placeholder: "anyone", size: 12, autocomplete: "off" });
  const span = h("select", { name: "span" }, SPANS.map(([value, label]) => h("option", { value }, label)));
  const earlier = h("button", { type: "button", class: "earlier", hidden: true }, "Earlier entries");
  const status = h("p", { class: "meta", "aria-live": "polite" });
  const form = h("form", { class: "admin-form audit-filter" },
    h("label", {}, "Person ", person), h("label", {}, "When ", span), h("button", {}, "Show"));
  let sites = new Map();
  let oldest = null;
  const siteName = (id) => sites.get(id) ?? id;

  const shown = new Map(); // row -> its entry, to say it again when names are learned
  function row(entry) {
    const at = new Date(entry.at);
    const line = h("tr", { dataset: { action: entry.action } },
      h("td", {}, h("time", { datetime: at.toISOString() }, at.toLocaleString())),
      h("td", {}, entry.name, h("span", { class: "meta" }, ` ${entry.role}`)),
      h("td", { class: "what" }, auditSentence(entry, siteName)),
      h("td", {}, entry.site ? siteName(entry.site) : "the whole hub"),
      h("td", {}, address(entry.peer)));
    shown.set(line, entry);
    return line;
  }
  function sayAgain() {
    if (!rows.isConnected) return document.removeEventListener("vigil:names", sayAgain);
    for (const [line, entry] of shown) line.querySelector(".what").textContent = auditSentence(entry, siteName);
  }
  document.addEventListener("vigil:names", sayAgain);

  async function load(more) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (person.value.trim()) query.set("name", person.value.trim());
    if (span.value) query.set("since", String(Date.now() - Number(span.value)));
    if (more && oldest !== null) query.set("before", String(oldest));
    try {
      const { entries } = await connection.api("GET", `/api/audit?${query}`);
      if (!more) {
        rows.replaceChildren();
        shown.clear();
      }
      rows.append(...entries.map(row));
      oldest = entries.at(-1)?.id ?? oldest;
      earlier.hidden = entries.length < PAGE;
      status.textContent = rows.children.length === 0 ? "Nothing recorded for this choice." : "";
    } catch (error) {
      status.textContent = `The audit trail could not be read: ${error.message}`;
    }
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load(false);
  });
  earlier.addEventListener("click", () => load(true));
  // Sites by name; the trail reads without them (an id is shown) if the list cannot be had.
  connection.api("GET", "/api/sites")
    .then(({ sites: list }) => { sites = new Map(list.map((site) => [site.id, site.name])); })
    .catch(() => {})
    .finally(() => load(false));
  return h("section", { class: "admin-audit", "aria-labelledby": "audit-title" }, h("h3", { id: "audit-title" }, "Audit trail"),
    h("p", { class: "meta" }, "Who changed or decided what, when and from where, newest first."), form,
    h("table", {}, h("thead", {}, h("tr", {}, ["When", "Who", "What", "Site", "From"].map((title) => h("th", { scope: "col" }, title)))), rows),
    earlier, status);
}
