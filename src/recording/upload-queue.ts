import { ResultCode } from "../schema/envelope";
import { RecordingCode, type RecordingChunkReceipt, type RecordingUploadState } from "../schema/recording";
import { digestChunk } from "./chunk-digest";
import type { ChunkStore, StoredChunk } from "./chunk-store";

/**
 * The upload of one recording's chunks (issue 16): each chunk is hashed and kept in the browser's
 * store BEFORE it is sent, sent strictly in order, and forgotten only once the server's receipt
 * says it holds it. A failure of the network or the server (a restart) is retried with backoff; the
 * server's "out of order" is answered by asking where it is (uploadState) and sending from there;
 * a chunk it already holds is answered with its receipt. After a reload, `resume` picks up the
 * kept chunks and sends what the server lacks.
 */

/** The recording calls the queue makes (the page gives the provider's; they reject with { statusCode, message }). */
export interface ChunkTransport {
  upload(chunk: StoredChunk): Promise<RecordingChunkReceipt>;
  uploadState(): Promise<RecordingUploadState>;
}

export interface UploadProgress {
  /** Chunks and bytes recorded so far (held by the server or kept here). */
  readonly recordedChunks: number;
  readonly recordedBytes: number;
  /** Chunks and bytes the server holds. */
  readonly uploadedChunks: number;
  readonly uploadedBytes: number;
  /** While a failed upload waits to be retried: why, in Chinese. */
  readonly retrying: string | null;
  /** The upload stopped for good: why, in Chinese. */
  readonly failure: string | null;
}

/** Waits after the 1st, 2nd … failure in a row; the last is repeated. A server restart takes seconds. */
export const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000] as const;

const RETRYABLE = new Set<number>([ResultCode.requestTimeout, ResultCode.rateLimited, ResultCode.timeout, RecordingCode.chunkDigestMismatch]);
const isRetryable = (code: number) => RETRYABLE.has(code) || (code >= 500 && code < 600);
const codeOf = (error: unknown) => (typeof (error as { statusCode?: unknown })?.statusCode === "number" ? (error as { statusCode: number }).statusCode : ResultCode.serverError);
const messageOf = (error: unknown) => (error as { message?: string })?.message || "网络或服务器暂时不可用";

export class UploadQueueFailure extends Error {}

export class ChunkUploadQueue {
  readonly #recordingId: number;
  readonly #store: ChunkStore;
  readonly #transport: ChunkTransport;
  readonly #onProgress: (progress: UploadProgress) => void;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #retryDelays: readonly number[];
  /** Chunks kept here and not yet acknowledged, in index order. */
  #pending: StoredChunk[] = [];
  #nextIndex = 0;
  /** Hashing and storing run one chunk at a time, so indexes follow the recorder's order. */
  #adding: Promise<void> = Promise.resolve();
  #pumping: Promise<void> | null = null;
  #progress: UploadProgress = { recordedChunks: 0, recordedBytes: 0, uploadedChunks: 0, uploadedBytes: 0, retrying: null, failure: null };
  #isClosed = false;

  constructor(options: {
    recordingId: number;
    store: ChunkStore;
    transport: ChunkTransport;
    onProgress?: (progress: UploadProgress) => void;
    sleep?: (ms: number) => Promise<void>;
    retryDelaysMs?: readonly number[];
  }) {
    this.#recordingId = options.recordingId;
    this.#store = options.store;
    this.#transport = options.transport;
    this.#onProgress = options.onProgress ?? (() => {});
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  get progress(): UploadProgress {
    return this.#progress;
  }

  /** The next chunk from the recorder: hashed, kept, then sent after those before it. */
  add(data: Blob, recordedMs: number): Promise<void> {
    const added = this.#adding.then(async () => {
      if (this.#progress.failure) return;
      const chunk: StoredChunk = { recordingId: this.#recordingId, index: this.#nextIndex, sha256: await digestChunk(data), recordedMs, data };
      await this.#store.putChunk(chunk);
      this.#nextIndex += 1;
      this.#pending.push(chunk);
      this.#update({ recordedChunks: this.#progress.recordedChunks + 1, recordedBytes: this.#progress.recordedBytes + data.size });
      this.#pump();
    });
    this.#adding = added.catch(() => {});
    return added;
  }

  /** After a reload: the chunks kept for this recording, aligned with what the server holds, then sent. */
  async resume(): Promise<void> {
    const kept = await this.#store.listChunks(this.#recordingId);
    this.#pending = kept.sort((a, b) => a.index - b.index);
    this.#nextIndex = kept.length > 0 ? kept[kept.length - 1].index + 1 : 0;
    try {
      await this.#withRetry(() => this.#align());
    } catch (error) {
      return this.#update({ failure: messageOf(error), retrying: null });
    }
    this.#pump();
  }

  /** Resolves once every chunk added so far is acknowledged; rejects with UploadQueueFailure if the upload stopped for good. */
  async drain(): Promise<void> {
    await this.#adding;
    while (this.#pumping) await this.#pumping;
    if (this.#progress.failure) throw new UploadQueueFailure(this.#progress.failure);
  }

  /** Stops sending (the page is leaving, or the holder discarded the recording); kept chunks stay kept. */
  close(): void {
    this.#isClosed = true;
  }

  #update(change: Partial<UploadProgress>) {
    this.#progress = { ...this.#progress, ...change };
    this.#onProgress(this.#progress);
  }

  #pump() {
    if (this.#pumping || this.#isClosed) return;
    this.#pumping = (async () => {
      try {
        while (this.#pending.length > 0 && !this.#isClosed && !this.#progress.failure) await this.#withRetry(() => this.#sendFirst());
      } catch (error) {
        this.#update({ failure: messageOf(error), retrying: null });
      } finally {
        this.#pumping = null;
      }
      // A chunk added while the last answer was on its way.
      if (this.#pending.length > 0 && !this.#isClosed && !this.#progress.failure) this.#pump();
    })();
  }

  async #sendFirst(): Promise<void> {
    const chunk = this.#pending[0];
    let receipt: RecordingChunkReceipt;
    try {
      receipt = await this.#transport.upload(chunk);
    } catch (error) {
      if (codeOf(error) !== RecordingCode.chunkOutOfOrder) throw error;
      // The server is elsewhere (a chunk lost on the way, or a reply lost after it stored one).
      return this.#align();
    }
    // The receipt's `bytes` is this chunk's size; the total is counted here.
    await this.#acknowledge(chunk, this.#progress.uploadedBytes + chunk.data.size, receipt.received);
  }

  async #acknowledge(chunk: StoredChunk, uploadedBytes: number, serverChunks: number) {
    await this.#store.removeChunk(this.#recordingId, chunk.index);
    this.#pending = this.#pending.filter((candidate) => candidate.index !== chunk.index);
    this.#update({ uploadedChunks: serverChunks, uploadedBytes, retrying: null });
  }

  /** Asks the server what it holds: kept chunks it has (same digest) are forgotten; the next sent is the one it lacks. */
  async #align(): Promise<void> {
    const state = await this.#transport.uploadState();
    if (state.state !== "recording" && this.#pending.some((chunk) => chunk.index >= state.received)) {
      throw new UploadQueueFailure(`录制已结束（${state.state === "sealed" ? "已封存" : state.state === "sealing" ? "封存中" : "已终止"}），其后的 ${this.#pending.filter((chunk) => chunk.index >= state.received).length} 个分片未能上传`);
    }
    for (const chunk of [...this.#pending]) {
      if (chunk.index >= state.received) continue;
      if (state.chunkSha256[chunk.index] !== chunk.sha256) throw new UploadQueueFailure(`服务器已收到的第 ${chunk.index + 1} 个分片与本机录制的内容不同，上传已停止`);
      await this.#acknowledge(chunk, state.bytes, state.received);
    }
    const first = this.#pending[0];
    if (first && first.index > state.received) throw new UploadQueueFailure(`服务器缺少第 ${state.received + 1} 个分片，而本机已没有保存该分片，无法继续上传`);
    const keptBytes = this.#pending.reduce((sum, chunk) => sum + chunk.data.size, 0);
    this.#nextIndex = Math.max(this.#nextIndex, state.received);
    this.#update({ uploadedChunks: state.received, uploadedBytes: state.bytes, recordedChunks: state.received + this.#pending.length, recordedBytes: state.bytes + keptBytes, retrying: null });
  }

  /** Runs `attempt` until it succeeds, waiting longer after each retryable failure; other failures are final. */
  async #withRetry(attempt: () => Promise<void>): Promise<void> {
    for (let failures = 0; ; failures += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof UploadQueueFailure || !isRetryable(codeOf(error)) || this.#isClosed) throw error;
        const wait = this.#retryDelays[Math.min(failures, this.#retryDelays.length - 1)];
        this.#update({ retrying: `${messageOf(error)}，${Math.ceil(wait / 1000)} 秒后重试` });
        await this.#sleep(wait);
      }
    }
  }
}
