import { parentPort, workerData } from "node:worker_threads";
import type { BlockWriterThreadData } from "../../../server/modules/ledger/block-writer-thread.js";

/** A block writer thread that starts, then dies on its first block (block-writer-thread.test.ts). */
Atomics.store((workerData as BlockWriterThreadData).ready, 0, 1);
parentPort!.on("message", () => process.exit(3));
