import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/**
 * The cloud browser's video: screencast JPEG frames piped into Debian's ffmpeg at a fixed rate,
 * encoded to fragmented MP4 (H.264), its output cut into chunks as it comes. x264's ultrafast
 * preset took 5 ms of CPU a frame here where libvpx's realtime VP8 took 60-90 ms: on two shared
 * cores only the former keeps up with the rate.
 *
 * Chromium sends a frame only when the screen changes, so the newest frame is written again on
 * every tick of the fixed rate (frame duplication): the video's time is the session's real time,
 * including the still stretches, and a static screen costs almost nothing to encode. The ticks catch
 * up by count (frames due = elapsed × rate), so a late timer never shortens the video.
 */

export const VIDEO_FRAME_RATE = 10;
export const VIDEO_MIME_TYPE = "video/mp4";

export interface FrameVideoSettings {
  ffmpegPath: string;
  /** A chunk is handed on at least this often (ms), or sooner once it reaches `maxChunkBytes`. */
  timesliceMs: number;
  maxChunkBytes: number;
  /** Takes each chunk in order; the next waits for it (the sink stores one chunk at a time). */
  onChunk(chunk: Buffer, recordedMs: number): Promise<void>;
  /** ffmpeg died or a chunk could not be stored: the session must end. */
  onFailure(error: Error): void;
}

export interface FrameVideo {
  /** The newest screen; written from the next tick on. */
  show(jpeg: Buffer): void;
  /** Video time so far (ms). */
  elapsedMs(): number;
  /** Writes the frames still due, closes ffmpeg, hands on the last chunk and waits for every chunk to be stored. */
  close(): Promise<void>;
}

export function ffmpegArguments(): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin"],
    ...["-probesize", "65536", "-analyzeduration", "0", "-f", "image2pipe", "-framerate", String(VIDEO_FRAME_RATE), "-c:v", "mjpeg", "-i", "pipe:0"],
    // H.264 wants even sizes; 4:2:0 plays everywhere (the screencast's JPEGs may be 4:4:4).
    ...["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", String(VIDEO_FRAME_RATE * 2)],
    // Fragmented MP4 (a playable file however it ends); a fragment per second, flushed at once, so chunks follow the session closely.
    ...["-f", "mp4", "-movflags", "frag_keyframe+empty_moov+default_base_moof", "-frag_duration", "1000000", "-flush_packets", "1", "pipe:1"],
  ];
}

export function startFrameVideo(settings: FrameVideoSettings): FrameVideo {
  const ffmpeg: ChildProcessByStdio<Writable, Readable, Readable> = spawn(settings.ffmpegPath, ffmpegArguments(), { stdio: ["pipe", "pipe", "pipe"] });
  const startedAt = performance.now();
  const frameMs = 1000 / VIDEO_FRAME_RATE;
  let latest: Buffer | null = null;
  let written = 0;
  let closing = false;
  let failed: Error | null = null;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let stored: Promise<void> = Promise.resolve();
  let stderr = "";

  const fail = (error: Error) => {
    if (failed) return;
    failed = error;
    settings.onFailure(error);
  };

  const flush = () => {
    if (pendingBytes === 0 || failed) return;
    const chunk = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    const recordedMs = Math.round(written * frameMs);
    stored = stored.then(() => (failed ? undefined : settings.onChunk(chunk, recordedMs))).catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
  };

  const writeDue = (until: number) => {
    if (!latest) return;
    const due = Math.floor((until - startedAt) / frameMs);
    // The first screen also stands for the moments before it arrived, so video time is session time.
    for (; written < due; written += 1) ffmpeg.stdin.write(latest);
  };

  ffmpeg.stdout.on("data", (data: Buffer) => {
    pending.push(data);
    pendingBytes += data.length;
    if (pendingBytes >= settings.maxChunkBytes) flush();
  });
  ffmpeg.stderr.on("data", (data: Buffer) => {
    stderr = (stderr + data.toString("utf8")).slice(-2000);
  });
  ffmpeg.stdin.on("error", () => undefined); // an exit is reported below, with ffmpeg's own words
  const exited = new Promise<number | null>((resolve) => {
    ffmpeg.on("error", (error) => {
      fail(error);
      resolve(null);
    });
    ffmpeg.on("close", (code) => resolve(code));
  });
  void exited.then((code) => {
    if (!closing) fail(new Error(`ffmpeg exited (${code}): ${stderr.trim().split("\n").pop() ?? ""}`));
  });

  const ticker = setInterval(() => writeDue(performance.now()), frameMs);
  const slicer = setInterval(flush, settings.timesliceMs);

  return {
    show(jpeg) {
      if (closing) return;
      latest = jpeg;
    },
    elapsedMs: () => Math.round(written * frameMs),
    async close() {
      if (closing) return stored;
      clearInterval(ticker);
      writeDue(performance.now());
      closing = true;
      ffmpeg.stdin.end();
      const code = await exited;
      clearInterval(slicer);
      if (code !== 0 && !failed) fail(new Error(`ffmpeg exited (${code}): ${stderr.trim().split("\n").pop() ?? ""}`));
      flush();
      await stored;
      if (failed) throw failed;
    },
  };
}
