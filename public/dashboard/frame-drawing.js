// Drawing with a pointer over a camera's frame, in the frame's own pixels: a rectangle or a line
// from press to release, or a lasso along the stroke.

/**
 * Follows strokes on the SVG `frame`: `preview(shape)` while the pointer moves, `done(shape)` on
 * release, where a shape is `{rect}`, `{lasso}` or `{line: {from, to}}` as `tool()` says.
 */
export function drawOnFrame(frame, { tool, preview, done }) {
  const point = (event) => {
    const box = frame.getBoundingClientRect();
    const [, , width, height] = frame.getAttribute("viewBox").split(" ").map(Number);
    const clamp = (value, max) => Math.min(max, Math.max(0, value));
    return { x: clamp(((event.clientX - box.left) / box.width) * width, width), y: clamp(((event.clientY - box.top) / box.height) * height, height) };
  };
  let stroke = null;
  const shape = () => {
    const [a, b] = [stroke[0], stroke.at(-1)];
    switch (tool()) {
      case "lasso": return { lasso: stroke };
      case "line": return { line: { from: a, to: b } };
      default: return { rect: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) } };
    }
  };
  frame.addEventListener("pointerdown", (event) => {
    stroke = [point(event)];
    frame.setPointerCapture?.(event.pointerId);
  });
  frame.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    stroke.push(point(event));
    preview(shape());
  });
  frame.addEventListener("pointerup", () => {
    if (!stroke) return;
    const drawn = shape();
    stroke = null;
    done(drawn);
  });
}
