import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";

/**
 * One live stream recorded by Debian's ffmpeg: `-c copy` into Matroska on stdout (no re-encoding,
 * so what is stored is what the stream sent), cut into chunks handed to `onChunk` one at a time,
 * each with the recording time ffmpeg reports (-progress out_time_ms) at its end. Ends at the
 * duration, when the stream ends, or on `stop()`.
 */

/** Chunks are cut at this size, or after CHUNK_MAX_WAIT_MS of stream time, whichever comes first. */
export const LIVE_CHUNK_BYTES = 1024 * 1024;
const CHUNK_MAX_WAIT_MS = 2_000;
/** ffmpeg gives up on a stream silent for this long (its -rw_timeout, in µs below). */
const READ_TIMEOUT_MS = 15_000;
/**
 * What ffmpeg may open while reading the stream: network protocols only (no file:, so a playlist
 * cannot make it read a local file). ffmpeg fetches an HLS playlist's segments itself; only the
 * URL given was checked against the address policy.
 */
const PROTOCOLS = "http,https,tcp,tls,crypto,hls,rtmp";

export type LiveChunk = { index: number; data: Buffer; sha256: string; recordedMs: number };
export type LiveStreamResult = { chunks: number; bytes: number; recordedMs: number; exitCode: number | null; error: string | null };

export function recordLiveStream(options: { url: string; durationMs: number; onChunk: (chunk: LiveChunk) => Promise<void>; ffmpeg?: string }) {
  const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-protocol_whitelist", PROTOCOLS, "-rw_timeout", String(READ_TIMEOUT_MS * 1000), "-i", options.url, "-t", String(options.durationMs / 1000), "-map", "0", "-c", "copy", "-f", "matroska", "-progress", "pipe:3", "pipe:1"];
  const child = spawn(options.ffmpeg ?? "ffmpeg", args, { stdio: ["ignore", "pipe", "pipe", "pipe"] });
  let progressMs = 0;
  let errorText = "";
  (child.stdio[3] as Readable).setEncoding("utf8").on("data", (text: string) => {
    // out_time_ms is in microseconds, despite its name.
    for (const match of text.matchAll(/^out_time_us=(\d+)$/gm)) progressMs = Math.floor(Number(match[1]) / 1000);
  });
  child.stderr!.setEncoding("utf8").on("data", (text: string) => {
    errorText = (errorText + text).slice(-2000);
  });

  const done = (async (): Promise<LiveStreamResult> => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let index = 0;
    let bytes = 0;
    let recordedMs = 0;
    let lastCutMs = 0;
    const cut = async () => {
      if (pendingBytes === 0) return;
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      // Never backwards, and at least the stream time reported so far.
      recordedMs = Math.min(options.durationMs, Math.max(recordedMs, progressMs));
      lastCutMs = recordedMs;
      await options.onChunk({ index: index++, data, sha256: createHash("sha256").update(data).digest("hex"), recordedMs });
      bytes += data.length;
    };
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const spawnFailed = new Promise<string>((resolve) => child.on("error", (error) => resolve(error.message)));
    for await (const piece of child.stdout! as AsyncIterable<Buffer>) {
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= LIVE_CHUNK_BYTES || progressMs - lastCutMs >= CHUNK_MAX_WAIT_MS) await cut();
    }
    const exitCode = await Promise.race([exited, spawnFailed.then(() => null)]);
    await cut();
    const failure = await Promise.race([spawnFailed, new Promise<null>((resolve) => setImmediate(() => resolve(null)))]);
    return { chunks: index, bytes, recordedMs, exitCode, error: failure ?? (exitCode === 0 ? null : errorText.trim() || `ffmpeg exited with ${exitCode}`) };
  })();

  return {
    done,
    /** Ends the recording early (the server is closing): ffmpeg finishes the file it is writing. */
    stop: () => void child.kill("SIGINT"),
  };
}

export const chunkStream = (data: Buffer) => Readable.from([data]);
