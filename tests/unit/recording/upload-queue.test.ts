import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { digestChunk } from "../../../src/recording/chunk-digest.js";
import type { ChunkStore, StoredChunk, StoredRecording } from "../../../src/recording/chunk-store.js";
import { ChunkUploadQueue, UploadQueueFailure, type ChunkTransport } from "../../../src/recording/upload-queue.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { RECORDING_MESSAGES, RecordingCode, type RecordingChunkReceipt, type RecordingState, type RecordingUploadState } from "../../../src/schema/recording.js";

/** The store interface over a Map, as IndexedDB behaves for the queue (the e2e journey runs the real one). */
class MemoryChunkStore implements ChunkStore {
  readonly recordings = new Map<number, StoredRecording>();
  readonly chunks = new Map<string, StoredChunk>();
  async putRecording(recording: StoredRecording) {
    this.recordings.set(recording.recordingId, recording);
  }
  async listRecordings() {
    return [...this.recordings.values()];
  }
  async removeRecording(recordingId: number) {
    this.recordings.delete(recordingId);
    for (const [key, chunk] of this.chunks) if (chunk.recordingId === recordingId) this.chunks.delete(key);
  }
  async putChunk(chunk: StoredChunk) {
    this.chunks.set(`${chunk.recordingId}/${chunk.index}`, chunk);
  }
  async listChunks(recordingId: number) {
    return [...this.chunks.values()].filter((chunk) => chunk.recordingId === recordingId).sort((a, b) => a.index - b.index);
  }
  async removeChunk(recordingId: number, index: number) {
    this.chunks.delete(`${recordingId}/${index}`);
  }
}

const refusal = (statusCode: number, message = "拒绝") => Object.assign(new Error(message), { statusCode });

/**
 * The server's rules for chunks (RecordingChunkFieldsSchema): only the next index, or one it holds
 * with the same digest (answered as before). `faults` make the next calls fail before or after storing.
 */
class ChunkServer implements ChunkTransport {
  held: { sha256: string; bytes: number }[] = [];
  state: RecordingState = "recording";
  faults: ("down" | "lostReply")[] = [];
  readonly sent: number[] = [];
  constructor(readonly store?: MemoryChunkStore) {}

  async upload(chunk: StoredChunk): Promise<RecordingChunkReceipt> {
    this.sent.push(chunk.index);
    // The queue keeps every chunk before sending it.
    if (this.store && !this.store.chunks.has(`${chunk.recordingId}/${chunk.index}`)) throw new Error(`chunk ${chunk.index} sent before it was kept`);
    const fault = this.faults.shift();
    if (fault === "down") throw refusal(ResultCode.serverError, "服务器暂时不可用");
    if (this.state !== "recording") throw refusal(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
    const held = this.held[chunk.index];
    if (held && held.sha256 !== chunk.sha256) throw refusal(RecordingCode.chunkConflict, RECORDING_MESSAGES.chunkConflict);
    if (!held && chunk.index !== this.held.length) throw refusal(RecordingCode.chunkOutOfOrder, RECORDING_MESSAGES.chunkOutOfOrder);
    if (!held) this.held.push({ sha256: chunk.sha256, bytes: chunk.data.size });
    if (fault === "lostReply") throw refusal(ResultCode.timeout, "请求超时");
    return { index: chunk.index, received: this.held.length, bytes: chunk.data.size, chainSha256: "00".repeat(32), anchors: 0 };
  }

  async uploadState(): Promise<RecordingUploadState> {
    if (this.faults[0] === "down") {
      this.faults.shift();
      throw refusal(ResultCode.serverError);
    }
    return { id: 1, state: this.state, received: this.held.length, bytes: this.bytes(), durationMs: 0, anchors: 0, chunkSha256: this.held.map((chunk) => chunk.sha256) };
  }

  bytes() {
    return this.held.reduce((sum, chunk) => sum + chunk.bytes, 0);
  }
}

const blob = (text: string) => new Blob([text]);
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

function queueFor(server: ChunkServer, store: MemoryChunkStore) {
  const waits: number[] = [];
  const queue = new ChunkUploadQueue({ recordingId: 1, store, transport: server, sleep: async (ms) => void waits.push(ms) });
  return { queue, waits };
}

describe("ChunkUploadQueue", () => {
  it("keeps each chunk before sending it, sends in order and forgets it once acknowledged", async () => {
    const store = new MemoryChunkStore();
    const server = new ChunkServer(store);
    const progress: number[] = [];
    const queue = new ChunkUploadQueue({ recordingId: 1, store, transport: server, onProgress: (p) => progress.push(p.uploadedChunks) });
    await Promise.all(["a", "bb", "ccc", "dddd"].map((text, i) => queue.add(blob(text), (i + 1) * 2000)));
    await queue.drain();
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(server.held.map((chunk) => chunk.sha256)).toEqual(["a", "bb", "ccc", "dddd"].map(sha));
    expect(store.chunks.size).toBe(0);
    expect(queue.progress).toMatchObject({ recordedChunks: 4, recordedBytes: 10, uploadedChunks: 4, uploadedBytes: 10, retrying: null, failure: null });
    expect(progress.at(-1)).toBe(4);
  });

  it("retries a server that is down with growing waits, and takes a lost reply's chunk only once", async () => {
    const store = new MemoryChunkStore();
    const server = new ChunkServer(store);
    server.faults = ["down", "down", "down", "lostReply"];
    const { queue, waits } = queueFor(server, store);
    await queue.add(blob("one"), 2000);
    await queue.add(blob("two"), 4000);
    await queue.drain();
    expect(waits).toEqual([500, 1000, 2000, 4000]);
    expect(server.held).toHaveLength(2);
    expect(server.sent).toEqual([0, 0, 0, 0, 0, 1]);
    expect(store.chunks.size).toBe(0);
  });

  it("after a reload, sends from where the server is: kept chunks it already holds are forgotten unsent", async () => {
    const store = new MemoryChunkStore();
    const server = new ChunkServer();
    // The page kept four chunks; the server took two of them before the reload.
    for (const [index, text] of ["a", "b", "c", "d"].entries()) await store.putChunk({ recordingId: 1, index, sha256: sha(text), recordedMs: (index + 1) * 2000, data: blob(text) });
    server.held = [{ sha256: sha("a"), bytes: 1 }, { sha256: sha("b"), bytes: 1 }];
    const { queue } = queueFor(server, store);
    await queue.resume();
    await queue.drain();
    expect(server.sent).toEqual([2, 3]);
    expect(server.held.map((chunk) => chunk.sha256)).toEqual(["a", "b", "c", "d"].map(sha));
    expect(store.chunks.size).toBe(0);
    expect(queue.progress).toMatchObject({ recordedChunks: 4, uploadedChunks: 4, uploadedBytes: 4 });
  });

  it("answers the server's 'out of order' by asking where it is and sending from there", async () => {
    const store = new MemoryChunkStore();
    const server = new ChunkServer();
    const { queue } = queueFor(server, store);
    await queue.add(blob("a"), 2000);
    await queue.drain();
    // Another tab of the same browser sent the next chunk; this one sends it too, then the one after.
    server.held.push({ sha256: sha("b"), bytes: 1 });
    server.held.push({ sha256: sha("c"), bytes: 1 });
    await queue.add(blob("b"), 4000);
    await queue.add(blob("c"), 6000);
    await queue.add(blob("d"), 8000);
    await queue.drain();
    expect(server.held).toHaveLength(4);
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(store.chunks.size).toBe(0);
  });

  it("stops for good, keeping the chunks, when the server holds other content, lacks a chunk no longer kept, or has ended the recording", async () => {
    const conflict = new ChunkServer();
    conflict.held = [{ sha256: sha("other"), bytes: 5 }];
    const store = new MemoryChunkStore();
    await store.putChunk({ recordingId: 1, index: 0, sha256: sha("a"), recordedMs: 2000, data: blob("a") });
    const first = queueFor(conflict, store).queue;
    await first.resume();
    await expect(first.drain()).rejects.toThrow(new UploadQueueFailure("服务器已收到的第 1 个分片与本机录制的内容不同，上传已停止"));
    expect(store.chunks.size).toBe(1);

    const lacking = new ChunkServer();
    const gap = new MemoryChunkStore();
    await gap.putChunk({ recordingId: 1, index: 3, sha256: sha("d"), recordedMs: 8000, data: blob("d") });
    const second = queueFor(lacking, gap).queue;
    await second.resume();
    await expect(second.drain()).rejects.toThrow("服务器缺少第 1 个分片，而本机已没有保存该分片，无法继续上传");

    const ended = new ChunkServer();
    ended.state = "sealed";
    const late = new MemoryChunkStore();
    const third = queueFor(ended, late).queue;
    await third.add(blob("late"), 2000);
    await expect(third.drain()).rejects.toThrow(RECORDING_MESSAGES.notRecording);
    // After a reload the same chunk is named as what the ended recording lacks.
    const fourth = queueFor(ended, late).queue;
    await fourth.resume();
    await expect(fourth.drain()).rejects.toThrow("录制已结束（已封存），其后的 1 个分片未能上传");
  });
});

describe("digestChunk", () => {
  it("is the SHA-256 of the chunk's bytes, from a Blob or bytes", async () => {
    expect(await digestChunk(blob("录像分片"))).toBe(sha("录像分片"));
    expect(await digestChunk(new TextEncoder().encode("录像分片"))).toBe(sha("录像分片"));
  });
});
