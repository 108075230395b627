// Small DOM helpers shared by the dashboard and the guard's view: build elements without innerHTML
// (every text from the hub goes in as text, never as markup), and show times that stay current.

/** `h("li", {class: "alert", onclick: f}, "text", child)`: an element with attributes and children. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.flat().filter((child) => child !== undefined && child !== null && child !== false));
  return element;
}

/** `svg("rect", {x: 1})`: an SVG element with attributes, for drawings over a picture. */
export function svg(tag, attributes = {}) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** A `<time>` that says how long ago `ms` was and is kept current by `keepTimesCurrent`. */
export function ago(ms) {
  const element = h("time", { datetime: new Date(ms).toISOString(), title: new Date(ms).toLocaleString() });
  element.dataset.ts = ms;
  element.textContent = relative(ms);
  return element;
}

/** "now", "40 s ago", "3 min ago", "2 h ago", or the date. */
export function relative(ms, now = Date.now()) {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 5) return "now";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/** "in 4 min", "2 min overdue": how far a due time is. */
export function due(ms, now = Date.now()) {
  const minutes = Math.round(Math.abs(ms - now) / 60000);
  const span = minutes < 1 ? "under a minute" : `${minutes} min`;
  return ms >= now ? `due in ${span}` : `${span} overdue`;
}

/** Refreshes every `ago` time on the page every few seconds. */
export function keepTimesCurrent() {
  setInterval(() => {
    const now = Date.now();
    for (const element of document.querySelectorAll("time[data-ts]")) element.textContent = relative(Number(element.dataset.ts), now);
  }, 5000);
}

/** The `pattern` of a field for an id (a site, a token's name, a zone): the hub's identifier rule.
 * Browsers compile it with the `v` flag, where a `-` in a class must be escaped. */
export const ID_PATTERN = "[A-Za-z0-9._\\-]{1,64}";

/** The URL of a stored snapshot. */
export const thumbnailURL = (hash) => `/thumbnails/${hash}`;

/** Shows a passing message (a refusal, "copied") to assistive technology and the eye. */
export function announce(text) {
  const region = document.getElementById("announcer");
  region.textContent = "";
  requestAnimationFrame(() => { region.textContent = text; });
}
