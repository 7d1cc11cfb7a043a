import { beforeAll, describe, expect, it } from "vitest";
import { HitMatchSchema } from "../../../src/schema/monitor.js";
import { fingerprintImage, fingerprintWorkImage, MatcherInputError, matchImage, matchLogo } from "../../../server/monitoring/matchers/index.js";
import type { ImageVariantPrint } from "../../../server/monitoring/monitoring.types.js";
import { logoPicture, logoSet, samplePicture } from "../../support/monitor-media-corpus.js";

/** The logo matcher (multi-scale window search, then exact hashes of the best regions) on a slice of its set. */
describe("matchLogo", () => {
  let set: Awaited<ReturnType<typeof logoSet>>;
  let works: { id: string; variants: ImageVariantPrint[] }[];
  beforeAll(async () => {
    set = await logoSet(6);
    // A slice: two marks, against their own placements and the marks-free and other-mark negatives.
    works = await Promise.all(set.works.filter((work) => ["mark-1", "mark-4"].includes(work.id)).map(async (work) => ({ id: work.id, variants: await fingerprintWorkImage(work.bytes) })));
  }, 30_000);

  it("finds each mark where it was placed (large, small, in a halved picture) and nowhere else", async () => {
    const slice = set.found.filter((found) => found.copies === null ? /-(0|1)$/.test(found.id) : works.some((work) => work.id === found.copies));
    for (const found of slice) {
      for (const work of works) {
        const verdict = await matchLogo(work.variants, found.bytes, `https://site.test/${found.id}.jpg`);
        if (found.copies !== work.id) {
          expect(verdict, `${work.id} vs ${found.id}`).toBeNull();
          continue;
        }
        expect(verdict, `${work.id} vs ${found.id}`).not.toBeNull();
        const match = HitMatchSchema.parse(verdict!.match);
        if (match.kind !== "logo") throw new Error(match.kind);
        expect(match.region).not.toBeNull();
        const { width, height } = await fingerprintImage(found.bytes);
        expect(match.region!.left + match.region!.width).toBeLessThanOrEqual(width);
        expect(match.region!.top + match.region!.height).toBeLessThanOrEqual(height);
      }
    }
  }, 60_000);

  it("a mark shown alone is also a picture match of kind logo", async () => {
    const mark = await logoPicture(7);
    const variants = await fingerprintWorkImage(mark);
    expect(matchImage(variants, await fingerprintImage(mark), "logo", "https://site.test/mark.png")?.match).toMatchObject({ kind: "logo", variant: "original", region: null });
  });

  it("a corrupt picture is a clear error; an empty work matches nothing", async () => {
    const variants = await fingerprintWorkImage(await logoPicture(7));
    await expect(matchLogo(variants, Buffer.from("坏文件"), "https://site.test/x.jpg")).rejects.toThrow(MatcherInputError);
    expect(await matchLogo([], await samplePicture(1), "https://site.test/x.jpg")).toBeNull();
  });
});
