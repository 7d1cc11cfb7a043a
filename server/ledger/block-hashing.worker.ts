import { parentPort, workerData } from "node:worker_threads";
import { BlockHashes } from "./block-hashes.js";
import type { BlockHashingReply, BlockHashingRequest, BlockHashingThreadData } from "./block-hashing-thread.js";

/** The block-hashing thread (block-hashing-thread.ts): hashes each block it is sent and hands the hashes back. */
const port = parentPort;
if (!port) throw new Error("block-hashing.worker.ts runs only as a worker thread");

port.on("message", (request: BlockHashingRequest) => {
  let reply: BlockHashingReply;
  try {
    const { bytes } = BlockHashes.compute(request, request.start);
    reply = { id: request.id, bytes };
  } catch (error) {
    reply = { id: request.id, error: (error as Error).message };
  }
  // The hashes are handed over, not copied: compute gives them a buffer of their own.
  port.postMessage(reply, "bytes" in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
});
Atomics.store((workerData as BlockHashingThreadData).ready, 0, 1);
