// Counts over a time window as a bar chart, drawn by Debian's Chart.js (served by the hub under
// /vendor): the analytics timeline (people per bucket) and a line zone's crossings per hour. Every
// bucket of the window has its place on the time axis, empty or not; the axis is labelled at a few
// round times (a bucket starting on one);
// a bar's tooltip says what it counts. A chart given `onSelect` opens a bucket's results: with the
// pointer on its bar, or from the keyboard, since each bucket that holds something is also a button
// in the canvas's fallback content (what assistive technology reads); focusing one shows its
// tooltip on the chart.
import { Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip } from "/vendor/chart.js/chart.esm.js";
import { h } from "../ui/dom.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const COLOURS = { bar: "#7cc4ff", selected: "#ffd84d", text: "#aab7c4", grid: "#2c3a48" };

/** "14:05", or "14:05:30" where buckets are shorter than a minute. */
const clock = (ms, step) => new Date(ms).toLocaleTimeString([], step < 60_000
  ? { hour: "2-digit", minute: "2-digit", second: "2-digit" } : { hour: "2-digit", minute: "2-digit" });

/** Durations a person reads at a glance, in ms: the steps a time axis is labelled at ("14:10, 14:20"), and round bucket lengths. */
export const ROUND_DURATIONS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400].map((s) => s * 1000);
const MAX_LABELS = 8;

/** The step between labelled buckets: a round duration and a whole number of buckets, at most MAX_LABELS over `span`. */
const labelStep = (step, span) =>
  ROUND_DURATIONS.find((candidate) => candidate % step === 0 && span / candidate <= MAX_LABELS) ?? Math.ceil(span / MAX_LABELS / step) * step;

/** Whether `ms` falls on a multiple of `every` on this browser's clock (its time zone's offset counted). */
const onRoundTime = (ms, every) => (ms - new Date(ms).getTimezoneOffset() * 60_000) % every === 0;

export class TimeChart {
  /**
   * `label`: what the chart shows, for assistive technology; `describe(count)`: a bucket's count in
   * words ("3 people"); `empty`: said when no bucket holds anything; `onSelect(bucket)`: opens a
   * bucket's results (its `start` and `end`, and whatever else the bucket was given).
   */
  constructor(container, { label, describe, empty, onSelect }) {
    this.describe = describe;
    this.empty = empty;
    this.onSelect = onSelect;
    this.buckets = [];
    this.fallback = h("ul", { class: "buckets" });
    // A group, not an image: what it holds (a button per bucket) is read and reached.
    this.canvas = h("canvas", { role: "group", "aria-label": label }, this.fallback);
    this.note = h("p", { class: "empty", hidden: true });
    container.replaceChildren(h("div", { class: "time-chart" }, this.canvas), this.note);
    this.chart = new Chart(this.canvas, {
      type: "bar",
      data: { labels: [], datasets: [{ data: [], backgroundColor: COLOURS.bar, hoverBackgroundColor: COLOURS.selected, categoryPercentage: 0.9, barPercentage: 1 }] },
      options: {
        animation: false,
        maintainAspectRatio: false,
        onClick: (_, elements) => elements.length && this.select(this.buckets[elements[0].index]),
        onHover: (event, elements) => { event.native.target.style.cursor = elements.length && onSelect ? "pointer" : "default"; },
        scales: {
          x: { ticks: { color: COLOURS.text, autoSkip: false, maxRotation: 0 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: COLOURS.text, precision: 0 }, grid: { color: COLOURS.grid } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { displayColors: false, callbacks: { title: () => "", label: (item) => this.buckets[item.dataIndex].text } },
        },
      },
    });
  }

  /** Shows `counts` (`[{start, end?, value, ...}]`, times in ms) in the window `from`–`to` cut in buckets of `step` ms. */
  show(counts, { from, to, step }) {
    const byStart = new Map(counts.map((count) => [count.start, count]));
    this.buckets = [];
    for (let start = from; start < to; start += step) {
      const count = byStart.get(start) ?? { start, value: 0 };
      this.buckets.push({ end: Math.min(start + step, to), ...count, text: `${clock(start, step)}: ${this.describe(count.value)}` });
    }
    const every = labelStep(step, to - from);
    this.chart.data.labels = this.buckets.map((bucket) => onRoundTime(bucket.start, every) ? clock(bucket.start, every) : "");
    this.chart.data.datasets[0].data = this.buckets.map((bucket) => bucket.value);
    this.chart.update();
    const held = this.buckets.filter((bucket) => bucket.value > 0);
    this.fallback.replaceChildren(...held.map((bucket) => h("li", {}, this.onSelect
      ? h("button", { type: "button", class: "bucket", dataset: { start: bucket.start, end: bucket.end },
        onclick: () => this.select(bucket), onfocus: () => this.highlight(bucket), onblur: () => this.highlight(null) }, bucket.text)
      : h("span", { class: "bucket", dataset: { start: bucket.start } }, bucket.text))));
    this.note.hidden = held.length > 0;
    this.note.textContent = this.empty;
  }

  select(bucket) {
    if (this.onSelect && bucket?.value > 0) this.onSelect(bucket);
  }

  /** Shows `bucket`'s tooltip as if the pointer were on its bar (none: hides it). */
  highlight(bucket) {
    const active = bucket ? [{ datasetIndex: 0, index: this.buckets.indexOf(bucket) }] : [];
    this.chart.setActiveElements(active);
    this.chart.tooltip.setActiveElements(active, { x: 0, y: 0 });
    this.chart.update();
  }

  destroy() {
    this.chart.destroy();
  }
}
