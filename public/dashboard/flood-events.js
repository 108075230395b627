// The flood events of a region, one line per boundary: a moderator opens an event on a boundary
// that has none open, and renames or closes the one it has (rename_event, close_event on
// flood/{region}). Each control shows only where it can act: "Open" on a boundary without an open
// event, "Rename" and "Close" on an open one; closing asks once more. A command on its way cannot
// be sent twice: its button waits for the hub's answer.
import { h, ago, announce } from "../ui/dom.js";

export class FloodEvents {
  /** `publish(type, data)` sends a command to flood/{region}. */
  constructor(element, { publish }) {
    this.element = element;
    this.publish = publish;
    this.boundaries = [];
    this.open = new Map();
    // The event whose name is being edited or whose closing is being confirmed: {event, step}.
    this.asking = null;
    element.addEventListener("click", (event) => this.clicked(event));
    element.addEventListener("submit", (event) => this.submitted(event));
  }

  show(boundaries, events) {
    this.boundaries = boundaries;
    this.open = new Map(events.map((event) => [event.id, event]));
    this.asking = null;
    this.render();
  }

  /** An event.opened, event.renamed or event.closed of the region. */
  changed(type, event) {
    if (type === "event.closed") this.open.delete(event.id);
    else this.open.set(event.id, event);
    if (this.asking?.event === event.id) this.asking = null;
    this.render();
  }

  boundaryName(id) {
    return this.boundaries.find((boundary) => boundary.id === id)?.name ?? "a boundary";
  }

  render() {
    if (!this.boundaries.length) {
      this.element.replaceChildren(h("li", { class: "empty" }, "No boundary yet: an admin adds one with vigil flood boundary add, then an event can be opened on it."));
      return;
    }
    this.element.replaceChildren(...this.boundaries.map((boundary) => {
      const events = [...this.open.values()].filter((event) => event.boundary === boundary.id);
      return h("li", { dataset: { boundary: boundary.id } },
        h("strong", {}, boundary.name),
        events.length ? events.map((event) => this.eventLine(event, boundary)) : this.noEvent(boundary));
    }));
  }

  eventLine(event, boundary) {
    const line = h("div", { class: "flood-event", dataset: { event: event.id } },
      h("p", {}, h("span", { class: "flood-event-name" }, event.name), h("span", { class: "meta" }, " opened by ", event.openedBy, " ", ago(event.openedAt))));
    const asking = this.asking?.event === event.id ? this.asking.step : null;
    if (asking === "rename") {
      line.append(h("form", { class: "flood-rename" },
        h("label", {}, "New name ", h("input", { name: "name", required: true, maxlength: 100, value: event.name })),
        h("button", {}, "Save name"), h("button", { type: "button", dataset: { action: "cancel" } }, "Cancel")));
    } else if (asking === "closing") {
      line.append(h("p", { class: "meta" }, `Closing ${event.name}…`));
    } else if (asking === "close") {
      line.append(h("p", { class: "flood-confirm" }, `Close ${event.name}? Reports are no longer taken in ${boundary.name}, and its markers leave the map.`),
        h("div", { class: "flood-actions" },
          h("button", { type: "button", dataset: { action: "confirm-close" } }, `Close ${event.name}`),
          h("button", { type: "button", dataset: { action: "cancel" } }, "Keep it open")));
    } else {
      line.append(h("div", { class: "flood-actions" },
        h("button", { type: "button", dataset: { action: "rename" } }, "Rename"),
        h("button", { type: "button", dataset: { action: "close" } }, "Close")));
    }
    return line;
  }

  noEvent(boundary) {
    const words = h("p", { class: "meta" }, "No flood is being followed here: reports are not taken.");
    const label = `Name of a flood event in ${boundary.name}`;
    return [words, h("form", { class: "flood-open" },
      h("input", { name: "name", required: true, maxlength: 100, placeholder: "Spring 2026", "aria-label": label }),
      h("button", {}, "Open a flood event"))];
  }

  clicked(event) {
    const action = event.target.closest("button[data-action]")?.dataset.action;
    const id = Number(event.target.closest("[data-event]")?.dataset.event);
    if (!action || !id) return;
    if (action === "rename" || action === "close") this.asking = { event: id, step: action };
    else if (action === "cancel") this.asking = null;
    else if (action === "confirm-close") {
      this.asking = { event: id, step: "closing" };
      this.send("close_event", { event: id }, "closed", () => { this.asking = { event: id, step: "close" }; this.render(); });
    }
    this.render();
    this.element.querySelector(`[data-event="${id}"] input, [data-event="${id}"] button[data-action=confirm-close]`)?.focus();
  }

  submitted(event) {
    event.preventDefault();
    const form = event.target;
    const name = form.elements.name.value.trim();
    if (!name) return;
    const button = form.querySelector("button");
    button.disabled = true;
    const again = () => { button.disabled = false; };
    if (form.classList.contains("flood-open")) {
      this.send("open_event", { boundary: Number(form.closest("[data-boundary]").dataset.boundary), name }, "opened", again);
    } else {
      this.send("rename_event", { event: Number(form.closest("[data-event]").dataset.event), name }, "renamed", again);
    }
  }

  /** Sends the command; the change shows when the region's event comes back, `failed()` runs if refused. */
  async send(type, data, done, failed) {
    try {
      await this.publish(type, data);
    } catch (error) {
      announce(`Not ${done}: ${error.message}`);
      failed();
    }
  }
}
