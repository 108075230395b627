// Bar charts over a time window, drawn as elements: the analytics timeline (people per bucket, each
// bar a button that opens its results) and a line zone's crossings per hour.
import { h } from "../ui/dom.js";

/**
 * Draws `bars` (`{start, end, value, label, dataset?, onSelect?}`, times in ms) into `chart`, each
 * as high as its value against the highest and placed in the window `from`–`to`; `empty` says
 * there are none. A bar with `onSelect` is a button.
 */
export function drawBars(chart, bars, { from, to, empty }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  chart.replaceChildren(...bars.map((bar) => {
    const element = bar.onSelect
      ? h("button", { type: "button", class: "bar", title: bar.label, "aria-label": bar.label, dataset: bar.dataset, onclick: bar.onSelect })
      : h("span", { class: "bar", role: "img", title: bar.label, "aria-label": bar.label, dataset: bar.dataset });
    element.style.height = `${(100 * bar.value) / most}%`;
    element.style.left = `${(100 * (bar.start - from)) / (to - from)}%`;
    element.style.width = `${Math.max(0.5, (100 * (bar.end - bar.start)) / (to - from))}%`;
    return element;
  }));
  if (!bars.length) chart.replaceChildren(h("p", { class: "empty" }, empty));
}
