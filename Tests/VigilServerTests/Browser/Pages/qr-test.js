// Drives qr.js for QRCodeTests: `draw(text)` shows the text's code and gives its PNG as a data URL,
// `version(text)` the version chosen for it.
import { drawQR, qrMatrix } from "/qr.js";

window.draw = (text) => {
  const canvas = document.createElement("canvas");
  drawQR(canvas, text);
  document.body.replaceChildren(canvas);
  return canvas.toDataURL("image/png");
};
window.version = (text) => qrMatrix(text).version;
window.ready = true;
