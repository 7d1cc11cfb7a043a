import sharp from "sharp";
import phash from "sharp-phash";
import type { ImagePrint, ImageVariantPrint, MatchVerdict } from "../monitoring.types.js";
import { BoxMeans, type Grey } from "./box-means.js";
import { bitsToHex64, hammingHex64 } from "./hamming.js";
import { MatcherInputError } from "./matcher-errors.js";

/**
 * Pictures by perceptual hashes (64 bits each): pHash (sharp-phash: DCT of a 32×32 greyscale),
 * dHash (brightness gradients of 9×8 area means) and aHash (8×8 area means against their mean).
 * All three are computed from one greyscale decode by sharp (at most GREY_SIDE), so the work and
 * every found picture go through exactly the same resampling; the area means come from a
 * summed-area table (box-means.ts) so that the logo search hashes its windows the same way.
 * Greyscale makes a colour shift cheap to survive; mirrored and cropped copies meet a variant of
 * the work made the same way (fingerprintWorkImage).
 *
 * A pair matches when pHash AND dHash are both close: pHash alone confuses pictures of the same
 * layout (a sky over hills), dHash alone is fragile to recompression; requiring both kept the
 * labelled set's negatives out at no cost in recall (bench/monitor-matchers.bench.ts).
 */

/**
 * Thresholds in bits of 64, measured on tests/support/monitor-media-corpus.ts: the copies reached at
 * most pHash 14 / dHash 11 (a corner crop); other scenes came as close as pHash 13 but then had
 * dHash 20 or more, and as close as dHash 11 only with pHash 26 or more.
 */
export const IMAGE_THRESHOLDS = { phash: 16, dhash: 14 } as const;
/** Pixels a decoded picture may have (a bomb of a PNG is refused, not decoded). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the greyscale the hashes are taken from (enough for 32×32 and a logo search). */
export const GREY_SIDE = 512;
/** A work smaller than this on either side has too little in it to recognise anywhere. */
const MIN_WORK_SIDE = 32;
/** A found picture smaller than this (icons, tracking pixels) is not compared. */
const MIN_FOUND_SIDE = 24;

export type { Grey } from "./box-means.js";

/** Decode any picture sharp reads into a greyscale of at most GREY_SIDE, and its original size. */
export async function decodeGrey(bytes: Buffer): Promise<{ grey: Grey; width: number; height: number }> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).autoOrient();
    const { data, info } = await image
      .flatten({ background: "#ffffff" })
      .greyscale()
      .resize({ width: GREY_SIDE, height: GREY_SIDE, fit: "inside", withoutEnlargement: true })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().metadata();
    return { grey: { data, width: info.width, height: info.height }, width: meta.autoOrient?.width ?? meta.width ?? info.width, height: meta.autoOrient?.height ?? meta.height ?? info.height };
  } catch (error) {
    throw new MatcherInputError(`无法读取图片（文件已损坏或格式不受支持）：${(error as Error).message.slice(0, 120)}`);
  }
}

function rawInput(grey: Grey) {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
}

/** dHash: is each pixel of a 9×8 greyscale brighter than its right neighbour. */
export function dhashOf(pixels9x8: ArrayLike<number>): string {
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y += 1) for (let x = 0; x < 8; x += 1) bits.push(pixels9x8[y * 9 + x] > pixels9x8[y * 9 + x + 1]);
  return bitsToHex64(bits);
}

/** aHash: is each pixel of an 8×8 greyscale brighter than the mean. */
export function ahashOf(pixels8x8: ArrayLike<number>): string {
  let sum = 0;
  for (let i = 0; i < 64; i += 1) sum += pixels8x8[i];
  const mean = sum / 64;
  return bitsToHex64(Array.from({ length: 64 }, (_, i) => pixels8x8[i] > mean));
}

/** The three hashes of a greyscale picture. */
export async function hashGrey(grey: Grey): Promise<Pick<ImagePrint, "phash" | "dhash" | "ahash">> {
  const pBits = await phash(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
  const means = new BoxMeans(grey);
  return {
    phash: bitsToHex64(Array.from(pBits, (bit) => bit === "1")),
    dhash: dhashOf(means.grid(0, 0, grey.width, grey.height, 9, 8, new Float64Array(72))),
    ahash: ahashOf(means.grid(0, 0, grey.width, grey.height, 8, 8, new Float64Array(64))),
  };
}

/** A found picture's fingerprint. Throws MatcherInputError on a file that is no readable picture. */
export async function fingerprintImage(bytes: Buffer): Promise<ImagePrint> {
  const { grey, width, height } = await decodeGrey(bytes);
  return { ...(await hashGrey(grey)), width, height };
}

/** A rectangle of a greyscale, as shares of its width and height. */
export interface CropShare {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The variants a copy is compared with. Copiers mirror pictures and cut 10–20 % off their edges;
 * a crop changes every hash, so the work is hashed cut the same way: the centre at 80 % and 90 %,
 * and each corner at 85 % (a cut from two sides).
 */
export const WORK_VARIANTS: { variant: string; mirror: boolean; crop: CropShare | null }[] = [
  { variant: "original", mirror: false, crop: null },
  { variant: "mirrored", mirror: true, crop: null },
  { variant: "centre-80", mirror: false, crop: { left: 0.1, top: 0.1, width: 0.8, height: 0.8 } },
  { variant: "centre-90", mirror: false, crop: { left: 0.05, top: 0.05, width: 0.9, height: 0.9 } },
  { variant: "top-left-85", mirror: false, crop: { left: 0, top: 0, width: 0.85, height: 0.85 } },
  { variant: "top-right-85", mirror: false, crop: { left: 0.15, top: 0, width: 0.85, height: 0.85 } },
  { variant: "bottom-left-85", mirror: false, crop: { left: 0, top: 0.15, width: 0.85, height: 0.85 } },
  { variant: "bottom-right-85", mirror: false, crop: { left: 0.15, top: 0.15, width: 0.85, height: 0.85 } },
  { variant: "mirrored-centre-85", mirror: true, crop: { left: 0.075, top: 0.075, width: 0.85, height: 0.85 } },
];

async function variantGrey(grey: Grey, mirror: boolean, crop: CropShare | null): Promise<Grey> {
  let image = rawInput(grey);
  if (crop) {
    const left = Math.round(crop.left * grey.width);
    const top = Math.round(crop.top * grey.height);
    image = image.extract({ left, top, width: Math.max(1, Math.round(crop.width * grey.width)), height: Math.max(1, Math.round(crop.height * grey.height)) });
  }
  if (mirror) image = image.flop();
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A work picture's fingerprints: one per variant of WORK_VARIANTS. */
export async function fingerprintWorkImage(bytes: Buffer): Promise<ImageVariantPrint[]> {
  const { grey, width, height } = await decodeGrey(bytes);
  if (width < MIN_WORK_SIDE || height < MIN_WORK_SIDE) {
    throw new MatcherInputError(`图片太小（${width}×${height}），作品图片至少需要 ${MIN_WORK_SIDE}×${MIN_WORK_SIDE} 像素`);
  }
  return Promise.all(
    WORK_VARIANTS.map(async ({ variant, mirror, crop }) => {
      const hashes = await hashGrey(await variantGrey(grey, mirror, crop));
      return { variant, ...hashes, width: crop ? Math.round(crop.width * width) : width, height: crop ? Math.round(crop.height * height) : height };
    }),
  );
}

/** The distances of a found print to the work's closest variant (by pHash + dHash). */
export function closestVariant(work: ImageVariantPrint[], found: Pick<ImagePrint, "phash" | "dhash" | "ahash">) {
  let best: { variant: string; distances: { phash: number; dhash: number; ahash: number } } | null = null;
  for (const print of work) {
    const distances = { phash: hammingHex64(print.phash, found.phash), dhash: hammingHex64(print.dhash, found.dhash), ahash: hammingHex64(print.ahash, found.ahash) };
    if (!best || distances.phash + distances.dhash < best.distances.phash + best.distances.dhash) best = { variant: print.variant, distances };
  }
  return best;
}

export function isImageMatch(distances: { phash: number; dhash: number }): boolean {
  return distances.phash <= IMAGE_THRESHOLDS.phash && distances.dhash <= IMAGE_THRESHOLDS.dhash;
}

/** 100 for identical hashes, falling linearly with the pHash and dHash distances. */
export function imageScore(distances: { phash: number; dhash: number }): number {
  return Math.max(0, Math.round(100 * (1 - (distances.phash + distances.dhash) / 64)));
}

/** Compare a found picture with a work's variants. Null when no variant is close enough. */
export function matchImage(work: ImageVariantPrint[], found: ImagePrint, kind: "image" | "logo", imageUrl: string): MatchVerdict | null {
  if (found.width < MIN_FOUND_SIDE || found.height < MIN_FOUND_SIDE) return null;
  const best = closestVariant(work, found);
  if (!best || !isImageMatch(best.distances)) return null;
  return { score: imageScore(best.distances), match: { kind, imageUrl, distances: best.distances, variant: best.variant, region: null } };
}
