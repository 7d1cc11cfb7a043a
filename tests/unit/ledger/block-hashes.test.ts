import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BlockHashes, EntryArena } from "../../../server/ledger/block-hashes.js";
import { BlockHashingThread, blockHashingThread } from "../../../server/ledger/block-hashing-thread.js";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { extendTree } from "../../../server/ledger/tree-extension.js";
import { buildTree, PROPERTY_TIMEOUT, toHex } from "./support.js";

function packEntries(entries: readonly Uint8Array[]) {
  const arena = new EntryArena();
  for (const entry of entries) arena.add(entry);
  return arena.seal();
}

/** Every node of a tree of `size` leaves, as "level/index". */
function nodesOf(size: number): { level: number; index: number }[] {
  const nodes: { level: number; index: number }[] = [];
  for (let level = 0; 2 ** level <= size; level += 1) for (let index = 0; (index + 1) * 2 ** level <= size; index += 1) nodes.push({ level, index });
  return nodes;
}

describe("entry arena (the copies of a block's entries, packed as they come)", () => {
  it("keeps each copy whatever the caller does with its buffer, also past growing, and packs a block's entries in order", () => {
    const arena = new EntryArena();
    const entries = [1, 60_000, 0, 65_535, 70_000, 3].map((size, n) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + n) & 255));
    expect(entries.map((entry) => arena.add(entry))).toEqual([1, 2, 3, 4, 5, 6]);
    const before = entries.map((entry) => Uint8Array.from(entry));
    for (const entry of entries) entry.fill(255);
    const packed = arena.seal();
    expect([...packed.ends]).toEqual([1, 60_001, 60_001, 125_536, 195_536, 195_539]);
    expect(Buffer.compare(packed.bytes, Buffer.concat(before))).toBe(0);
    arena.add(new Uint8Array([9]));
    expect(arena.seal()).toEqual({ bytes: new Uint8Array([9]), ends: Uint32Array.from([1]) });
  });
});

describe("block hashes (a block's leaf hashes and the subtrees wholly inside it)", () => {
  it("are the tree's own node hashes, for every node inside the block and no other", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 300 }), (start, count) => {
        const { leaves, leafHashes, store } = buildTree(start + count);
        const block = BlockHashes.compute(packEntries(leaves.slice(start)), start);
        for (let i = 0; i < count; i += 1) {
          expect(toHex(block.leafHash(i))).toBe(toHex(leafHashes[start + i]));
          expect(block.leafHashHex(i)).toBe(toHex(leafHashes[start + i]));
        }
        for (const { level, index } of nodesOf(start + count)) {
          const inside = index * 2 ** level >= start;
          expect(block.node(level, index), `${level}/${index}`).toEqual(inside ? store.get(level, index) : undefined);
        }
        expect(block.node(0, start + count)).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  }, PROPERTY_TIMEOUT);

  it("let a block be appended without hashing its nodes again: the same tree, nodes and proof, the known nodes taken as given", () => {
    const { leaves, leafHashes } = buildTree(700);
    const before = CompactRange.empty();
    before.appendAll(leafHashes.slice(0, 300));
    const block = BlockHashes.compute(packEntries(leaves.slice(300)), 300);
    const seen = (known?: (level: number, index: number) => Uint8Array | undefined) => {
      const nodes: string[] = [];
      const extension = extendTree(before.state(), leafHashes.slice(300), (level, index, hash) => nodes.push(`${level}/${index}/${toHex(hash)}`), known);
      return { nodes, root: toHex(extension.root), proof: extension.consistencyProof.map(toHex) };
    };
    expect(seen((level, index) => block.node(level, index))).toEqual(seen());
    // Taken as given, not hashed again: a wrong one (here the frontier's last node, leaves 696..699)
    // is what the tree then holds.
    const wrong = seen((level, index) => (level === 2 && index === 174 ? new Uint8Array(32) : block.node(level, index)));
    expect(wrong.nodes).toContain(`2/174/${"00".repeat(32)}`);
    expect(wrong.root).not.toBe(seen().root);
  });

  it("refuse hashes that do not fit the block", () => {
    expect(() => new BlockHashes(3, 5, new Uint8Array(5 * 32))).toThrow(RangeError); // [3, 8) also holds 2/1 and 1/2, 1/3
    expect(new BlockHashes(3, 5, new Uint8Array(8 * 32)).node(2, 1)).toHaveLength(32);
  });

  /** Hashes blocks until `thread` is up: the first blocks are hashed here while it starts (the first big one starts it). */
  async function untilOnThread(thread: BlockHashingThread, leaves: Uint8Array[]) {
    for (let i = 0; i < 400 && !thread.onThread; i += 1) {
      await thread.hash(packEntries(leaves.slice(0, 32)), 0);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(thread.onThread).toBe(true);
  }

  it("come back from the hashing thread the same as hashed here, block after block", async () => {
    const { leaves } = buildTree(3_000);
    await untilOnThread(blockHashingThread, leaves);
    const starts = [0, 1, 255, 256, 700, 1023, 2_000];
    const blocks = await Promise.all(starts.map((start) => blockHashingThread.hash(packEntries(leaves.slice(start, start + 256)), start)));
    blocks.forEach((block, i) => {
      expect(block.bytes).toEqual(BlockHashes.compute(packEntries(leaves.slice(starts[i], starts[i] + 256)), starts[i]).bytes);
    });
  }, PROPERTY_TIMEOUT);

  it("are hashed here when the thread dies with blocks it owes, and from then on", async () => {
    const { leaves } = buildTree(600);
    const thread = new BlockHashingThread(new URL("./dying-hashing.worker.ts", import.meta.url));
    await untilOnThread(thread, leaves);
    const owed = await Promise.all([0, 256].map((start) => thread.hash(packEntries(leaves.slice(start, start + 256)), start)));
    expect(thread.onThread).toBe(false);
    const after = await thread.hash(packEntries(leaves.slice(512, 600)), 512);
    [...owed, after].forEach((block) => {
      expect(block.bytes).toEqual(BlockHashes.compute(packEntries(leaves.slice(block.start, block.start + block.count)), block.start).bytes);
    });
  }, PROPERTY_TIMEOUT);
});
