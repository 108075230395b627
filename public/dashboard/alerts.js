// The alert queue of one site: open alerts, the oldest unacknowledged first, escalated ones marked,
// each with its snapshot; acknowledge and resolve with the mouse or the keyboard (↑/↓ or j/k to
// move, a to acknowledge, r to resolve); a cue sounds for each new alert. Rows are kept by id and
// only the row an event touches is redrawn, so a queue of thousands stays responsive.
import { h, ago, announce } from "../ui/dom.js";
import { draggableThumbnail } from "../ui/drag.js";
import { chime } from "../ui/sound.js";
import { alertTitle, alertWhere, kindName, learnLocation } from "../ui/names.js";

/** Who raised an alert, in words: a person or device by name, the hub itself as "automatically". */
export const raisedBy = (alert, server) => (alert.raisedBy === server ? "raised automatically" : `raised by ${alert.raisedBy}`);

// `linked` is the alert a notification opened the page for: marked, and focused once it is there.
export function mountAlertQueue(root, { connection, feed, site, server, linked }) {
  const alerts = new Map();
  const rows = new Map();
  let shownLinked = false;
  const list = h("ul", { class: "alert-list", "aria-label": "Open alerts, oldest unacknowledged first" });
  const count = h("span", { class: "count" });
  const help = h("p", { class: "help", id: "alert-keys" }, "Keys: ↑ ↓ or j k move · a acknowledge · r resolve");
  root.replaceChildren(h("h2", {}, "Alerts ", count), help, list);

  const order = (a, b) => (a.state === "raised" ? 0 : 1) - (b.state === "raised" ? 0 : 1) || a.raisedAt - b.raisedAt || (a.id < b.id ? -1 : 1);

  function place(alert) {
    const row = draw(alert);
    rows.get(alert.id)?.remove();
    rows.set(alert.id, row);
    // The row goes before the first row that sorts after it.
    const next = [...alerts.values()].filter((other) => other.id !== alert.id && order(alert, other) < 0).sort(order)[0];
    list.insertBefore(row, next ? rows.get(next.id) : null);
    focusLinked();
    updateCount();
  }

  // Once: a later change of the queue leaves the focus where the person put it.
  function focusLinked() {
    if (shownLinked || !rows.has(linked)) return;
    shownLinked = true;
    rows.get(linked).focus();
  }

  function draw(alert) {
    const words = alertTitle(alert);
    const where = alertWhere(alert, words);
    const title = h("strong", { id: `alert-title-${alert.id}` }, words);
    const status = alert.state === "acknowledged"
      ? h("span", { class: "status" }, `Acknowledged by ${alert.acknowledgedBy} `, ago(alert.acknowledgedAt))
      : h("span", { class: "status" }, "Not acknowledged");
    return h("li", {
      class: `alert severity-${alert.severity} ${alert.state}${alert.escalatedAt ? " escalated" : ""}`,
      dataset: { alert: alert.id }, tabindex: "-1", "aria-labelledby": `alert-title-${alert.id}`, "aria-describedby": "alert-keys",
      "aria-current": alert.id === linked ? "true" : null,
    },
      alert.thumbnails?.length
        ? draggableThumbnail(alert.thumbnails[0], { kind: "alert", id: alert.id, ts: alert.raisedAt },
          { class: "snapshot", alt: `Snapshot: ${words}`, loading: "lazy", width: 128, height: 72 })
        : h("div", { class: "snapshot none", "aria-hidden": "true" }, kindName(alert.kind)),
      h("div", { class: "summary" },
        h("span", { class: "severity", title: "Severity" }, `S${alert.severity}`), " ", title,
        alert.escalatedAt ? h("span", { class: "badge escalated" }, "Escalated") : null,
        h("span", { class: "meta" }, where ? `${where} · ` : "", `${raisedBy(alert, server)} `, ago(alert.raisedAt)),
        status),
      h("div", { class: "actions" },
        alert.state === "raised" ? h("button", { type: "button", dataset: { action: "acknowledge" } }, "Acknowledge") : null,
        h("button", { type: "button", dataset: { action: "resolve" } }, "Resolve"),
        h("button", { type: "button", dataset: { action: "discuss" } }, alert.room ? "Open discussion" : "Discuss")));
  }

  function updateCount() {
    const open = [...alerts.values()];
    const waiting = open.filter((alert) => alert.state === "raised").length;
    const escalated = open.filter((alert) => alert.escalatedAt).length;
    count.textContent = `${open.length} open · ${waiting} unacknowledged${escalated ? ` · ${escalated} escalated` : ""}`;
    document.title = waiting ? `(${waiting}) Vigil` : "Vigil";
  }

  function remove(id) {
    const row = rows.get(id);
    const hadFocus = row?.contains(document.activeElement);
    const next = row?.nextElementSibling ?? row?.previousElementSibling;
    row?.remove();
    rows.delete(id);
    alerts.delete(id);
    if (hadFocus) next?.focus();
    updateCount();
  }

  feed.on(`alerts/${site}`, (event) => {
    switch (event.type) {
      case "state":
        alerts.clear();
        rows.clear();
        list.replaceChildren();
        for (const location of event.data.visited) learnLocation(location.id, location.name);
        for (const alert of event.data.alerts) alerts.set(alert.id, alert);
        for (const alert of [...alerts.values()].sort(order)) {
          const row = draw(alert);
          rows.set(alert.id, row);
          list.append(row);
        }
        focusLinked();
        updateCount();
        // For DevTools and the benchmark: when the queue a subscriber first gets is on screen.
        performance.mark("vigil:queue-drawn", { detail: { alerts: alerts.size } });
        break;
      case "alert.raised":
        alerts.set(event.data.alert.id, event.data.alert);
        place(event.data.alert);
        chime(event.data.alert.severity >= 4);
        break;
      case "alert.escalated":
        alerts.set(event.data.alert.id, event.data.alert);
        place(event.data.alert);
        break;
      case "alert.acknowledged": {
        const alert = alerts.get(event.data.alert);
        if (!alert) break;
        Object.assign(alert, { state: "acknowledged", acknowledgedBy: event.data.by, acknowledgedAt: event.data.at });
        const hadFocus = rows.get(alert.id)?.contains(document.activeElement);
        place(alert);
        if (hadFocus) rows.get(alert.id).focus();
        break;
      }
      case "alert.resolved":
        remove(event.data.alert);
        break;
      case "room.created": {
        const alert = alerts.get(event.data.room.alert);
        if (!alert) break;
        alert.room = event.data.room.topic;
        place(alert);
        break;
      }
    }
  }, { onRefused: (error) => root.append(h("p", { class: "refusal", role: "alert" }, `The alerts of ${site} cannot be shown: ${error.message}`)) });

  async function act(id, action) {
    if (action === "resolve") return askNote(id);
    // The chat panel opens (or makes) the alert's own room.
    if (action === "discuss") return document.dispatchEvent(new CustomEvent("vigil:discuss", { detail: { alert: alerts.get(id) } }));
    try {
      await connection.publish(`alerts/${site}`, action, { alert: id });
    } catch (error) {
      announce(`Not acknowledged: ${error.message}`);
    }
  }

  // Resolving asks for an optional note in the row itself; Enter resolves, Escape goes back.
  function askNote(id) {
    const row = rows.get(id);
    if (!row || row.querySelector("form")) return row?.querySelector("input")?.focus();
    const input = h("input", { name: "note", maxlength: 2000, "aria-label": "Note (optional)", placeholder: "Note (optional)" });
    const form = h("form", { class: "resolve" }, input, h("button", {}, "Resolve"),
      h("button", { type: "button", onclick: () => { form.remove(); row.focus(); } }, "Cancel"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const note = input.value.trim();
      try {
        await connection.publish(`alerts/${site}`, "resolve", note ? { alert: id, note } : { alert: id });
      } catch (error) {
        announce(`Not resolved: ${error.message}`);
      }
    });
    form.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { form.remove(); row.focus(); }
      event.stopPropagation();
    });
    row.querySelector(".actions").append(form);
    input.focus();
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) act(button.closest("li").dataset.alert, button.dataset.action);
  });

  list.addEventListener("keydown", (event) => {
    const row = event.target.closest("li.alert");
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowDown: "nextElementSibling", j: "nextElementSibling", ArrowUp: "previousElementSibling", k: "previousElementSibling" };
    if (moves[event.key]) {
      row[moves[event.key]]?.focus();
      event.preventDefault();
    } else if (event.key === "Home" || event.key === "End") {
      (event.key === "Home" ? list.firstElementChild : list.lastElementChild)?.focus();
      event.preventDefault();
    } else if ((event.key === "a" || event.key === "r") && event.target === row) {
      act(row.dataset.alert, event.key === "a" ? "acknowledge" : "resolve");
      event.preventDefault();
    }
  });

  // One row is reachable by Tab (roving focus): the first, until another is focused.
  list.addEventListener("focusin", (event) => {
    const row = event.target.closest("li.alert");
    if (!row) return;
    for (const other of list.querySelectorAll('li.alert[tabindex="0"]')) if (other !== row) other.tabIndex = -1;
    row.tabIndex = 0;
  });
  // The cameras' names came: the rows say their places by name.
  const rename = () => {
    for (const [id, old] of rows) {
      const row = draw(alerts.get(id));
      row.tabIndex = old.tabIndex;
      const hadFocus = old.contains(document.activeElement);
      old.replaceWith(row);
      rows.set(id, row);
      if (hadFocus) row.focus();
    }
  };
  document.addEventListener("vigil:names", rename);

  new MutationObserver(() => {
    if (!list.querySelector('li.alert[tabindex="0"]')) { const first = list.firstElementChild; if (first) first.tabIndex = 0; }
  }).observe(list, { childList: true });
  return () => document.removeEventListener("vigil:names", rename);
}
