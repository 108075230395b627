// The control room: one site at a time (chosen among the token's sites), its alert queue, the
// locations being visited, the camera wall, the chat, the guards and their rounds, notices, video
// analytics, and for admins and operators the flood tab and the administration tab. Everything of a
// site comes through one SiteFeed; the flood tab, which is not a site's, reads its own topics once it
// is first opened.
import { h } from "../ui/dom.js";
import { isMuted, setMuted, soundSwitch } from "../ui/sound.js";
import { SiteFeed } from "./feed.js";
import { mountAlertQueue } from "./alerts.js";
import { mountVisits } from "./visits.js";
import { mountCameras } from "./cameras.js";
import { mountPeople } from "./people.js";
import { mountNotices } from "./notices.js";
import { mountAdministration } from "./admin.js";
import { mountAnalytics } from "./analytics.js";
import { mountChat } from "../chat/chat.js";
import { mountFlood } from "./flood.js";

const SITE_KEY = "vigil.site";

export async function mountDashboard(root, { connection, welcome }) {
  const sites = welcome.sites.includes("*") ? (await connection.api("GET", "/api/sites")).sites.map((site) => site.id) : welcome.sites;
  const picker = h("select", { id: "site", "aria-label": "Site" }, sites.map((site) => h("option", { value: site }, site)));
  const mute = h("button", { type: "button", id: "mute", "aria-pressed": String(isMuted()) }, "Mute alert sound");
  mute.addEventListener("click", () => {
    setMuted(!isMuted());
    mute.setAttribute("aria-pressed", String(isMuted()));
  });
  const tabs = h("nav", { class: "tabs", "aria-label": "Views" },
    h("button", { type: "button", "aria-current": "page", dataset: { view: "live" } }, "Live"),
    h("button", { type: "button", dataset: { view: "flood" } }, "Flood"),
    welcome.role === "admin" || welcome.role === "operator" ? h("button", { type: "button", dataset: { view: "admin" } }, "Administration") : null);
  const live = h("div", { class: "live" },
    h("section", { id: "alerts", class: "panel" }),
    h("section", { id: "cameras", class: "panel" }),
    h("div", { class: "side" },
      h("section", { id: "chat", class: "panel" }),
      h("section", { id: "visits", class: "panel" }), h("section", { id: "people", class: "panel" }), h("section", { id: "notices", class: "panel" })),
    h("section", { id: "analytics", class: "panel" }));
  const admin = h("div", { class: "admin", hidden: true }, h("section", { id: "administration", class: "panel" }));
  const flood = h("div", { class: "flood-view", hidden: true }, h("section", { id: "flood", class: "panel" }));
  root.replaceChildren(h("div", { class: "toolbar" }, h("label", {}, "Site ", picker), mute, soundSwitch(), tabs), live, flood, admin);
  let floodPanel = null;

  tabs.addEventListener("click", (event) => {
    const view = event.target.closest("button")?.dataset.view;
    if (!view) return;
    for (const button of tabs.querySelectorAll("button")) button.toggleAttribute("aria-current", button.dataset.view === view);
    tabs.querySelector("[aria-current]").setAttribute("aria-current", "page");
    live.hidden = view !== "live";
    admin.hidden = view !== "admin";
    flood.hidden = view !== "flood";
    if (view === "flood" && !floodPanel) floodPanel = mountFlood(root.querySelector("#flood"), { connection });
  });

  let current = null;
  const closeSite = () => {
    current?.feed.stop();
    current?.disposers.forEach((dispose) => dispose?.());
  };
  async function show(site) {
    closeSite();
    sessionStorage.setItem(SITE_KEY, site);
    const feed = new SiteFeed(connection);
    const context = { connection, feed, site, role: welcome.role, me: welcome.user, server: welcome.server };
    const panel = (id) => root.querySelector(`#${id}`);
    const disposers = [
      mountAlertQueue(panel("alerts"), context),
      mountVisits(panel("visits"), context),
      mountCameras(panel("cameras"), context)?.dispose,
      mountPeople(panel("people"), context)?.dispose,
      mountChat(panel("chat"), context).dispose,
      mountAnalytics(panel("analytics"), context).dispose,
      mountAdministration(panel("administration"), context),
    ];
    await mountNotices(panel("notices"), context);
    current = { feed, disposers };
    await feed.start();
  }

  picker.addEventListener("change", () => show(picker.value));
  const remembered = sessionStorage.getItem(SITE_KEY);
  picker.value = sites.includes(remembered) ? remembered : sites[0];
  if (picker.value) {
    await show(picker.value);
  } else {
    // No site yet: an admin starts by creating one.
    live.replaceChildren(h("p", { class: "empty" }, "There is no site yet. An admin creates one under Administration, or with vigil site create."));
    mountAdministration(root.querySelector("#administration"), { connection, site: null, role: welcome.role, me: welcome.user });
  }
  return {
    dispose() {
      closeSite();
      floodPanel?.then((panel) => panel.dispose());
    },
  };
}
