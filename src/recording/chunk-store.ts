/**
 * Where the browser keeps a recording's chunks until the server acknowledges them (issue 16: a
 * reload or a server restart loses nothing). The product's store is IndexedDB
 * (indexeddb-chunk-store.ts); the upload queue only knows this interface.
 */

/** One chunk as recorded: stored before it is uploaded, removed once the server holds it. */
export interface StoredChunk {
  readonly recordingId: number;
  readonly index: number;
  /** SHA-256 of `data`, lowercase hex, computed when it was recorded. */
  readonly sha256: string;
  /** Recording time at the end of the chunk (ms since the recording started). */
  readonly recordedMs: number;
  readonly data: Blob;
}

/** A recording this browser started and has not finished (stopped and sealed, or discarded). */
export interface StoredRecording {
  readonly recordingId: number;
  /** The account that started it: a browser shared by several accounts shows each only its own. */
  readonly owner: string;
  readonly name: string;
  readonly startedAt: number;
}

export interface ChunkStore {
  putRecording(recording: StoredRecording): Promise<void>;
  listRecordings(): Promise<StoredRecording[]>;
  /** Forgets the recording and every chunk still kept for it. */
  removeRecording(recordingId: number): Promise<void>;
  /** Resolves once the chunk is committed (a reload after this finds it). */
  putChunk(chunk: StoredChunk): Promise<void>;
  /** The recording's kept chunks, by index. */
  listChunks(recordingId: number): Promise<StoredChunk[]>;
  removeChunk(recordingId: number, index: number): Promise<void>;
}
