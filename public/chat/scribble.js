// Scribbles over a thumbnail (the iCoseg format: foreground and background points in the image's
// pixels): drawn on a canvas laid over the picture, and drawn with the mouse or a finger.

const COLOURS = { foreground: "#ff5a4f", background: "#5ab0ff" };
const MAX_POINTS = 4000;

/** Draws `scribble` on `canvas`, sized to the image's pixels (CSS scales it over the picture). */
export function paintScribble(canvas, scribble, width, height) {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  context.clearRect(0, 0, width, height);
  const radius = Math.max(1.5, Math.min(width, height) / 60);
  for (const layer of ["background", "foreground"]) {
    context.strokeStyle = context.fillStyle = COLOURS[layer];
    context.lineWidth = radius * 1.2;
    context.lineCap = context.lineJoin = "round";
    let previous = null;
    for (const [x, y] of scribble?.[layer] ?? []) {
      // Points close together are one stroke; a jump starts another.
      if (previous && Math.hypot(x - previous[0], y - previous[1]) < radius * 6) {
        context.beginPath();
        context.moveTo(previous[0], previous[1]);
        context.lineTo(x, y);
        context.stroke();
      } else {
        context.beginPath();
        context.arc(x, y, radius, 0, 2 * Math.PI);
        context.fill();
      }
      previous = [x, y];
    }
  }
}

/**
 * Lets a person draw on `canvas` over `picture`: each pointer stroke adds points of `layer()` to
 * `scribble` in the image's pixels, and `onChange` runs after each stroke.
 */
export function drawOn(canvas, picture, scribble, layer, onChange) {
  let drawing = false;
  const point = (event) => {
    const box = canvas.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * picture.naturalWidth);
    const y = Math.floor(((event.clientY - box.top) / box.height) * picture.naturalHeight);
    return [Math.min(Math.max(x, 0), picture.naturalWidth - 1), Math.min(Math.max(y, 0), picture.naturalHeight - 1)];
  };
  const add = (event) => {
    const points = scribble[layer()];
    const [x, y] = point(event);
    const last = points.at(-1);
    if (last && Math.hypot(x - last[0], y - last[1]) < 1) return;
    if (scribble.foreground.length + scribble.background.length >= MAX_POINTS) return;
    points.push([x, y]);
    paintScribble(canvas, scribble, picture.naturalWidth, picture.naturalHeight);
  };
  canvas.addEventListener("pointerdown", (event) => {
    drawing = true;
    canvas.setPointerCapture(event.pointerId);
    add(event);
  });
  canvas.addEventListener("pointermove", (event) => { if (drawing) add(event); });
  const end = () => {
    if (!drawing) return;
    drawing = false;
    onChange();
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
}
