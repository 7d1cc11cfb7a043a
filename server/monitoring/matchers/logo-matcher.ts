import sharp from "sharp";
import type { ImageVariantPrint, MatchVerdict } from "../monitoring.types.js";
import { BoxMeans } from "./box-means.js";
import { popcount32 } from "./hamming.js";
import { closestVariant, decodeGrey, type Grey, hashGrey } from "./image-matcher.js";

/**
 * A logo or trademark appears as a region of a bigger picture (a product photo, a banner), so
 * hashing the whole picture cannot find it. We search windows of the work's aspect ratio at
 * geometric scales (×1.2) and a stride of an eighth of the window, and compare each with the work:
 * 1. cheaply, every window: dHash and aHash from area means (box-means.ts, O(1) per cell; the
 *    same method the work's own dHash and aHash were taken with), against the work's original and
 *    mirrored variants, then the best few moved around at a finer step and nearby sizes;
 * 2. exactly, the few best distinct windows: cut out and hashed by the same pipeline as the work
 *    (sharp-phash's pHash, dHash, aHash), compared with all of the work's variants; the closest two
 *    climb to a neighbouring placement a few pixels off while that brings them closer.
 * Why this and not a detector: without a trained model, an exhaustive multi-scale window search is
 * the honest way to locate a known mark, and stage 2 makes the verdict rest on the same hashes as a
 * whole-picture match (with thresholds of its own, LOGO_THRESHOLDS). Its limit: the mark must keep its own background (a badge or
 * a tile, as marks are printed on packaging and banners); a mark with a transparent background over
 * a busy photo changes its hashes with what is behind it.
 */

/** Smallest window side in pixels of the decoded greyscale (≤ 512 px): below it a mark is unreadable. */
const MIN_WINDOW_SIDE = 24;
/** Each scale is this much larger than the previous one. */
const SCALE_STEP = 1.2;
/** Stride as a share of the window's width and height. */
const STRIDE_SHARE = 1 / 8;
/** Windows checked exactly (stage 2), distinct from each other. */
const CANDIDATES = 6;
/** Of those, the closest few are also tried a few pixels off (see matchLogo). */
const REFINED = 2;
/** Climbing steps per refined region (each hashes up to four neighbours). */
const CLIMB_MOVES = 4;
/** Stage 1 keeps windows up to this many differing bits of dHash + 2 × aHash (of 192). */
const STAGE_ONE_MAX_BITS = 48;
/** A window whose 8×8 box means span fewer grey levels is flat (sky, a wall): its hashes are noise. */
const MIN_CONTRAST = 12;
/**
 * A region is the mark when pHash AND aHash are close. Not dHash, unlike whole pictures: a mark is
 * flat graphics, and on flat areas neighbouring cells are equal and dHash bits flip with the
 * slightest misplacement (an exact cut of a placed mark measured pHash 1, aHash 1, dHash 15).
 * Measured on the logo set of tests/support/monitor-media-corpus.ts: placed marks came out at
 * pHash 0–8 / aHash 0–4 after the climb (two small placements of a low-contrast mark were not
 * found); another invented mark of the same layout (a light triangle and letters on a green tile)
 * came as close as pHash 7 / aHash 1. Greyscale hashes cannot tell those apart; see the benchmark.
 */
export const LOGO_THRESHOLDS = { phash: 8, ahash: 4 } as const;
function isLogoMatch(distances: { phash: number; ahash: number }): boolean {
  return distances.phash <= LOGO_THRESHOLDS.phash && distances.ahash <= LOGO_THRESHOLDS.ahash;
}

interface Window {
  left: number;
  top: number;
  width: number;
  height: number;
  bits: number;
}

/** dHash and aHash words (high, low) of a window from its 9×8 and 8×8 box means; null when the window is flat. */
function windowWords(d: Float64Array, a: Float64Array): [number, number, number, number] | null {
  let sum = 0;
  let min = 255;
  let max = 0;
  for (let i = 0; i < 64; i += 1) {
    sum += a[i];
    if (a[i] < min) min = a[i];
    if (a[i] > max) max = a[i];
  }
  if (max - min < MIN_CONTRAST) return null;
  const mean = sum / 64;
  let dHigh = 0;
  let dLow = 0;
  let aHigh = 0;
  let aLow = 0;
  for (let i = 0; i < 32; i += 1) {
    const row = i >> 3;
    const col = i & 7;
    dHigh = (dHigh << 1) | (d[row * 9 + col] > d[row * 9 + col + 1] ? 1 : 0);
    dLow = (dLow << 1) | (d[(row + 4) * 9 + col] > d[(row + 4) * 9 + col + 1] ? 1 : 0);
    aHigh = (aHigh << 1) | (a[i] > mean ? 1 : 0);
    aLow = (aLow << 1) | (a[i + 32] > mean ? 1 : 0);
  }
  return [dHigh >>> 0, dLow >>> 0, aHigh >>> 0, aLow >>> 0];
}

function hexWords(hex: string): [number, number] {
  return [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8, 16), 16) >>> 0];
}

function overlapShare(a: Window, b: Window): number {
  const width = Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left));
  const height = Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));
  const inter = width * height;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

type Reference = { d: [number, number]; a: [number, number] };

/** Differing bits of dHash + aHash between a window and the closest reference (192 when flat; aHash bits count double). */
function windowBits(means: BoxMeans, window: Omit<Window, "bits">, references: Reference[], d: Float64Array, a: Float64Array): number {
  means.grid(window.left, window.top, window.width, window.height, 9, 8, d);
  means.grid(window.left, window.top, window.width, window.height, 8, 8, a);
  const w = windowWords(d, a);
  if (!w) return 192;
  let bits = 192;
  // aHash counts double: a mark is flat graphics, where many neighbouring cells are equal and dHash bits are noise.
  for (const ref of references) bits = Math.min(bits, popcount32(w[0] ^ ref.d[0]) + popcount32(w[1] ^ ref.d[1]) + 2 * (popcount32(w[2] ^ ref.a[0]) + popcount32(w[3] ^ ref.a[1])));
  return bits;
}

/**
 * Stage 1: every window on a coarse grid, scored against the work's original and mirrored variants;
 * the best distinct ones are then moved around their place at a fine step and a few nearby sizes
 * (cheap here), so stage 2 hashes well-placed windows.
 */
function proposeWindows(grey: Grey, work: ImageVariantPrint[]): Window[] {
  const references: Reference[] = work.filter((v) => v.variant === "original" || v.variant === "mirrored").map((v) => ({ d: hexWords(v.dhash), a: hexWords(v.ahash) }));
  const original = work.find((v) => v.variant === "original") ?? work[0];
  const aspect = original.width / original.height;
  const means = new BoxMeans(grey);
  const d = new Float64Array(72);
  const a = new Float64Array(64);
  const fits = (w: Omit<Window, "bits">) => w.left >= 0 && w.top >= 0 && w.width >= MIN_WINDOW_SIDE && w.height >= MIN_WINDOW_SIDE && w.left + w.width <= grey.width && w.top + w.height <= grey.height;
  const kept: Window[] = [];
  const widest = Math.min(grey.width, Math.floor(grey.height * aspect));
  for (let width = Math.max(MIN_WINDOW_SIDE, Math.round(MIN_WINDOW_SIDE * aspect)); width <= widest; width = Math.max(width + 1, Math.round(width * SCALE_STEP))) {
    const height = Math.round(width / aspect);
    const stepX = Math.max(1, Math.round(width * STRIDE_SHARE));
    const stepY = Math.max(1, Math.round(height * STRIDE_SHARE));
    for (let top = 0; top + height <= grey.height; top += stepY) {
      for (let left = 0; left + width <= grey.width; left += stepX) {
        const window = { left, top, width, height };
        if (!fits(window)) continue;
        const bits = windowBits(means, window, references, d, a);
        if (bits <= STAGE_ONE_MAX_BITS) kept.push({ ...window, bits });
      }
    }
  }
  kept.sort((x, y) => x.bits - y.bits);
  const distinct: Window[] = [];
  for (const window of kept) {
    if (distinct.every((other) => overlapShare(other, window) < 0.3)) distinct.push(window);
    if (distinct.length === CANDIDATES) break;
  }
  return distinct.map((coarse) => {
    let best = coarse;
    const step = Math.max(1, Math.round((coarse.width * STRIDE_SHARE) / 4));
    for (const factor of [0.92, 0.96, 1, 1.04, 1.08]) {
      const width = Math.round(coarse.width * factor);
      const height = Math.round(width / aspect);
      const centreX = coarse.left + coarse.width / 2;
      const centreY = coarse.top + coarse.height / 2;
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const window = { left: Math.round(centreX - width / 2) + dx * step, top: Math.round(centreY - height / 2) + dy * step, width, height };
          if (!fits(window)) continue;
          const bits = windowBits(means, window, references, d, a);
          if (bits < best.bits) best = { ...window, bits };
        }
      }
    }
    return best;
  });
}

async function cut(grey: Grey, window: Window): Promise<Grey> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .extract({ left: window.left, top: window.top, width: window.width, height: window.height })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Look for a work's logo inside a found picture. Answers the best region (in the picture's own
 * pixels) when it matches, else null. Throws MatcherInputError when the bytes are no picture.
 */
export async function matchLogo(work: ImageVariantPrint[], foundBytes: Buffer, imageUrl: string): Promise<MatchVerdict | null> {
  if (work.length === 0) return null;
  const { grey, width, height } = await decodeGrey(foundBytes);
  type Checked = { window: Window; variant: string; distances: { phash: number; dhash: number; ahash: number } };
  const check = async (window: Window): Promise<Checked | null> => {
    const found = closestVariant(work, await hashGrey(await cut(grey, window)));
    return found && { window, ...found };
  };
  const closeness = (checked: Checked) => checked.distances.phash + checked.distances.ahash;
  const checked = (await Promise.all(proposeWindows(grey, work).map(check))).filter((c): c is Checked => c !== null).sort((x, y) => closeness(x) - closeness(y));
  // pHash moves several bits when a hard-edged mark is cut 2 px off, which the area means of stage 1
  // cannot place exactly: the best regions climb to the neighbouring placement that is closer, a
  // few pixels at a time (a full grid of shifts costs four times as many hashes for the same result).
  let best: Checked | null = null;
  for (const candidate of checked.slice(0, REFINED)) {
    let current = candidate;
    let step = Math.max(1, Math.round(candidate.window.width / 60));
    for (let moves = 0; moves < CLIMB_MOVES && step >= 1; moves += 1) {
      const around = [
        [step, 0],
        [-step, 0],
        [0, step],
        [0, -step],
      ]
        .map(([dx, dy]) => ({ ...current.window, left: current.window.left + dx, top: current.window.top + dy }))
        .filter((w) => w.left >= 0 && w.top >= 0 && w.left + w.width <= grey.width && w.top + w.height <= grey.height);
      const next = (await Promise.all(around.map(check))).filter((c): c is Checked => c !== null).sort((x, y) => closeness(x) - closeness(y))[0];
      if (next && closeness(next) < closeness(current)) current = next;
      else step = step === 1 ? 0 : Math.floor(step / 2);
    }
    if (isLogoMatch(current.distances) && (!best || closeness(current) < closeness(best))) best = current;
  }
  if (!best) return null;
  const scale = width / grey.width;
  const region = {
    left: Math.round(best.window.left * scale),
    top: Math.round(best.window.top * (height / grey.height)),
    width: Math.round(best.window.width * scale),
    height: Math.round(best.window.height * (height / grey.height)),
  };
  return { score: Math.max(0, Math.round(100 * (1 - (best.distances.phash + best.distances.ahash) / 64))), match: { kind: "logo", imageUrl, distances: best.distances, variant: best.variant, region } };
}
