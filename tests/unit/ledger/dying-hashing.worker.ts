import { parentPort, workerData } from "node:worker_threads";
import type { BlockHashingThreadData } from "../../../server/ledger/block-hashing-thread.js";

/** A block-hashing thread that starts, then dies on its first block (block-hashes.test.ts). */
Atomics.store((workerData as BlockHashingThreadData).ready, 0, 1);
parentPort!.on("message", () => process.exit(3));
