import { createInflate } from "node:zlib";

/**
 * How much of a screenshot is "ink": the share of pixels differing from its dominant colour, 0..1.
 * A blank render (white page, a spinner on white) is near 0. Our own small PNG reader, because the
 * only PNGs it reads are Chromium's screenshots (8-bit RGB or RGBA, not interlaced) and an image
 * library for one number is a large dependency; anything else is refused with an error.
 *
 * Every row is unfiltered (each depends on the one above), but only every SAMPLE_STEP-th pixel of
 * every SAMPLE_STEP-th row is counted: a 1366 x 20000 page is 27 M pixels, 1.7 M samples. The image
 * is inflated as a stream and read a chunk at a time, so the ~0.7 s a page that tall takes here is
 * spread over many turns of the event loop instead of holding the server for all of it.
 */
const SAMPLE_STEP = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngInk {
  width: number;
  height: number;
  inkRatio: number;
}

export async function measurePngInk(png: Buffer): Promise<PngInk> {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let offset = 8; offset + 8 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = body.subarray(8, 13);
      if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) {
        throw new Error(`unsupported PNG (bit depth ${bitDepth}, colour type ${colourType}, interlace ${interlace})`);
      }
      channels = colourType === 6 ? 4 : 3;
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (channels === 0 || width === 0 || height === 0) throw new Error("PNG without an image header");

  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  let current = Buffer.alloc(stride);
  const counts = new Map<number, number>();
  let samples = 0;
  let y = 0;
  let pending: Buffer = Buffer.alloc(0);
  const inflater = createInflate();
  inflater.end(Buffer.concat(data));
  for await (const chunk of inflater as AsyncIterable<Buffer>) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (; offset + stride + 1 <= pending.length && y < height; offset += stride + 1, y += 1) {
      unfilter(pending[offset], pending.subarray(offset + 1, offset + 1 + stride), previous, current, channels);
      if (y % SAMPLE_STEP === 0) {
        for (let x = 0; x < width; x += SAMPLE_STEP) {
          const at = x * channels;
          const colour = (current[at] << 16) | (current[at + 1] << 8) | current[at + 2];
          counts.set(colour, (counts.get(colour) ?? 0) + 1);
          samples += 1;
        }
      }
      [previous, current] = [current, previous];
    }
    pending = pending.subarray(offset);
  }
  if (y < height) throw new Error("truncated PNG");
  let dominant = 0;
  for (const count of counts.values()) if (count > dominant) dominant = count;
  return { width, height, inkRatio: samples === 0 ? 0 : (samples - dominant) / samples };
}

/** PNG filter types 0-4 (RFC 2083 §6), reversed into `out` using the previous unfiltered row. */
function unfilter(filter: number, row: Buffer, above: Buffer, out: Buffer, bpp: number): void {
  for (let i = 0; i < row.length; i += 1) {
    const left = i >= bpp ? out[i - bpp] : 0;
    const up = above[i];
    const upLeft = i >= bpp ? above[i - bpp] : 0;
    let value = row[i];
    if (filter === 1) value += left;
    else if (filter === 2) value += up;
    else if (filter === 3) value += (left + up) >> 1;
    else if (filter === 4) value += paeth(left, up, upLeft);
    else if (filter !== 0) throw new Error(`bad PNG filter ${filter}`);
    out[i] = value & 0xff;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
