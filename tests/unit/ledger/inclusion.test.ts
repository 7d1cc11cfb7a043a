import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { checkInclusionProof, generateInclusionProof, inclusionProofPlan } from "../../../isomorphic/ledger/inclusion.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { anyTreeSize, buildTree, flipBit, fromBase64, listVectors, OneLeafTree, PROPERTY_TIMEOUT, readVector, RFC6962_LEAVES } from "./support.js";

interface InclusionVector {
  leafIdx: number;
  treeSize: number;
  root: string;
  leafHash: string;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}

describe("inclusion proof verification (RFC 9162 §2.1.3.2) against the transparency-dev vectors", () => {
  const files = listVectors("merkle/inclusion");

  it("finds the vectors", () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it.each(files)("%s", (file) => {
    const vector = readVector<InclusionVector>(file);
    const claim = {
      leafHash: fromBase64(vector.leafHash),
      index: vector.leafIdx,
      treeSize: vector.treeSize,
      proof: (vector.proof ?? []).map(fromBase64),
      rootHash: fromBase64(vector.root),
    };
    expect(checkInclusionProof(claim, sha256).ok, vector.desc).toBe(!vector.wantErr);
  });
});

describe("inclusion proof generation", () => {
  it("reproduces the vectors' proofs over the RFC 6962 leaves", async () => {
    const { store } = buildTree(RFC6962_LEAVES);
    for (const file of listVectors("merkle/inclusion").filter((name) => name.endsWith("happy-path.json"))) {
      const vector = readVector<InclusionVector>(file);
      const proof = await generateInclusionProof(vector.leafIdx, vector.treeSize, store.reader, sha256);
      expect(proof, file).toEqual((vector.proof ?? []).map(fromBase64));
    }
  });

  it("verifies the Argon2020 CT log's proof for leaf 10000 in a tree of 961,984,013", () => {
    const { leaf_index, audit_path } = readVector<{ leaf_index: number; audit_path: string[] }>("argon2020/inclusion-proof.json");
    const { entries } = readVector<{ entries: { leaf_input: string }[] }>("argon2020/entries.json");
    const claim = {
      leafHash: hashLeaf(fromBase64(entries[0].leaf_input), sha256),
      index: leaf_index,
      treeSize: 961_984_013,
      proof: audit_path.map(fromBase64),
      rootHash: fromBase64("dwlueapdd7LaOEnX2W2Wp9v2XE+KzejHRQGHwEx0oaM="),
    };
    expect(leaf_index).toBe(10000);
    expect(checkInclusionProof(claim, sha256)).toEqual({ ok: true });
    expect(checkInclusionProof({ ...claim, index: 10001 }, sha256).ok).toBe(false);
    expect(checkInclusionProof({ ...claim, treeSize: 2 ** 31 + 10_001 }, sha256).ok).toBe(false);
    expect(checkInclusionProof({ ...claim, proof: claim.proof.slice(1) }, sha256)).toEqual({ ok: false, failure: "proof-too-short" });
  });

  it("generates proofs that verify, and none survives a flipped bit (real trees)", async () => {
    const { leafHashes, store, rootAt } = buildTree(700);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 700 }).chain((size) => fc.tuple(fc.constant(size), fc.nat(size - 1), fc.nat())),
        async ([size, index, seed]) => {
          const proof = await generateInclusionProof(index, size, store.reader, sha256);
          const claim = { leafHash: leafHashes[index], index, treeSize: size, proof, rootHash: rootAt(size) };
          expect(checkInclusionProof(claim, sha256).ok).toBe(true);
          expect(checkInclusionProof({ ...claim, leafHash: flipBit(claim.leafHash, seed % 256) }, sha256).ok).toBe(false);
          expect(checkInclusionProof({ ...claim, rootHash: flipBit(claim.rootHash, seed % 256) }, sha256).ok).toBe(false);
          if (proof.length > 0) {
            const node = seed % proof.length;
            const tampered = proof.map((hash, i) => (i === node ? flipBit(hash, seed % 256) : hash));
            expect(checkInclusionProof({ ...claim, proof: tampered }, sha256).ok).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it("generates proofs that verify for any size up to 2^53 - 1 (virtual trees)", async () => {
    await fc.assert(
      fc.asyncProperty(anyTreeSize.chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }), fc.nat())), async ([size, index, seed]) => {
        const tree = new OneLeafTree(index);
        const proof = await generateInclusionProof(index, size, tree.reader, sha256);
        const claim = { leafHash: tree.nodeHash(0, index), index, treeSize: size, proof, rootHash: tree.root(size) };
        expect(proof.length).toBeLessThanOrEqual(53);
        expect(checkInclusionProof(claim, sha256).ok).toBe(true);
        expect(checkInclusionProof({ ...claim, rootHash: flipBit(claim.rootHash, seed % 256) }, sha256).ok).toBe(false);
        if (proof.length > 0) {
          const tampered = proof.map((hash, i) => (i === seed % proof.length ? flipBit(hash, seed % 256) : hash));
          expect(checkInclusionProof({ ...claim, proof: tampered }, sha256).ok).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it("plans only perfect subtrees inside the tree", () => {
    fc.assert(
      fc.property(anyTreeSize.chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }))), ([size, index]) => {
        for (const nodes of inclusionProofPlan(index, size)) {
          for (const { level, index: nodeIndex } of nodes) expect((nodeIndex + 1) * 2 ** level).toBeLessThanOrEqual(size);
        }
      }),
    );
  });

  it("refuses impossible requests and claims", () => {
    expect(() => inclusionProofPlan(5, 5)).toThrow(RangeError);
    expect(() => inclusionProofPlan(0, 2 ** 53)).toThrow(RangeError);
    expect(() => inclusionProofPlan(-1, 5)).toThrow(RangeError);
    const leafHash = hashLeaf(new Uint8Array(), sha256);
    expect(checkInclusionProof({ leafHash, index: 0, treeSize: 0, proof: [], rootHash: leafHash }, sha256)).toEqual({ ok: false, failure: "out-of-range" });
    expect(checkInclusionProof({ leafHash, index: 0.5, treeSize: 2, proof: [leafHash], rootHash: leafHash }, sha256)).toEqual({ ok: false, failure: "out-of-range" });
    expect(checkInclusionProof({ leafHash, index: 0, treeSize: 2, proof: [leafHash.subarray(1)], rootHash: leafHash }, sha256)).toEqual({ ok: false, failure: "malformed-hash" });
  });
});
