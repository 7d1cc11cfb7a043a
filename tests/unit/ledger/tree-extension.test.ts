import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConsistencyProof, generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { extendTree } from "../../../server/ledger/tree-extension.js";
import { buildTree, PROPERTY_TIMEOUT } from "./support.js";

describe("extendTree (one block's Merkle work in memory)", () => {
  it("gives the stored tree's root and the same consistency proof as one read from every stored node", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 300 }), async (oldSize, added) => {
        const { leafHashes, store, rootAt } = buildTree(oldSize + added);
        const before = CompactRange.empty();
        before.appendAll(leafHashes.slice(0, oldSize));
        const state = before.state();
        const seen: string[] = [];
        const extension = extendTree(state, leafHashes.slice(oldSize), (level, index) => seen.push(`${level}/${index}`));

        expect(before.size).toBe(oldSize); // the tip it extended is left as it was
        expect(extension.range.size).toBe(oldSize + added);
        expect(extension.root).toEqual(rootAt(oldSize + added));
        expect(seen).toContain(`0/${oldSize + added - 1}`);
        if (oldSize === 0) {
          expect(extension.consistencyProof).toEqual([]);
          return;
        }
        expect(extension.consistencyProof).toEqual(await generateConsistencyProof(oldSize, oldSize + added, store.reader, sha256));
        const claim = { size1: oldSize, size2: oldSize + added, rootHash1: rootAt(oldSize), rootHash2: extension.root, proof: extension.consistencyProof };
        expect(checkConsistencyProof(claim, sha256).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  }, PROPERTY_TIMEOUT);

  it("yields a proof that fails against a frontier that was not the signed one", () => {
    const { leafHashes, rootAt } = buildTree(300);
    const before = CompactRange.empty();
    before.appendAll(leafHashes.slice(0, 200));
    const { size, hashes } = before.state();
    const forged = { size, hashes: hashes.map((hash, i) => (i === 0 ? sha256(hash) : hash)) };
    const extension = extendTree(forged, leafHashes.slice(200));
    const claim = { size1: 200, size2: 300, rootHash1: rootAt(200), rootHash2: extension.root, proof: extension.consistencyProof };
    expect(checkConsistencyProof(claim, sha256).ok).toBe(false);
  });
});
