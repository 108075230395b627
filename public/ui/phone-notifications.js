// "Notify me on this phone": subscribes this browser to Web Push with the hub's public key and
// registers the subscription with the hub for the signed-in token on one site (docs/protocol.md,
// "Phones"), says in words where things stand, and turns it off again. The browser is asked for
// permission only when the person clicks. What this browser registered, and on which sites, is kept
// on the device, so that signing out removes it everywhere and a subscription the push service
// renewed replaces the old one at the hub.
import { h } from "./dom.js";
import { pushSettingsForm } from "./push-settings.js";

const REGISTERED_KEY = "vigil.push";

/** Whether this browser can receive Web Push at all: an iPhone's only in an app added to the home screen. */
const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const registered = () => JSON.parse(localStorage.getItem(REGISTERED_KEY) ?? "null") ?? { endpoint: null, sites: [] };

/** Whether this browser is registered for notifications on some site; the page keeps its sign-in then. */
export const isNotifiedPhone = () => registered().sites.length > 0;

// The page hears of each change on the document's "vigil:phone".
function remember(record) {
  if (record.sites.length) localStorage.setItem(REGISTERED_KEY, JSON.stringify(record));
  else localStorage.removeItem(REGISTERED_KEY);
  document.dispatchEvent(new Event("vigil:phone"));
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

// PushManager.subscribe takes the key as bytes; the hub serves it in base64url.
function keyBytes(base64url) {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

// Registers the subscription on `site`; one that is not the subscription registered before (the
// push service renewed it) replaces that one on every site it was registered on.
async function register(connection, site, subscription) {
  const { endpoint, keys } = subscription.toJSON();
  const record = registered();
  const replaces = record.endpoint && record.endpoint !== endpoint ? record.endpoint : undefined;
  const sites = [...new Set([...(replaces ? record.sites : []), site])];
  for (const each of sites) await connection.api("PUT", `/api/sites/${encodeURIComponent(each)}/push/phone`, { endpoint, keys, replaces });
  remember({ endpoint, sites: [...new Set([...record.sites, site])] });
}

async function remove(connection, site, endpoint) {
  try {
    await connection.api("DELETE", `/api/sites/${encodeURIComponent(site)}/push/phone`, { endpoint });
  } catch (error) {
    if (error.code !== "not_found") throw error; // already gone: the hub pruned it, or a revoked token's sweep did
  }
}

/**
 * Signing out: this browser's subscription is removed at the hub on every site it was registered
 * on, and ended, so the next person to sign in here starts with it off.
 */
export async function forgetThisPhone(connection) {
  const record = registered();
  if (!record.endpoint || !supported()) return;
  for (const site of record.sites) await remove(connection, site, record.endpoint).catch(() => {});
  remember({ endpoint: null, sites: [] });
  await (await currentSubscription())?.unsubscribe();
}

/** The control for `site`, with the person's push settings under it while it is on. */
export function phoneNotifications(connection, site) {
  const status = h("p", { class: "phone-status", role: "status" });
  const button = h("button", { type: "button", class: "phone-switch" });
  const settings = h("div", { class: "phone-settings" });
  const root = h("div", { class: "phone-notifications" }, status, button, settings);
  let on = false;

  function show(text, action = null) {
    status.textContent = text;
    button.hidden = !action;
    button.textContent = action ?? "";
    if (!on) settings.replaceChildren();
  }

  async function refresh() {
    if (!supported()) {
      on = false;
      return show("This browser cannot notify you. On an iPhone or iPad, add Vigil to the home screen (Share, then Add to Home Screen) and open it from there.");
    }
    if (Notification.permission === "denied") {
      on = false;
      return show("Notifications are blocked for Vigil in this browser. Allow them in the browser's site settings to turn them on.");
    }
    const subscription = Notification.permission === "granted" ? await currentSubscription() : null;
    const record = registered();
    if (subscription && record.sites.includes(site) && record.endpoint !== subscription.endpoint) await register(connection, site, subscription);
    // On is what the hub has: it drops a phone the push service says is gone, and a revoked token's.
    const { phones } = subscription ? await connection.api("GET", `/api/sites/${encodeURIComponent(site)}/push/phones`) : { phones: [] };
    if (phones.some((phone) => phone.endpoint === subscription.endpoint)) {
      on = true;
      show("This phone is notified of escalated alerts, messages for you and cameras sent to you, even with Vigil closed.", "Stop notifying this phone");
      if (!settings.firstChild) settings.replaceChildren(pushSettingsForm(connection, site));
      return;
    }
    on = false;
    show("This phone is not notified while Vigil is closed.", "Notify me on this phone");
  }

  async function turnOn() {
    if ((await Notification.requestPermission()) !== "granted") return refresh();
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await connection.api("GET", "/api/push/key");
    const subscription = (await registration.pushManager.getSubscription())
      ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    await register(connection, site, subscription);
  }

  async function turnOff() {
    const record = registered();
    await remove(connection, site, record.endpoint);
    const left = { endpoint: record.endpoint, sites: record.sites.filter((other) => other !== site) };
    remember(left);
    if (!left.sites.length) await (await currentSubscription())?.unsubscribe();
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    const wasOn = on;
    try {
      await (wasOn ? turnOff() : turnOn());
      await refresh();
    } catch (error) {
      show(`${wasOn ? "Not turned off" : "Not turned on"}: ${error.message}`, wasOn ? "Stop notifying this phone" : "Notify me on this phone");
    } finally {
      button.disabled = false;
    }
  });
  const renewed = (event) => {
    if (event.data?.type === "pushsubscriptionchange") refresh();
  };
  if (supported()) navigator.serviceWorker.addEventListener("message", renewed);
  refresh().catch((error) => show(`Notifications cannot be shown: ${error.message}`));
  return { element: root, dispose: () => supported() && navigator.serviceWorker.removeEventListener("message", renewed) };
}
