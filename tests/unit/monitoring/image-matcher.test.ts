import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { HitMatchSchema } from "../../../src/schema/monitor.js";
import { fingerprintImage, fingerprintWorkImage, MatcherInputError, matchImage } from "../../../server/monitoring/matchers/index.js";
import type { ImageVariantPrint } from "../../../server/monitoring/monitoring.types.js";
import { derivedPicture, pictureSet, samplePicture, unrelatedPicture } from "../../support/monitor-media-corpus.js";

/** The picture matcher (pHash + dHash over variants of the work) on a slice of the labelled set, and its edges. */
describe("matchImage on the labelled set", () => {
  let set: Awaited<ReturnType<typeof pictureSet>>;
  let works: { id: string; variants: ImageVariantPrint[] }[];
  beforeAll(async () => {
    set = await pictureSet(3);
    works = await Promise.all(set.works.map(async (work) => ({ id: work.id, variants: await fingerprintWorkImage(work.bytes) })));
  });

  it("every edited copy matches its scene and no other; other scenes match nothing", async () => {
    for (const found of set.found) {
      const print = await fingerprintImage(found.bytes);
      for (const work of works) {
        const verdict = matchImage(work.variants, print, "image", `https://site.test/${found.id}.jpg`);
        if (found.copies === work.id) expect(verdict, `${work.id} vs ${found.id}`).not.toBeNull();
        else expect(verdict, `${work.id} vs ${found.id}`).toBeNull();
      }
    }
  });

  // The end-to-end test's pictures: samplePicture, derivedPicture (resized, recompressed, mirrored), unrelatedPicture.
  it.each([1, 2, 5])("picture %i: the mirrored copy meets the mirrored variant with every distance; the unrelated one matches nothing", async (seed) => {
    const work = await samplePicture(seed);
    const variants = await fingerprintWorkImage(work);
    const verdict = matchImage(variants, await fingerprintImage(await derivedPicture(work)), "image", "https://site.test/copy.jpg")!;
    const match = HitMatchSchema.parse(verdict.match);
    expect(match).toMatchObject({ kind: "image", imageUrl: "https://site.test/copy.jpg", variant: "mirrored", region: null });
    if (match.kind !== "image" && match.kind !== "logo") throw new Error(match.kind);
    expect(Object.keys(match.distances).sort()).toEqual(["ahash", "dhash", "phash"]);
    // Within the thresholds (pHash ≤ 16, dHash ≤ 14) the score cannot fall below 53.
    expect(verdict.score).toBeGreaterThanOrEqual(53);
    expect(verdict.score).toBeLessThanOrEqual(100);
    expect(matchImage(variants, await fingerprintImage(await unrelatedPicture(seed)), "image", "https://site.test/other.jpg")).toBeNull();
  });

  it("the work's variants: original, mirrored and crops, with 16-hex-digit hashes", async () => {
    const variants = await fingerprintWorkImage(await samplePicture(2));
    expect(variants.map((v) => v.variant)).toEqual(expect.arrayContaining(["original", "mirrored", "centre-80", "centre-90", "top-left-85", "bottom-right-85"]));
    for (const v of variants) for (const hash of [v.phash, v.dhash, v.ahash]) expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(variants[0]).toMatchObject({ width: 640, height: 480 });
  });
});

describe("image edges", () => {
  it("a corrupt file is a clear error, not a crash", async () => {
    const corrupt = (await samplePicture(1)).subarray(0, 200);
    await expect(fingerprintImage(corrupt)).rejects.toThrow(MatcherInputError);
    await expect(fingerprintImage(Buffer.from("不是图片"))).rejects.toThrow(/无法读取图片/);
  });

  it("a tiny work is refused with its size; a tiny found picture (an icon) matches nothing", async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } }).png().toBuffer();
    await expect(fingerprintWorkImage(tiny)).rejects.toThrow(/图片太小（8×8）/);
    const variants = await fingerprintWorkImage(await samplePicture(1));
    expect(matchImage(variants, await fingerprintImage(tiny), "image", "https://site.test/icon.png")).toBeNull();
  });

  it("a picture with transparency is read on white", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const white = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } }).png().toBuffer();
    expect(await fingerprintImage(png)).toEqual(await fingerprintImage(white));
  });
});
