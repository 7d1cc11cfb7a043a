import type { FastifyBaseLogger } from "fastify";
import { ResultCode } from "../../../src/schema/envelope.js";
import { LIVE_RECORD_MESSAGES, type LiveRecordStart } from "../../../src/schema/live-record.js";
import { RECORDING_MESSAGES, RecordingCode, type RecordingEnding, type RecordingRecord } from "../../../src/schema/recording.js";
import { redactUrl } from "../../capture/network/address-policy.js";
import { createHostAdmission } from "../../capture/network/allowed-hosts.js";
import { checkCaptureUrl } from "../../capture/network/target-admission.js";
import { BusinessError } from "../../http/envelope.js";
import { chunkStream, recordLiveStream } from "../../recording/live-stream.js";
import type { ToolAvailability } from "../../recording/system-tools.js";
import type { RecordingSink } from "../recording/recording-sink.js";

export type LiveRecordDeps = {
  sink: RecordingSink;
  ffmpeg: () => Promise<ToolAvailability>;
  /** CAPTURE_ALLOWED_HOSTS: the same address policy as web capture; rtmp only to these hosts. */
  allowedHosts: readonly string[];
  log: FastifyBaseLogger;
};

/**
 * Live recording: the stream URL passes the web capture's address policy, then ffmpeg records it
 * in the background into a recording of the holder (source liveStream), which is stopped at the
 * duration or when the stream ends. A restart of the server interrupts it: embedded, the recording
 * module seals it as interrupted at start-up; with several processes, any process's housekeeping
 * does once it has been silent for RECORDING_IDLE_TIMEOUT_MS, from the chunks in the shared store.
 */
export class LiveRecordService {
  readonly #running = new Map<number, { stop: () => void; done: Promise<unknown> }>();

  constructor(private readonly deps: LiveRecordDeps) {}

  async start(userId: number, form: LiveRecordStart): Promise<RecordingRecord> {
    const tool = await this.deps.ffmpeg();
    if (!tool.available) throw new BusinessError(RecordingCode.engineUnavailable, `${RECORDING_MESSAGES.ffmpegUnavailable}（${tool.reason}）`);
    await this.#admit(form.url);
    const target = redactUrl(form.url);
    const record = await this.deps.sink.start(userId, {
      kind: "liveRecord",
      source: "liveStream",
      name: form.name,
      purpose: form.purpose ?? null,
      target,
      environment: { source: "liveStream", userAgent: `ffmpeg ${tool.version}`, os: null, screen: null, surface: target, mimeType: "video/x-matroska", timeZone: null, clockOffsetMs: 0, device: null },
    });
    this.#record(userId, record.id, form.url, form.minutes * 60_000);
    return record;
  }

  /** Waits for every recording this process runs (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.#running.values()].map((run) => run.done));
  }

  async close(): Promise<void> {
    for (const run of this.#running.values()) run.stop();
    await this.idle();
  }

  #record(userId: number, id: number, url: string, durationMs: number) {
    const { sink, log } = this.deps;
    const stream = recordLiveStream({
      url,
      durationMs,
      onChunk: async (chunk) => {
        await sink.appendChunk(userId, { id, index: chunk.index, sha256: chunk.sha256, recordedMs: chunk.recordedMs }, chunkStream(chunk.data));
      },
    });
    const done = stream.done
      .then((result): RecordingEnding => {
        if (!result.error) return "stopped";
        log.warn({ recording: id, error: result.error, chunks: result.chunks }, "live recording: ffmpeg ended with an error");
        return "interrupted";
      })
      .catch((error: unknown): RecordingEnding => {
        log.warn({ err: error, recording: id }, "live recording: a chunk was refused");
        return "interrupted";
      })
      .then((ending) => sink.stop(userId, id, ending))
      .catch((error: unknown) => log.warn({ err: error, recording: id }, "live recording: stop refused"))
      .finally(() => this.#running.delete(id));
    this.#running.set(id, { stop: stream.stop, done });
  }

  async #admit(raw: string): Promise<void> {
    const url = new URL(raw);
    if (url.protocol === "rtmp:") {
      if (!createHostAdmission(this.deps.allowedHosts)(url).bypassesAddressPolicy) throw refused(LIVE_RECORD_MESSAGES.rtmpRefused);
      return;
    }
    const verdict = await checkCaptureUrl(raw, { allowedHosts: this.deps.allowedHosts });
    if (!verdict.ok) throw refused(verdict.detail);
  }
}

const refused = (message: string) => new BusinessError(ResultCode.validationFailed, message, { errors: { url: message } });
