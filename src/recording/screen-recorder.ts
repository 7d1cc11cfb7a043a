import { RECORDING_MAX_DURATION_MS, RECORDING_MESSAGES, RECORDING_TIMESLICE_MS, type RecordingRecord, type ScreenRecordStart } from "../schema/recording";
import { canRecordScreen, chooseMimeType, screenEnvironment } from "./browser-environment";
import type { ChunkStore } from "./chunk-store";
import { ChunkUploadQueue, type ChunkTransport, type UploadProgress } from "./upload-queue";

/**
 * One screen recording in this browser (issue 16): the shared screen (getDisplayMedia) recorded by
 * a MediaRecorder cutting a chunk every RECORDING_TIMESLICE_MS, each chunk handed to the upload
 * queue (hashed, kept in IndexedDB, then uploaded in order). Stopping, from the page or from the
 * browser's "stop sharing" bar, waits for the last chunk and for the queue to drain, then asks the
 * server to stop and seal.
 */

/** The recording calls, as the page's data provider makes them. */
export interface ScreenRecorderCalls {
  start(request: ScreenRecordStart): Promise<RecordingRecord>;
  transport(id: number): ChunkTransport;
  stop(id: number): Promise<RecordingRecord>;
}

/** A refusal to start, with the message the page shows. */
export class RecorderRefusal extends Error {}

export class ScreenRecording {
  readonly record: RecordingRecord;
  readonly queue: ChunkUploadQueue;
  readonly #stream: MediaStream;
  readonly #recorder: MediaRecorder;
  readonly #startedAt: number;
  readonly #stopped: Promise<void>;
  readonly #calls: ScreenRecorderCalls;
  readonly #store: ChunkStore;
  #stopping: Promise<RecordingRecord> | null = null;
  #limit: ReturnType<typeof setTimeout>;
  /** Called when the recording stops by itself (the user ended sharing, or the longest duration passed). */
  onEnded: (() => void) | null = null;

  private constructor(options: { record: RecordingRecord; stream: MediaStream; mimeType: string; calls: ScreenRecorderCalls; store: ChunkStore; onProgress: (progress: UploadProgress) => void }) {
    this.record = options.record;
    this.#stream = options.stream;
    this.#calls = options.calls;
    this.#store = options.store;
    this.queue = new ChunkUploadQueue({ recordingId: options.record.id, store: options.store, transport: options.calls.transport(options.record.id), onProgress: options.onProgress });
    this.#recorder = new MediaRecorder(options.stream, { mimeType: options.mimeType });
    this.#startedAt = performance.now();
    this.#recorder.ondataavailable = (event) => {
      if (event.data.size > 0) void this.queue.add(event.data, this.elapsedMs());
    };
    this.#stopped = new Promise((resolve) => this.#recorder.addEventListener("stop", () => resolve(), { once: true }));
    // The browser's own "stop sharing" ends the video track.
    for (const track of options.stream.getVideoTracks()) track.addEventListener("ended", () => this.#endedByItself(), { once: true });
    this.#limit = setTimeout(() => this.#endedByItself(), RECORDING_MAX_DURATION_MS);
    this.#recorder.start(RECORDING_TIMESLICE_MS);
  }

  /** Asks for the screen (this must run from the click), then for the recording on the server, then records. */
  static async begin(options: { name: string; purpose: ScreenRecordStart["purpose"]; owner: string; calls: ScreenRecorderCalls; store: ChunkStore; onProgress: (progress: UploadProgress) => void }): Promise<ScreenRecording> {
    if (!canRecordScreen()) throw new RecorderRefusal(RECORDING_MESSAGES.browserUnsupported);
    const mimeType = chooseMimeType((type) => MediaRecorder.isTypeSupported(type));
    if (!mimeType) throw new RecorderRefusal(RECORDING_MESSAGES.browserUnsupported);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    } catch (error) {
      const name = (error as DOMException)?.name;
      throw new RecorderRefusal(name === "NotAllowedError" || name === "AbortError" ? RECORDING_MESSAGES.permissionDenied : RECORDING_MESSAGES.browserUnsupported);
    }
    try {
      const surface = (stream.getVideoTracks()[0]?.getSettings() as MediaTrackSettings & { displaySurface?: string }).displaySurface ?? null;
      const record = await options.calls.start({ name: options.name, purpose: options.purpose, environment: screenEnvironment({ surface, mimeType }), clientTime: Date.now() });
      await options.store.putRecording({ recordingId: record.id, owner: options.owner, name: record.name, startedAt: Date.now() });
      return new ScreenRecording({ record, stream, mimeType, calls: options.calls, store: options.store, onProgress: options.onProgress });
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  elapsedMs(): number {
    return Math.round(performance.now() - this.#startedAt);
  }

  /** Stops recording, waits for every chunk to be on the server, then stops the recording there (it seals in the background). */
  stop(): Promise<RecordingRecord> {
    this.#stopping ??= (async () => {
      clearTimeout(this.#limit);
      if (this.#recorder.state !== "inactive") this.#recorder.stop();
      for (const track of this.#stream.getTracks()) track.stop();
      await this.#stopped;
      await this.queue.drain();
      const stopped = await this.#calls.stop(this.record.id);
      await this.#store.removeRecording(this.record.id);
      return stopped;
    })();
    return this.#stopping;
  }

  #endedByItself() {
    if (this.#stopping) return;
    this.onEnded?.();
  }
}
