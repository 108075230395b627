// The control room: one site at a time (chosen among the token's sites). The live view holds the
// alert queue; the camera wall, the locations being visited, the guards and their rounds; the chat
// and the notices; video analytics has a view of its own, beside the same chat and notices; for admins and operators the flood view
// and the administration view. The view last chosen is remembered. On a wall or desk screen every
// view fills the window and scrolls only inside its panels. Everything of a site comes through one
// SiteFeed; the flood view, which is not a site's, reads its own topics once it is first opened.
// "Notifications" in the toolbar has this device notified of the site shown while the page is
// closed (as a guard's phone is); a notification's link opens its site, its alert or its chat room.
import { h } from "../ui/dom.js";
import { muteSwitch, soundSwitch } from "../ui/sound.js";
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
import { phoneNotifications } from "../ui/phone-notifications.js";

const SITE_KEY = "vigil.site";
const VIEW_KEY = "vigil.view";

export async function mountDashboard(root, { connection, welcome, linked }) {
  const sites = welcome.sites.includes("*") ? (await connection.api("GET", "/api/sites")).sites.map((site) => site.id) : welcome.sites;
  const picker = h("select", { id: "site", "aria-label": "Site" }, sites.map((site) => h("option", { value: site }, site)));
  const mayAdminister = welcome.role === "admin" || welcome.role === "operator";
  const tab = (view, name) => h("button", { type: "button", dataset: { view } }, name);
  const tabs = h("nav", { class: "tabs", "aria-label": "Views" },
    tab("live", "Live"), tab("analytics", "Analytics"), tab("flood", "Flood"), mayAdminister ? tab("admin", "Administration") : null);
  // The chat and the notices beside the live view and the analytics view alike: a person found
  // in analytics is dragged into the chat.
  const side = h("div", { class: "side" }, h("section", { id: "chat", class: "panel" }), h("section", { id: "notices", class: "panel" }));
  const views = {
    live: h("div", { class: "view live" },
      h("section", { id: "alerts", class: "panel" }),
      h("div", { class: "middle" },
        // Lists without controls of their own, reached by keyboard to scroll them.
        h("section", { id: "cameras", class: "panel" }),
        h("section", { id: "visits", class: "panel", tabindex: "0", "aria-label": "Being visited" }),
        h("section", { id: "people", class: "panel", tabindex: "0", "aria-label": "Guards and rounds" })),
      side),
    analytics: h("div", { class: "view analytics-view", hidden: true }, h("section", { id: "analytics", class: "panel" })),
    flood: h("div", { class: "view flood-view", hidden: true }, h("section", { id: "flood", class: "panel" })),
    admin: h("div", { class: "view admin", hidden: true }, h("section", { id: "administration", class: "panel" })),
  };
  const notifications = h("div", { class: "phone-menu-panel" });
  const notificationsMenu = h("details", { class: "phone-menu" }, h("summary", {}, "Notifications"), notifications);
  root.replaceChildren(h("div", { class: "toolbar" }, h("label", {}, "Site ", picker), muteSwitch(), soundSwitch(), notificationsMenu, tabs), ...Object.values(views));
  document.body.classList.add("control-room");
  let floodPanel = null;

  function open(view) {
    for (const button of tabs.querySelectorAll("button")) {
      if (button.dataset.view === view) button.setAttribute("aria-current", "page");
      else button.removeAttribute("aria-current");
    }
    for (const [name, element] of Object.entries(views)) element.hidden = name !== view;
    if (view === "live" || view === "analytics") views[view].append(side);
    localStorage.setItem(VIEW_KEY, view);
    if (view === "flood" && !floodPanel) floodPanel = mountFlood(root.querySelector("#flood"), { connection });
  }
  tabs.addEventListener("click", (event) => {
    const view = event.target.closest("button")?.dataset.view;
    if (view) open(view);
  });
  const remembered = localStorage.getItem(VIEW_KEY);
  open(tabs.querySelector(`[data-view="${remembered}"]`) ? remembered : "live");

  let current = null; // {site, feed, disposers}: the site shown
  const closeSite = () => {
    delete root.dataset.shownSite;
    current?.feed.stop();
    current?.disposers.forEach((dispose) => dispose?.());
    current = null;
  };
  // One site opens after the other: a change of site while the last one is still loading waits for
  // it, so that no two feeds hold a topic at once (vigil.js takes one subscription a topic).
  let opening = Promise.resolve();
  const show = (site) => (opening = opening.then(() => openSite(site), () => openSite(site)));

  async function openSite(site) {
    if (current?.site === site) return;
    closeSite();
    sessionStorage.setItem(SITE_KEY, site);
    const feed = new SiteFeed(connection);
    // A notification's link names what to show on its site, the first time that site opens.
    const link = linked?.get("site") === site ? linked : new URLSearchParams();
    linked = null;
    const context = {
      connection, feed, site, role: welcome.role, me: welcome.user, token: welcome.token, server: welcome.server, linked: link.get("alert"),
    };
    const notifyThisDevice = phoneNotifications(connection, site);
    notifications.replaceChildren(notifyThisDevice.element);
    const panel = (id) => root.querySelector(`#${id}`);
    const disposers = [
      mountAlertQueue(panel("alerts"), context),
      mountVisits(panel("visits"), context),
      mountCameras(panel("cameras"), context)?.dispose,
      mountPeople(panel("people"), context)?.dispose,
      mountChat(panel("chat"), { ...context, room: link.get("room") ?? undefined }).dispose,
      mountAnalytics(panel("analytics"), context).dispose,
      mountAdministration(panel("administration"), context),
      notifyThisDevice.dispose,
    ];
    current = { site, feed, disposers };
    await mountNotices(panel("notices"), context);
    await feed.start();
    // Says which site the panels now show, once all of them do (a test waits for it after a change).
    root.dataset.shownSite = site;
  }

  picker.addEventListener("change", () => show(picker.value));
  const rememberedSite = sessionStorage.getItem(SITE_KEY);
  const linkedSite = linked?.get("site");
  picker.value = sites.includes(linkedSite) ? linkedSite : sites.includes(rememberedSite) ? rememberedSite : sites[0];
  if (picker.value) {
    await show(picker.value);
  } else {
    // No site yet: an admin starts by creating one.
    views.live.replaceChildren(h("p", { class: "empty" }, "There is no site yet. An admin creates one under Administration, or with vigil site create."));
    mountAdministration(root.querySelector("#administration"), { connection, site: null, role: welcome.role, token: welcome.token });
  }
  return {
    dispose() {
      document.body.classList.remove("control-room");
      closeSite();
      floodPanel?.then((panel) => panel.dispose());
    },
  };
}
