// qr.js: QR codes (ISO/IEC 18004) drawn in the page, so a checkpoint's code can be shown and printed
// without any other program. Text is encoded in byte mode as UTF-8, at error correction level M, in
// the smallest version (1–40) that holds it, under whichever of the eight masks scores the lowest
// penalty. Text that is not all ASCII starts with ECI 26, which tells readers its bytes are UTF-8
// (ASCII reads the same in ISO 8859-1, the byte mode's default, so it needs none and keeps the room).
// Plain ES module, no dependency:
//   import { qrMatrix, drawQR } from "/qr.js";
//   const code = qrMatrix(text);  // { version, size, dark(x, y) }: x and y from the top left, 0 to size - 1
//   drawQR(canvas, text);         // black on white, 6 px a module, 4 modules of quiet zone
// Both throw an Error when the text is too long for a QR code (at level M, 2331 bytes of ASCII, or
// 2329 bytes of other UTF-8).

// Level M, versions 1 to 40: error correction codewords in each block, and the number of blocks.
const EC_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

// The eight data masks: a module is inverted where its mask is true (x is the column, y the row).
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x, y) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The modules of the QR code of `text`: `{ version, size, dark(x, y) }`. */
export function qrMatrix(text) {
  const bytes = new TextEncoder().encode(text);
  const version = smallestVersion(bytes);
  const unmasked = functionPatterns(version);
  placeCodewords(unmasked, withErrorCorrection(dataCodewords(bytes, version), version));
  let best = null;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const grid = masked(unmasked, mask);
    const score = penalty(grid);
    if (best === null || score < best.score) best = { grid, score };
  }
  const { size, dark } = best.grid;
  return { version, size, dark: (x, y) => dark[y * size + x] === 1 };
}

/** Draws the QR code of `text` on `canvas`, which it sizes: `scale` pixels a module, `margin` modules of quiet zone. */
export function drawQR(canvas, text, { scale = 6, margin = 4 } = {}) {
  const code = qrMatrix(text);
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

// Capacity

function smallestVersion(bytes) {
  for (let version = 1; version <= 40; version++) {
    if (headerBits(bytes, version) + 8 * bytes.length <= 8 * dataCapacity(version)) return version;
  }
  throw new Error(`qr.js: ${bytes.length} bytes of UTF-8 are too many for a QR code`);
}

function needsECI(bytes) {
  return bytes.some((byte) => byte >= 0x80);
}

// The ECI if any (mode 0111, assignment 26 in 8 bits), then mode 0100 (bytes) and the byte count.
function headerBits(bytes, version) {
  return (needsECI(bytes) ? 12 : 0) + 4 + countBits(version);
}

// The width of the byte count after the mode indicator.
function countBits(version) {
  return version < 10 ? 8 : 16;
}

// Data codewords of a version at level M: all its codewords less those of error correction.
function dataCapacity(version) {
  return Math.floor(codewordModules(version) / 8) - EC_PER_BLOCK[version - 1] * BLOCKS[version - 1];
}

// The modules left for codewords once the function patterns are drawn (a few of them, fewer than 8,
// are remainder bits that hold no codeword).
function codewordModules(version) {
  const size = 4 * version + 17;
  const perSide = alignmentCentres(version).length;
  // Alignment patterns are 5 × 5, not over the finders; those on the timing patterns share 5 modules with them.
  const alignment = perSide === 0 ? 0 : 25 * (perSide * perSide - 3) - 10 * (perSide - 2);
  const finders = 3 * 64; // with their separators
  const timing = 2 * (size - 16);
  const format = 2 * 15 + 1; // and the dark module
  const versionInformation = version >= 7 ? 2 * 18 : 0;
  return size * size - finders - timing - format - alignment - versionInformation;
}

// The rows (and columns) of the alignment patterns' centres.
function alignmentCentres(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const last = 4 * version + 10;
  // Evenly spaced back from the last one by an even step, the first gap taking what is left;
  // version 32 is the one exception to the rule in the standard's table.
  const step = version === 32 ? 26 : 2 * Math.ceil((last - 6) / (2 * (count - 1)));
  return [6, ...Array.from({ length: count - 1 }, (_, i) => last - (count - 2 - i) * step)];
}

// Codewords

// The header, the bytes, a terminator of up to 4 zero bits, zeros to the next byte,
// then the pad bytes 0xEC and 0x11 in turn up to the version's capacity.
function dataCodewords(bytes, version) {
  const capacity = dataCapacity(version);
  const bits = [];
  const append = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  if (needsECI(bytes)) {
    append(0b0111, 4);
    append(26, 8);
  }
  append(0b0100, 4);
  append(bytes.length, countBits(version));
  for (const byte of bytes) append(byte, 8);
  append(0, Math.min(4, 8 * capacity - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < capacity; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

// Splits the data into the version's blocks (the shorter ones first), gives each its Reed–Solomon
// codewords, then interleaves: the first codeword of every block, then the second, and so on,
// the data before the error correction.
function withErrorCorrection(data, version) {
  const blockCount = BLOCKS[version - 1];
  const shortLength = Math.floor(data.length / blockCount);
  const longCount = data.length % blockCount;
  const divisor = generatorPolynomial(EC_PER_BLOCK[version - 1]);
  const dataBlocks = [];
  for (let block = 0, start = 0; block < blockCount; block++) {
    const length = shortLength + (block >= blockCount - longCount ? 1 : 0);
    dataBlocks.push(data.slice(start, start + length));
    start += length;
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomonRemainder(block, divisor));
  return [...interleave(dataBlocks), ...interleave(ecBlocks)];
}

function interleave(blocks) {
  const longest = Math.max(...blocks.map((block) => block.length));
  const codewords = [];
  for (let i = 0; i < longest; i++) {
    for (const block of blocks) if (i < block.length) codewords.push(block[i]);
  }
  return codewords;
}

// GF(256) with the field polynomial x^8 + x^4 + x^3 + x^2 + 1; α = 2. EXP is doubled so that
// EXP[LOG[a] + LOG[b]] needs no modulo.
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = EXP[i + 255] = value;
  LOG[value] = i;
  value = (value << 1) ^ (value & 0x80 ? 0x11d : 0);
}

function multiply(a, b) {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

// (x - α^0)(x - α^1)…(x - α^(degree-1)), coefficients from the highest power down.
function generatorPolynomial(degree) {
  let polynomial = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(polynomial.length + 1).fill(0);
    polynomial.forEach((coefficient, j) => {
      next[j] ^= coefficient;
      next[j + 1] ^= multiply(coefficient, EXP[i]);
    });
    polynomial = next;
  }
  return polynomial;
}

// The remainder of data(x)·x^degree divided by the generator: the block's error correction codewords.
function reedSolomonRemainder(data, generator) {
  const remainder = new Array(generator.length - 1).fill(0);
  for (const codeword of data) {
    const factor = codeword ^ remainder.shift();
    remainder.push(0);
    for (let i = 0; i < remainder.length; i++) remainder[i] ^= multiply(generator[i + 1], factor);
  }
  return remainder;
}

// Remainder of a polynomial over GF(2) (bits of an integer) divided by another: the BCH codes of
// the format and version information.
function binaryRemainder(value, divisor) {
  const degree = 31 - Math.clz32(divisor);
  while (31 - Math.clz32(value) >= degree) value ^= divisor << (31 - Math.clz32(value) - degree);
  return value;
}

// The matrix

// A grid of `size` × `size` modules; `reserved` marks those of function patterns, which hold no
// data and are not masked.
function functionPatterns(version) {
  const size = 4 * version + 17;
  const grid = { size, dark: new Uint8Array(size * size), reserved: new Uint8Array(size * size) };
  for (let i = 0; i < size; i++) {
    setFunction(grid, 6, i, i % 2 === 0);
    setFunction(grid, i, 6, i % 2 === 0);
  }
  for (const [x, y] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    // Rings around the centre: a 3 × 3 dark core, light, dark, then the light separator.
    drawSquare(grid, x, y, 4, (ring) => ring !== 2 && ring !== 4);
  }
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((y, row) => centres.forEach((x, column) => {
    const onAFinder = (row === 0 && (column === 0 || column === last)) || (row === last && column === 0);
    if (!onAFinder) drawSquare(grid, x, y, 2, (ring) => ring !== 1);
  }));
  // Reserves the format areas; the chosen mask's format is drawn over them.
  drawFormat(grid, 0);
  if (version >= 7) drawVersion(grid, version);
  return grid;
}

function setFunction(grid, x, y, dark) {
  grid.dark[y * grid.size + x] = dark ? 1 : 0;
  grid.reserved[y * grid.size + x] = 1;
}

// The square of modules up to `radius` around (x, y), clipped to the grid; `isDark(ring)` colours each ring.
function drawSquare(grid, x, y, radius, isDark) {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const [column, row] = [x + dx, y + dy];
      if (column >= 0 && row >= 0 && column < grid.size && row < grid.size) {
        setFunction(grid, column, row, isDark(Math.max(Math.abs(dx), Math.abs(dy))));
      }
    }
  }
}

// Level M (bits 00) and the mask in 5 bits, their BCH(15,5) code, XORed with 101010000010010 so
// that no format is all light; two copies: beside the top-left finder, and split between the other two.
function drawFormat(grid, mask) {
  const data = (0b00 << 3) | mask;
  const bits = ((data << 10) | binaryRemainder(data << 10, 0x537)) ^ 0x5412;
  const size = grid.size;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i < 15; i++) {
    const [x, y] = i < 6 ? [8, i] : i < 8 ? [8, i + 1] : i === 8 ? [7, 8] : [14 - i, 8];
    setFunction(grid, x, y, bit(i));
    setFunction(grid, ...(i < 8 ? [size - 1 - i, 8] : [8, size - 15 + i]), bit(i));
  }
  setFunction(grid, 8, size - 8, true);
}

// The version in 6 bits and their BCH(18,6) code, in two 3 × 6 blocks: above the bottom-left finder
// and, transposed, left of the top-right one.
function drawVersion(grid, version) {
  const bits = (version << 12) | binaryRemainder(version << 12, 0x1f25);
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const [near, far] = [Math.floor(i / 3), grid.size - 11 + (i % 3)];
    setFunction(grid, near, far, dark);
    setFunction(grid, far, near, dark);
  }
}

// Codeword bits, most significant first, up and down two-module columns from the bottom right,
// skipping the function patterns and the vertical timing pattern's column; the remainder bits are light.
function placeCodewords(grid, codewords) {
  const size = grid.size;
  let bit = 0;
  for (let right = size - 1, pair = 0; right >= 1; right -= 2, pair++) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const y = pair % 2 === 0 ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        const index = y * size + x;
        if (grid.reserved[index]) continue;
        const codeword = codewords[bit >> 3] ?? 0;
        grid.dark[index] = (codeword >> (7 - (bit & 7))) & 1;
        bit++;
      }
    }
  }
}

// A copy of the grid with the mask applied to the data modules and its format drawn.
function masked(grid, mask) {
  const copy = { ...grid, dark: grid.dark.slice() };
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      const index = y * grid.size + x;
      if (!grid.reserved[index] && MASKS[mask](x, y)) copy.dark[index] ^= 1;
    }
  }
  drawFormat(copy, mask);
  return copy;
}

// The standard's penalty of a masked symbol, lower being easier to read: runs of five or more
// modules of one colour in a row or column, 2 × 2 blocks of one colour, finder-like 1:1:3:1:1
// patterns with four light modules on one side, and a share of dark modules far from half.
function penalty({ size, dark }) {
  const at = (x, y) => dark[y * size + x];
  let score = 0;
  for (const line of [(i, j) => at(j, i), (i, j) => at(i, j)]) {
    for (let i = 0; i < size; i++) {
      let run = 0;
      // The last 15 modules, one a bit, the light quiet zone on either side included: a finder-like
      // 1011101 in the middle counts once if the 4 modules before it or the 4 after are light.
      let window = 0;
      for (let j = 0; j < size + 4; j++) {
        const module = j < size ? line(i, j) : 0;
        window = ((window << 1) | module) & 0x7fff;
        if (((window >> 4) & 0x7f) === 0b1011101 && ((window & 0xf) === 0 || window >> 11 === 0)) score += 40;
        if (j >= size) continue;
        run = j > 0 && module === line(i, j - 1) ? run + 1 : 1;
        if (run === 5) score += 3;
        else if (run > 5) score += 1;
      }
    }
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const colour = at(x, y);
      if (at(x + 1, y) === colour && at(x, y + 1) === colour && at(x + 1, y + 1) === colour) score += 3;
    }
  }
  const darkCount = dark.reduce((sum, module) => sum + module, 0);
  // 10 points for each full 5% the dark share is away from 50%.
  return score + 10 * Math.floor(Math.abs(20 * darkCount - 10 * size * size) / (size * size));
}
