import type { AudioPrint, MatchVerdict } from "../monitoring.types.js";
import { popcount32 } from "./hamming.js";
import { MatcherInputError } from "./matcher-errors.js";
import { runTool } from "./media-tools.js";

/**
 * Audio by Chromaprint (Debian's fpcalc, the same binary for works and found files). A raw
 * fingerprint is one 32-bit word per ~0.124 s of audio (11025 Hz, 4096-sample frames, a third
 * overlap); a copy re-encoded, made quieter or cut to an excerpt keeps most bits of its words at the
 * right alignment. The comparison slides the found print along the work's and takes the offset
 * with the fewest differing bits: similarity = 1 − bit error rate over the overlap.
 */

/** Seconds of audio fpcalc reads of a file: bounds CPU; a longer file is matched on its start. */
const MAX_AUDIO_SECONDS = 600;
const FPCALC_TIMEOUT_MS = 60_000;
/**
 * fpcalc's exit codes with a result: 3 is its "non-critical error, fingerprint still computed", which
 * Debian bookworm's 1.5.1 returns after nearly every file (it reports the end of the stream as a
 * decoding error: chromaprint issues #122 and #137). The output is still checked below.
 */
const FPCALC_OK_EXIT_CODES = [0, 3];
/** Seconds one fingerprint word stands for (Chromaprint's default algorithm). */
export const SECONDS_PER_ITEM = 4096 / 3 / 11025;
/** Shortest overlap that counts as a match: a few seconds of any two melodies can agree by chance. */
const MIN_MATCH_SECONDS = 6;
/**
 * Similarity from which a found clip is a copy, measured on tests/support/monitor-media-corpus.ts:
 * copies (mp3 at 32 kbit/s, quieter AAC, 12 s excerpts, mixed with noise) came out at 0.96 or more,
 * other melodies on the same scale, at the best of all offsets, at most 0.73.
 */
export const AUDIO_MIN_SIMILARITY = 0.85;

/** Chromaprint fingerprint of an audio (or video) file. Throws MatcherInputError when fpcalc cannot. */
export async function fingerprintAudio(path: string): Promise<AudioPrint> {
  const out = await runTool("fpcalc", ["-raw", "-json", "-length", String(MAX_AUDIO_SECONDS), path], { timeoutMs: FPCALC_TIMEOUT_MS, maxStdoutBytes: 8_000_000, okExitCodes: FPCALC_OK_EXIT_CODES });
  let parsed: { duration?: number; fingerprint?: number[] };
  try {
    parsed = JSON.parse(out.toString("utf8")) as typeof parsed;
  } catch {
    throw new MatcherInputError("fpcalc 的输出无法解析");
  }
  const fingerprint = (parsed.fingerprint ?? []).map((word) => word >>> 0);
  if (fingerprint.length === 0) throw new MatcherInputError("音频太短或没有可识别的声音，无法提取指纹");
  return { fingerprint, durationSeconds: Number(parsed.duration ?? fingerprint.length * SECONDS_PER_ITEM) };
}

/** The best alignment of `found` against `work`: shift = work index − found index. */
function bestAlignment(work: number[], found: number[], minItems: number) {
  let best = { shift: 0, similarity: 0, items: 0 };
  for (let shift = -(found.length - minItems); shift <= work.length - minItems; shift += 1) {
    const from = Math.max(0, -shift);
    const to = Math.min(found.length, work.length - shift);
    const items = to - from;
    if (items < minItems) continue;
    let differing = 0;
    for (let i = from; i < to; i += 1) differing += popcount32((work[i + shift] ^ found[i]) >>> 0);
    const similarity = 1 - differing / (32 * items);
    if (similarity > best.similarity) best = { shift, similarity, items };
  }
  return best;
}

/**
 * Compare a found clip with a work. Also finds an excerpt: `offsetSeconds` is where in the work the
 * found clip starts (negative when the found clip starts before the work does).
 */
export function matchAudio(work: AudioPrint, found: AudioPrint, mediaUrl: string): MatchVerdict | null {
  const minItems = Math.ceil(MIN_MATCH_SECONDS / SECONDS_PER_ITEM);
  if (work.fingerprint.length < minItems || found.fingerprint.length < minItems) return null;
  const best = bestAlignment(work.fingerprint, found.fingerprint, minItems);
  if (best.similarity < AUDIO_MIN_SIMILARITY) return null;
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    score: Math.round(100 * best.similarity),
    match: { kind: "audio", mediaUrl, similarity: round(best.similarity, 3), offsetSeconds: round(best.shift * SECONDS_PER_ITEM, 2), matchedSeconds: round(best.items * SECONDS_PER_ITEM, 1) },
  };
}
