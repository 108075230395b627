// What the hub pushes to this person on one site (GET/PUT /api/sites/{site}/push/settings): the
// kinds they want, quiet hours on their own clock, and whether an escalation rings through them.
// The page sends its browser's offset from UTC with the hours, so a change of summer time is
// caught the next time the form is saved.
import { h } from "./dom.js";

const KINDS = [["escalation", "Escalated alerts"], ["chat", "Messages for me"], ["camera", "Cameras sent to me"], ["checkpoint", "Missed rounds"]];

/** The form, filled from the hub once it answers. */
export function pushSettingsForm(connection, site) {
  const path = `/api/sites/${encodeURIComponent(site)}/push/settings`;
  const kinds = KINDS.map(([kind, label]) => {
    const box = h("input", { type: "checkbox", id: `push-${kind}`, name: kind, checked: true });
    return { kind, box, field: h("label", { for: `push-${kind}` }, box, ` ${label}`) };
  });
  const quiet = h("input", { type: "checkbox", id: "push-quiet" });
  const from = h("input", { type: "time", id: "push-quiet-from", value: "22:00", "aria-label": "Quiet from" });
  const to = h("input", { type: "time", id: "push-quiet-to", value: "06:00", "aria-label": "Quiet until" });
  const breakThrough = h("input", { type: "checkbox", id: "push-break-through", checked: true });
  const result = h("p", { class: "result", role: "status" });
  const form = h("form", { class: "push-settings" },
    h("fieldset", {}, h("legend", {}, "Notify me of"), kinds.map(({ field }) => field)),
    h("p", {}, h("label", { for: "push-quiet" }, quiet, " Quiet hours from "), from, " to ", to),
    h("p", {}, h("label", { for: "push-break-through" }, breakThrough, " Escalated alerts ring through quiet hours")),
    h("button", {}, "Save"), result);

  connection.api("GET", path).then((settings) => {
    for (const { kind, box } of kinds) box.checked = !settings.muted.includes(kind);
    quiet.checked = Boolean(settings.quietHours);
    if (settings.quietHours) [from.value, to.value] = [settings.quietHours.from, settings.quietHours.to];
    breakThrough.checked = settings.escalationsBreakThrough;
  }, (error) => { result.textContent = `Your settings could not be read: ${error.message}`; });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const settings = {
      muted: kinds.filter(({ box }) => !box.checked).map(({ kind }) => kind),
      escalationsBreakThrough: breakThrough.checked,
      ...(quiet.checked ? { quietHours: { from: from.value, to: to.value, utcOffsetMinutes: -new Date().getTimezoneOffset() } } : {}),
    };
    try {
      await connection.api("PUT", path, settings);
      result.textContent = "Saved.";
    } catch (error) {
      result.textContent = `Not saved: ${error.message}`;
    }
  });
  return form;
}
