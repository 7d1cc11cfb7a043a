import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { measurePngInk } from "../../server/capture/browser/png-ink.js";

/** A PNG written here, row filters chosen per row, so every filter the reader reverses is exercised. */
function encodePng(width: number, height: number, channels: 3 | 4, pixel: (x: number, y: number) => number[], filterOf: (y: number) => number): Buffer {
  const stride = width * channels;
  const rows: Buffer[] = [];
  let above = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(stride);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y).slice(0, channels), x * channels);
    const filter = filterOf(y);
    const out = Buffer.alloc(stride + 1);
    out[0] = filter;
    for (let i = 0; i < stride; i += 1) {
      const left = i >= channels ? row[i - channels] : 0;
      const up = above[i];
      const upLeft = i >= channels ? above[i - channels] : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      out[i + 1] = (row[i] - predictor) & 0xff;
    }
    rows.push(out);
    above = row;
  }
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), body, Buffer.alloc(4)]); // the reader does not check CRCs
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** 40 x 40 white with a dark 10 x 10 square at (8, 8): sampled every 4th pixel, 9 of 100 samples are ink. */
const square = (x: number, y: number) => (x >= 8 && x < 18 && y >= 8 && y < 18 ? [20, 30, 40, 255] : [255, 255, 255, 255]);

describe("measurePngInk", () => {
  it.each([
    { name: "RGB, no filter", channels: 3 as const, filterOf: () => 0 },
    { name: "RGBA, every filter in turn", channels: 4 as const, filterOf: (y: number) => y % 5 },
    { name: "RGB, Paeth only", channels: 3 as const, filterOf: () => 4 },
  ])("$name", async ({ channels, filterOf }) => {
    const ink = await measurePngInk(encodePng(40, 40, channels, square, filterOf));
    expect(ink).toEqual({ width: 40, height: 40, inkRatio: 0.09 });
  });

  it("a single-colour image has no ink, whatever the colour", async () => {
    expect((await measurePngInk(encodePng(16, 16, 3, () => [12, 200, 7], (y) => y % 5))).inkRatio).toBe(0);
  });

  it("refuses what is not a PNG it reads", async () => {
    await expect(measurePngInk(Buffer.from("GIF89a"))).rejects.toThrow("not a PNG");
    const palette = encodePng(4, 4, 3, () => [0, 0, 0], () => 0);
    palette[8 + 8 + 9] = 3; // IHDR colour type: indexed
    await expect(measurePngInk(palette)).rejects.toThrow("unsupported PNG");
    const short = encodePng(40, 20, 3, square, () => 0);
    short.writeUInt32BE(40, 8 + 8 + 4); // claims 40 rows, holds 20
    await expect(measurePngInk(short)).rejects.toThrow("truncated PNG");
  });
});
