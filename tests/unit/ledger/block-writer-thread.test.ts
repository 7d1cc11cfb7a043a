import { describe, expect, it, vi } from "vitest";
import { BlockWriterThread } from "../../../server/modules/ledger/block-writer-thread.js";
import type { BlockRecord, StoredState } from "../../../server/modules/ledger/ledger.repository.js";

const EMPTY: StoredState = { treeSize: 0, frontier: [], blockHeight: 0 };
const BLOCK: BlockRecord = {
  entries: { firstIndex: 0, entries: { bytes: new Uint8Array([1]), ends: Uint32Array.from([1]) } },
  nodes: [],
  checkpoint: { blockHeight: 1, treeSize: 1, rootHash: "", note: "", createdAt: 0 },
  state: { treeSize: 1, frontier: [new Uint8Array(32)], blockHeight: 1 },
};

describe("block writer thread (stores SQLite ledgers' blocks beside their own thread)", () => {
  it("answers 'unknown' for the blocks a thread that ended still owed, and takes no block after", async () => {
    const thread = new BlockWriterThread(new URL("./dying-block-writer.worker.ts", import.meta.url));
    await vi.waitFor(() => expect(thread.available).toBe(true), { timeout: 30_000, interval: 20 });
    // The ledger then looks up whether each was stored (its checkpoint is), and writes on its own connection.
    expect(await Promise.all([thread.write("ledger.sqlite", EMPTY, BLOCK), thread.write("ledger.sqlite", EMPTY, BLOCK)])).toEqual(["unknown", "unknown"]);
    expect(thread.available).toBe(false);
    expect(await thread.write("ledger.sqlite", EMPTY, BLOCK)).toBe("unknown");
  }, 40_000);
});
