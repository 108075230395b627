// The notices of one site, newest first, and for operators and admins a form to post one.
import { h, ago, announce } from "../ui/dom.js";

const LEVELS = ["info", "warning", "urgent"];

export async function mountNotices(root, { connection, feed, site, role }) {
  const list = h("ol", { class: "notice-list", reversed: true });
  root.replaceChildren(h("h2", {}, "Notices"));
  if (role === "admin" || role === "operator") root.append(composer());
  root.append(list);

  function show(event) {
    list.prepend(h("li", { class: `notice ${event.data.level}` },
      h("span", { class: "level" }, event.data.level), " ", event.data.text, " ",
      h("span", { class: "meta" }, `${event.from} `, ago(event.ts))));
    while (list.children.length > 50) list.lastElementChild.remove();
  }

  function composer() {
    const text = h("input", { name: "text", required: true, maxlength: 2000, "aria-label": "Notice text", placeholder: "Notice to the site" });
    const level = h("select", { name: "level", "aria-label": "Level" }, LEVELS.map((name) => h("option", { value: name }, name)));
    const form = h("form", { class: "compose" }, text, level, h("button", {}, "Post"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await connection.publish(`notice/${site}`, "notice", { text: text.value, level: level.value });
        text.value = "";
      } catch (error) {
        announce(`Not posted: ${error.message}`);
      }
    });
    return form;
  }

  // Notices keep no state: the last ones come from history, the rest live from just after them.
  const page = await connection.history(`notice/${site}`, { limit: 20 }).catch(() => ({ events: [] }));
  page.events.forEach(show);
  feed.on(`notice/${site}`, show, { since: page.events.at(-1)?.seq ?? 0 });
}
