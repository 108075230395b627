// The page's service worker, at the root so that its scope is the whole page. It does three jobs:
// - keeps the page's own files (never the hub's data about a site) so that the page opens
//   with no connection and says so, instead of the browser's error page;
// - shows each Web Push the hub sends (docs/protocol.md, "What is pushed") as a notification, one
//   per `tag`, so that a newer message about the same thing replaces the last;
// - on a click, takes an open page to the view the message links to, or opens one.
// The hub's token never reaches it: the page registers and removes subscriptions (ui/phone-notifications.js).

const SHELL = "vigil-shell-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page's own files (scripts, styles, icons, the manifest) and the page itself, by their address;
// never what the hub answers for a site (/api/, /thumbnails/, the map's tiles, the WebSocket).
const HUB_DATA = ["/api/", "/thumbnails/", "/map/", "/ws"];
const PAGE_FILE = /\.(js|css|json|png|svg|ico)$/;

function isShellRequest(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || HUB_DATA.some((prefix) => url.pathname.startsWith(prefix))) return false;
  return request.mode === "navigate" || PAGE_FILE.test(url.pathname);
}

// The network first, so that a page online always runs the hub's current files; the last copy when
// the hub cannot be reached. A page is kept by its path: its query only says what to show in it.
async function networkThenShell(request) {
  const cache = await caches.open(SHELL);
  const key = request.mode === "navigate" ? new URL(request.url).pathname : request;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  if (isShellRequest(event.request)) event.respondWith(networkThenShell(event.request));
});

// The files the page loaded before this worker controlled it (its first visit) are kept when it says which.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep") return;
  const urls = new Set(event.data.urls.filter((url) => new URL(url).pathname === "/" || isShellRequest(new Request(url))));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([...urls]))); // addAll refuses a list with a repeat
});

// A link of this page's origin, whatever the message says.
function ownURL(link) {
  const url = new URL(link ?? "/", self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL("/", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  const message = event.data?.json() ?? {};
  event.waitUntil(self.registration.showNotification(message.title ?? "Vigil", {
    body: message.body ?? "",
    tag: message.tag,
    renotify: Boolean(message.tag),
    icon: "/icons/icon-192.png",
    data: { url: ownURL(message.url) },
  }));
});

// An open page is taken to the view (it keeps its sign-in, which a new window would ask for again);
// with none open, a new one opens there.
async function openNotification(notification) {
  const [open] = await self.clients.matchAll({ type: "window" });
  if (!open) return self.clients.openWindow(notification.data.url);
  const moved = await open.navigate(notification.data.url);
  return (moved ?? open).focus();
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openNotification(event.notification));
});

// The push service ended the subscription (expired or renewed): subscribe again with the same key
// and tell the open pages, which register the new one with the hub in place of the old; a page
// opened later does the same when it signs in.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil((async () => {
    const key = event.oldSubscription?.options.applicationServerKey;
    if (!event.newSubscription && key) await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    for (const page of await self.clients.matchAll({ type: "window" })) page.postMessage({ type: "pushsubscriptionchange" });
  })());
});
