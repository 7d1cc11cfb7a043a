import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HitMatchSchema, MATCH_TYPES } from "../../../src/schema/monitor.js";
import { fingerprintAudio, fingerprintVideo, MatcherInputError, matchAudio, matcherAvailability, matchVideo, probeDuration } from "../../../server/monitoring/matchers/index.js";
import type { AudioPrint, VideoPrint } from "../../../server/monitoring/monitoring.types.js";
import { audioSet, videoSet } from "../../support/monitor-media-corpus.js";

/** Audio (fpcalc) and video (ffmpeg keyframes) matchers on small slices of their labelled sets, with real tools. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "monitor-media-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("matchAudio", () => {
  let set: Awaited<ReturnType<typeof audioSet>>;
  let works: { id: string; print: AudioPrint }[];
  beforeAll(async () => {
    set = await audioSet(dir, 2);
    works = await Promise.all(set.works.map(async (work) => ({ id: work.id, print: await fingerprintAudio(work.path) })));
  }, 60_000);

  it("re-encoded, quieter, noisy copies and excerpts match their melody only; other melodies match nothing", async () => {
    for (const found of set.found) {
      const print = await fingerprintAudio(found.path);
      for (const work of works) {
        const verdict = matchAudio(work.print, print, `https://site.test/${found.id}`);
        if (found.copies !== work.id) {
          expect(verdict, `${work.id} vs ${found.id}`).toBeNull();
          continue;
        }
        expect(verdict, `${work.id} vs ${found.id}`).not.toBeNull();
        const match = HitMatchSchema.parse(verdict!.match);
        if (match.kind !== "audio") throw new Error(match.kind);
        if (found.how === "excerpt") {
          // The excerpt starts 5.3 s into the work; alignment is to one fingerprint word (~0.124 s).
          expect(Math.abs(match.offsetSeconds - 5.3)).toBeLessThan(0.2);
          expect(match.matchedSeconds).toBeGreaterThan(8);
        } else expect(match.offsetSeconds).toBe(0);
      }
    }
  }, 60_000);

  it("a corrupt or silent file is a clear error", async () => {
    const corrupt = join(dir, "corrupt.mp3");
    await writeFile(corrupt, Buffer.from("这不是音频文件".repeat(50)));
    await expect(fingerprintAudio(corrupt)).rejects.toThrow(MatcherInputError);
    await expect(fingerprintAudio(join(dir, "missing.mp3"))).rejects.toThrow(/fpcalc 无法处理该文件/);
  });
});

describe("matchVideo", () => {
  let set: Awaited<ReturnType<typeof videoSet>>;
  let works: { id: string; print: VideoPrint }[];
  beforeAll(async () => {
    set = await videoSet(dir, 2, 8);
    works = [];
    for (const work of set.works) works.push({ id: work.id, print: await fingerprintVideo(work.path) });
  }, 90_000);

  it("rescaled, re-encoded and trimmed copies match their clip only, with frames on one timeline", async () => {
    for (const found of set.found) {
      const print = await fingerprintVideo(found.path);
      for (const work of works) {
        const verdict = matchVideo(work.print, print, `https://site.test/${found.id}`);
        if (found.copies !== work.id) {
          expect(verdict, `${work.id} vs ${found.id}`).toBeNull();
          continue;
        }
        expect(verdict, `${work.id} vs ${found.id}`).not.toBeNull();
        const match = HitMatchSchema.parse(verdict!.match);
        if (match.kind !== "video") throw new Error(match.kind);
        expect(match.matchedShare).toBeGreaterThanOrEqual(0.5);
        // The frames agree on one timeline: the trimmed copy starts 2.3 s into the work.
        const shift = found.how === "trimmed" ? 2.3 : 0;
        const offsets = match.frames.map((frame) => frame.workSeconds - frame.foundSeconds).sort((a, b) => a - b);
        expect(Math.abs(offsets[Math.floor(offsets.length / 2)] - shift)).toBeLessThanOrEqual(0.5);
        for (const offset of offsets) expect(Math.abs(offset - shift)).toBeLessThanOrEqual(1.5);
      }
    }
  }, 90_000);

  it("a work's print has frames at least every half second, and its duration from ffprobe", async () => {
    const print = works[0].print;
    expect(print.durationSeconds).toBeCloseTo(8, 0);
    expect(await probeDuration(set.works[0].path)).toBeCloseTo(8, 0);
    for (let i = 1; i < print.frames.length; i += 1) expect(print.frames[i].seconds - print.frames[i - 1].seconds).toBeLessThanOrEqual(0.5);
  });

  it("a corrupt file is a clear error", async () => {
    const corrupt = join(dir, "corrupt.mp4");
    await writeFile(corrupt, Buffer.from("这不是视频文件".repeat(50)));
    await expect(fingerprintVideo(corrupt)).rejects.toThrow(MatcherInputError);
    await expect(probeDuration(corrupt)).rejects.toThrow(/ffprobe 无法处理该文件/);
  });
});

describe("matcherAvailability", () => {
  it("says every matcher runs here, where fpcalc and ffmpeg are installed", async () => {
    const availability = await matcherAvailability();
    expect(Object.keys(availability).sort()).toEqual([...MATCH_TYPES].sort());
    for (const type of MATCH_TYPES) expect(availability[type], type).toEqual({ available: true });
  });
});

describe("a missing tool", () => {
  it("names the Debian package and the command to install it", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await expect(fingerprintAudio("/tmp/any.mp3")).rejects.toThrow("未找到 fpcalc（Debian 软件包 libchromaprint-tools），请由管理员安装：apt-get install -y libchromaprint-tools");
    } finally {
      process.env.PATH = path;
    }
  });
});
