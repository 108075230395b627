// Regions and watch zones as SVG over a camera's frame, in its pixels: areas (rectangles, polygons,
// lassos) and lines with an arrow across them for the way their crossings count.
import { svg } from "../ui/dom.js";

/** The ways a line counts (docs/protocol.md §6.9), as the panel names them. */
export const DIRECTION_NAMES = { both: "both ways", "left-to-right": "left to right", "right-to-left": "right to left" };

/** One region of an area: `{rect}`, `{polygon}` or `{lasso}`. */
export function regionShape(region, className) {
  if (region.rect) return svg("rect", { class: className, x: region.rect.x, y: region.rect.y, width: region.rect.width, height: region.rect.height });
  return svg("polygon", { class: className, points: (region.polygon ?? region.lasso).map((p) => `${p.x},${p.y}`).join(" ") });
}

/**
 * A line `{from, to}` with an arrow across its middle whose heads point to the side a counted
 * crossing goes to: the right for `left-to-right`, the left for `right-to-left`, both for `both`.
 * Left and right are as seen from `from` looking towards `to` on the image, whose y points down.
 */
export function lineShape(line, direction, className) {
  const { from, to } = line;
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const along = { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
  const right = { x: -along.y, y: along.x };
  const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const reach = Math.max(12, length / 5);
  const head = reach / 3;
  // `side` steps to the right (1) or left (-1) of the middle, `ahead` along the line.
  const at = (side, ahead = 0) => ({ x: middle.x + side * right.x + ahead * along.x, y: middle.y + side * right.y + ahead * along.y });
  const heads = { "left-to-right": [1], "right-to-left": [-1] }[direction] ?? [1, -1];
  const group = svg("g", { class: className, "data-direction": direction });
  const [start, end] = [at(-reach), at(reach)];
  group.append(
    svg("line", { class: "zone-line", x1: from.x, y1: from.y, x2: to.x, y2: to.y }),
    svg("line", { class: "arrow", x1: start.x, y1: start.y, x2: end.x, y2: end.y }),
    ...heads.map((side) => svg("polygon", {
      class: "arrow-head",
      points: [at(side * reach), at(side * (reach - head), head / 2), at(side * (reach - head), -head / 2)].map((p) => `${p.x},${p.y}`).join(" "),
    })));
  return group;
}
