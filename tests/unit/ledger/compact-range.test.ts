import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { EMPTY_TREE_ROOT, hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { buildTree, fromBase64, merkleTreeHash, PROPERTY_TIMEOUT, RFC6962_LEAVES, toHex } from "./support.js";

describe("CompactRange", () => {
  it("starts empty with the empty-tree root", () => {
    const range = CompactRange.empty();
    expect(range.size).toBe(0);
    expect(range.root()).toEqual(EMPTY_TREE_ROOT);
    expect(range.state()).toEqual({ size: 0, hashes: [] });
  });

  it("reaches the RFC 6962 root after the eight test leaves", () => {
    const range = CompactRange.empty();
    range.appendAll(RFC6962_LEAVES.map((leaf) => hashLeaf(leaf, sha256)));
    expect(toHex(range.root())).toBe("5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");
    expect(range.state().hashes).toHaveLength(1);
  });

  it("has the recomputed MTH as its root after every append", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 16 }), { maxLength: 200 }), (leaves) => {
        const range = CompactRange.empty();
        const leafHashes = leaves.map((leaf) => hashLeaf(leaf, sha256));
        leafHashes.forEach((leafHash, i) => {
          range.append(leafHash);
          expect(range.root()).toEqual(merkleTreeHash(leafHashes.slice(0, i + 1)));
        });
      }),
      { numRuns: 60 },
    );
  }, PROPERTY_TIMEOUT);

  it("keeps one hash per set bit of the size, and resumes from its persisted state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 100 }), (split, more) => {
        const { leafHashes } = buildTree(split + more);
        const first = CompactRange.empty();
        first.appendAll(leafHashes.slice(0, split));
        const state = first.state();
        expect(state.hashes).toHaveLength(split.toString(2).replaceAll("0", "").length);
        // as the server would persist it: the size and the hashes in base64
        const stored = JSON.stringify({ size: state.size, hashes: state.hashes.map((hash) => Buffer.from(hash).toString("base64")) });
        const loaded = JSON.parse(stored) as { size: number; hashes: string[] };
        const resumed = CompactRange.fromState({ size: loaded.size, hashes: loaded.hashes.map(fromBase64) });
        resumed.appendAll(leafHashes.slice(split));
        expect(resumed.size).toBe(split + more);
        expect(resumed.root()).toEqual(merkleTreeHash(leafHashes));
      }),
      { numRuns: 40 },
    );
  }, PROPERTY_TIMEOUT);

  it("reports every perfect subtree once, as it completes", () => {
    const seen: string[] = [];
    const range = CompactRange.empty();
    range.appendAll(RFC6962_LEAVES.slice(0, 6).map((leaf) => hashLeaf(leaf, sha256)), (level, index) => seen.push(`${level}/${index}`));
    expect(seen).toEqual(["0/0", "0/1", "1/0", "0/2", "0/3", "1/1", "2/0", "0/4", "0/5", "1/2"]);
    expect(range.nodes()).toEqual([{ level: 2, index: 0 }, { level: 1, index: 2 }]);
  });

  it("reports nodes whose hashes are the MTH of the leaves they cover", () => {
    const { leafHashes, store } = buildTree(300);
    for (let level = 0; 2 ** level <= 300; level += 1) {
      for (let index = 0; (index + 1) * 2 ** level <= 300; index += 1) {
        expect(store.get(level, index)).toEqual(merkleTreeHash(leafHashes.slice(index * 2 ** level, (index + 1) * 2 ** level)));
      }
    }
    expect(() => store.get(8, 1)).toThrow(RangeError);
  });

  it("refuses a state that does not fit its size", () => {
    const hash = hashLeaf(new Uint8Array(), sha256);
    expect(() => CompactRange.fromState({ size: 3, hashes: [hash] })).toThrow(/2 frontier hashes/);
    expect(() => CompactRange.fromState({ size: 1, hashes: [hash.subarray(1)] })).toThrow(/32 bytes/);
    expect(() => CompactRange.fromState({ size: -1, hashes: [] })).toThrow(RangeError);
    expect(() => CompactRange.empty().append(new Uint8Array(31))).toThrow(/32 bytes/);
  });

  it("counts sizes above 2^32 exactly", () => {
    const size = 2 ** 40 + 2 ** 33 + 7;
    const fake = Array.from({ length: 5 }, (_, i) => hashLeaf(new Uint8Array([i]), sha256));
    const range = CompactRange.fromState({ size, hashes: fake });
    range.append(hashLeaf(new Uint8Array([9]), sha256));
    expect(range.size).toBe(size + 1);
    expect(range.nodes().map((node) => node.level)).toEqual([40, 33, 3]);
  });
});
