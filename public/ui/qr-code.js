// QR codes drawn in the page, so a checkpoint's code can be shown and printed without any other
// program, by Kazuhiko Arase's QR code generator (Debian's node-qrcode-generator, served under
// /vendor): byte mode, error correction level M, the smallest version (1–40) that holds the text,
// the mask with the lowest penalty. Only ASCII text: the generator writes no ECI header, without
// which readers disagree on what other bytes mean (zbar reads "é" as a Japanese character). The
// hub's checkpoint codes are ASCII (base64url).
import { classicScript } from "./classic-script.js";

async function generator() {
  await classicScript("/vendor/qrcode-generator/qrcode.js");
  return window.qrcode;
}

/** `text`'s code: its version and size, and `dark(x, y)` from the top left. Throws when the text is too long. */
export async function qrMatrix(text) {
  if (/[^\x20-\x7e]/.test(text)) throw new Error("a QR code is drawn of printable ASCII text only");
  const code = (await generator())(0, "M");
  code.addData(text, "Byte");
  try {
    code.make();
  } catch {
    throw new Error(`${text.length} characters are too many for a QR code`);
  }
  const size = code.getModuleCount();
  return { version: (size - 17) / 4, size, dark: (x, y) => code.isDark(y, x) };
}

/** Draws the QR code of `text` on `canvas`, which it sizes: `scale` pixels a module, `margin` modules of quiet zone. */
export async function drawQR(canvas, text, { scale = 6, margin = 4 } = {}) {
  const code = await qrMatrix(text);
  const side = (code.size + 2 * margin) * scale;
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, side, side);
  context.fillStyle = "#000";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.dark(x, y)) context.fillRect((x + margin) * scale, (y + margin) * scale, scale, scale);
    }
  }
}
