import type { ChunkStore, StoredChunk, StoredRecording } from "./chunk-store";

/**
 * The browser's chunk store: IndexedDB, which keeps Blobs on disk and survives a reload or a
 * crash of the tab. A put resolves on the transaction's `complete` (committed), so a chunk the
 * queue sends is already kept. Used by the screen recorder page and exercised by its e2e journey.
 */

const DATABASE = "hengzheng-recordings";
const VERSION = 1;
const RECORDINGS = "recordings";
const CHUNKS = "chunks";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB 请求失败"));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB 写入失败"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB 写入被中止（存储空间不足？）"));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, VERSION);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains(RECORDINGS)) db.createObjectStore(RECORDINGS, { keyPath: "recordingId" });
    // Keyed by [recordingId, index]: one recording's chunks are one key range, in order.
    if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS, { keyPath: ["recordingId", "index"] });
  };
  return request(opening);
}

/** Whether this browser offers IndexedDB at all (private modes of some browsers do not). */
export const hasIndexedDb = () => typeof indexedDB !== "undefined";

export function createIndexedDbChunkStore(factory: IDBFactory = indexedDB): ChunkStore {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => (database ??= openDatabase(factory));
  const write = async (stores: string[], work: (transaction: IDBTransaction) => void) => {
    const transaction = (await db()).transaction(stores, "readwrite", { durability: "strict" });
    work(transaction);
    await committed(transaction);
  };
  const chunkRange = (recordingId: number) => IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
  return {
    putRecording: (recording: StoredRecording) => write([RECORDINGS], (transaction) => transaction.objectStore(RECORDINGS).put(recording)),
    async listRecordings() {
      return request((await db()).transaction(RECORDINGS).objectStore(RECORDINGS).getAll() as IDBRequest<StoredRecording[]>);
    },
    removeRecording: (recordingId) =>
      write([RECORDINGS, CHUNKS], (transaction) => {
        transaction.objectStore(RECORDINGS).delete(recordingId);
        transaction.objectStore(CHUNKS).delete(chunkRange(recordingId));
      }),
    putChunk: (chunk: StoredChunk) => write([CHUNKS], (transaction) => transaction.objectStore(CHUNKS).put(chunk)),
    async listChunks(recordingId) {
      return request((await db()).transaction(CHUNKS).objectStore(CHUNKS).getAll(chunkRange(recordingId)) as IDBRequest<StoredChunk[]>);
    },
    removeChunk: (recordingId, index) => write([CHUNKS], (transaction) => transaction.objectStore(CHUNKS).delete([recordingId, index])),
  };
}
