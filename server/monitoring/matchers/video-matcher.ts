import type { MatchVerdict, VideoPrint } from "../monitoring.types.js";
import { hammingHex64 } from "./hamming.js";
import { hashGrey } from "./image-matcher.js";
import { MatcherInputError } from "./matcher-errors.js";
import { probeDuration, runTool } from "./media-tools.js";

/**
 * Video by keyframes (Debian ffmpeg) and their perceptual hashes. ffmpeg picks the first frame,
 * every scene change, and at least one frame each FRAME_INTERVAL_SECONDS, scaled to 64×64 greyscale;
 * each frame gets a pHash and a dHash the same way pictures do. A found video matches when most of
 * its frames find a close frame of the work *at one consistent time offset*: a rescaled, re-encoded
 * or trimmed copy keeps its frames' order and spacing, while two unrelated clips can share a black
 * or title frame but not a timeline.
 */

/** At least one frame this often (seconds): dense enough that a trimmed copy's frames land near one of the work's. */
const FRAME_INTERVAL_SECONDS = 0.25;
/** ffmpeg's scene-change score from which a frame is a new shot. */
const SCENE_CHANGE = 0.3;
const FRAME_SIDE = 64;
/** Bounds: seconds of video read, frames kept, and the time ffmpeg may take. */
const MAX_VIDEO_SECONDS = 600;
const MAX_FRAMES = 1200;
const FFMPEG_TIMEOUT_MS = 120_000;
/** A frame this flat (grey standard deviation) is a fade or a black screen: it would match any video's. */
const MIN_FRAME_STDEV = 6;
/** Frame distances (bits of 64) from which two frames are the same picture, as for pictures. */
export const FRAME_THRESHOLDS = { phash: 14, dhash: 16 } as const;
/** Offsets (seconds) within this of the dominant one count as the same timeline. */
const OFFSET_TOLERANCE_SECONDS = 1;
/** Share of the found video's frames that must match on one timeline, and at least this many frames. */
export const VIDEO_MIN_MATCHED_SHARE = 0.5;
const MIN_MATCHED_FRAMES = 3;

/** Keyframes of a video file with their hashes. Throws MatcherInputError when ffmpeg cannot read it. */
export async function fingerprintVideo(path: string): Promise<VideoPrint> {
  const durationSeconds = await probeDuration(path);
  const frameInfo: { seconds: number; stdev: number }[] = [];
  const filter = `select='isnan(prev_selected_t)+gt(scene,${SCENE_CHANGE})+gte(t-prev_selected_t,${FRAME_INTERVAL_SECONDS})',scale=${FRAME_SIDE}:${FRAME_SIDE}:flags=area,format=gray,showinfo`;
  const raw = await runTool(
    "ffmpeg",
    ["-hide_banner", "-nostdin", "-nostats", "-v", "info", "-t", String(MAX_VIDEO_SECONDS), "-i", path, "-an", "-sn", "-vf", filter, "-fps_mode", "vfr", "-frames:v", String(MAX_FRAMES), "-f", "rawvideo", "pipe:1"],
    {
      timeoutMs: FFMPEG_TIMEOUT_MS,
      maxStdoutBytes: MAX_FRAMES * FRAME_SIDE * FRAME_SIDE,
      onStderrLine: (line) => {
        const info = /Parsed_showinfo.*pts_time:\s*([-\d.]+).*stdev:\[([\d.]+)/.exec(line);
        if (info) frameInfo.push({ seconds: Number(info[1]), stdev: Number(info[2]) });
      },
    },
  );
  const frameBytes = FRAME_SIDE * FRAME_SIDE;
  const count = Math.min(frameInfo.length, Math.floor(raw.length / frameBytes));
  const frames: VideoPrint["frames"] = [];
  for (let i = 0; i < count; i += 1) {
    if (frameInfo[i].stdev < MIN_FRAME_STDEV) continue;
    const { phash, dhash } = await hashGrey({ data: raw.subarray(i * frameBytes, (i + 1) * frameBytes), width: FRAME_SIDE, height: FRAME_SIDE });
    frames.push({ seconds: Math.round(frameInfo[i].seconds * 1000) / 1000, phash, dhash });
  }
  if (frames.length === 0) throw new MatcherInputError("视频中没有可识别的画面（全黑、纯色或无法解码）");
  return { durationSeconds, frames };
}

/**
 * Compare a found video with a work: for each found frame the closest work frame; the time offset
 * most of those pairs agree on; the share of found frames matched on that timeline.
 */
export function matchVideo(work: VideoPrint, found: VideoPrint, mediaUrl: string): MatchVerdict | null {
  if (work.frames.length === 0 || found.frames.length === 0) return null;
  const pairs: { workSeconds: number; foundSeconds: number; distance: number }[] = [];
  for (const frame of found.frames) {
    let best: { workSeconds: number; phash: number; dhash: number } | null = null;
    for (const candidate of work.frames) {
      const phash = hammingHex64(candidate.phash, frame.phash);
      const dhash = hammingHex64(candidate.dhash, frame.dhash);
      if (phash <= FRAME_THRESHOLDS.phash && dhash <= FRAME_THRESHOLDS.dhash && (!best || phash + dhash < best.phash + best.dhash)) best = { workSeconds: candidate.seconds, phash, dhash };
    }
    if (best) pairs.push({ workSeconds: best.workSeconds, foundSeconds: frame.seconds, distance: best.phash });
  }
  if (pairs.length < MIN_MATCHED_FRAMES) return null;
  // The timeline: the offset (work − found time) with the most pairs within the tolerance.
  const offsetOf = (pair: (typeof pairs)[number]) => pair.workSeconds - pair.foundSeconds;
  let onTimeline: typeof pairs = [];
  for (const anchor of pairs) {
    const agreeing = pairs.filter((pair) => Math.abs(offsetOf(pair) - offsetOf(anchor)) <= OFFSET_TOLERANCE_SECONDS);
    if (agreeing.length > onTimeline.length) onTimeline = agreeing;
  }
  const matchedShare = onTimeline.length / found.frames.length;
  if (onTimeline.length < MIN_MATCHED_FRAMES || matchedShare < VIDEO_MIN_MATCHED_SHARE) return null;
  const meanDistance = onTimeline.reduce((sum, pair) => sum + pair.distance, 0) / onTimeline.length;
  return {
    score: Math.round(100 * matchedShare * (1 - meanDistance / 64)),
    match: { kind: "video", mediaUrl, frames: onTimeline, matchedShare: Math.round(matchedShare * 1000) / 1000 },
  };
}
