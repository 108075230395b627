// Drives the page's QR codes (public/ui/qr-code.js) for QRCodeTests: `draw(text)` shows the text's
// code and gives its PNG as a data URL, `version(text)` the version chosen for it.
import { drawQR, qrMatrix } from "/ui/qr-code.js";

window.draw = async (text) => {
  const canvas = document.createElement("canvas");
  await drawQR(canvas, text);
  document.body.replaceChildren(canvas);
  return canvas.toDataURL("image/png");
};
window.version = async (text) => (await qrMatrix(text)).version;
window.ready = true;
