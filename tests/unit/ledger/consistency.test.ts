import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConsistencyProof, consistencyProofPlan, generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { anyTreeSize, buildTree, flipBit, fromBase64, listVectors, OneLeafTree, PROPERTY_TIMEOUT, readVector, RFC6962_LEAVES } from "./support.js";

interface ConsistencyVector {
  size1: number;
  size2: number;
  root1: string;
  root2: string;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}

const toClaim = (vector: ConsistencyVector) => ({
  size1: vector.size1,
  size2: vector.size2,
  rootHash1: fromBase64(vector.root1),
  rootHash2: fromBase64(vector.root2),
  proof: (vector.proof ?? []).map(fromBase64),
});

describe("consistency proof verification (RFC 9162 §2.1.4.2) against the transparency-dev vectors", () => {
  const files = listVectors("merkle/consistency");

  it("finds the vectors", () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it.each(files)("%s", (file) => {
    const vector = readVector<ConsistencyVector>(file);
    expect(checkConsistencyProof(toClaim(vector), sha256).ok, vector.desc).toBe(!vector.wantErr);
  });
});

describe("consistency proof generation", () => {
  it("reproduces the vectors' proofs over the RFC 6962 leaves", async () => {
    const { store } = buildTree(RFC6962_LEAVES);
    for (const file of listVectors("merkle/consistency").filter((name) => name.endsWith("happy-path.json"))) {
      const vector = readVector<ConsistencyVector>(file);
      expect(await generateConsistencyProof(vector.size1, vector.size2, store.reader, sha256), file).toEqual((vector.proof ?? []).map(fromBase64));
    }
  });

  it("verifies the Argon2020 CT log's proof from 3,654,490 to 961,984,013", () => {
    const { consistency } = readVector<{ consistency: string[] }>("argon2020/consistency-proof.json");
    const claim = {
      size1: 3_654_490,
      size2: 961_984_013,
      rootHash1: fromBase64("AuIZ5V6sDUj1vn3Y1K85oOaQ7y+FJJKtyRTl1edIKBQ="),
      rootHash2: fromBase64("dwlueapdd7LaOEnX2W2Wp9v2XE+KzejHRQGHwEx0oaM="),
      proof: consistency.map(fromBase64),
    };
    expect(checkConsistencyProof(claim, sha256)).toEqual({ ok: true });
    expect(checkConsistencyProof({ ...claim, rootHash1: claim.rootHash2 }, sha256)).toEqual({ ok: false, failure: "root-mismatch" });
    expect(checkConsistencyProof({ ...claim, size1: 3_654_491 }, sha256).ok).toBe(false);
    expect(checkConsistencyProof({ ...claim, proof: [...claim.proof, claim.proof[0]] }, sha256)).toEqual({ ok: false, failure: "proof-too-long" });
  });

  it("generates proofs that verify, and none survives a flipped bit (real trees)", async () => {
    const { store, rootAt } = buildTree(600);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 600 }).chain((size2) => fc.tuple(fc.integer({ min: 1, max: size2 }), fc.constant(size2), fc.nat())),
        async ([size1, size2, seed]) => {
          const proof = await generateConsistencyProof(size1, size2, store.reader, sha256);
          const claim = { size1, size2, rootHash1: rootAt(size1), rootHash2: rootAt(size2), proof };
          expect(checkConsistencyProof(claim, sha256).ok).toBe(true);
          expect(checkConsistencyProof({ ...claim, rootHash1: flipBit(claim.rootHash1, seed % 256) }, sha256).ok).toBe(false);
          expect(checkConsistencyProof({ ...claim, rootHash2: flipBit(claim.rootHash2, seed % 256) }, sha256).ok).toBe(false);
          if (proof.length > 0) {
            const tampered = proof.map((hash, i) => (i === seed % proof.length ? flipBit(hash, seed % 256) : hash));
            expect(checkConsistencyProof({ ...claim, proof: tampered }, sha256).ok).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it("generates proofs that verify for any sizes up to 2^53 - 1 (virtual trees)", async () => {
    const sizes = anyTreeSize.chain((size2) =>
      fc.tuple(fc.integer({ min: 1, max: size2 }), fc.constant(size2)).chain(([size1]) => fc.tuple(fc.constant(size1), fc.constant(size2), fc.integer({ min: 0, max: size2 - 1 }), fc.nat())),
    );
    await fc.assert(
      fc.asyncProperty(sizes, async ([size1, size2, special, seed]) => {
        const tree = new OneLeafTree(special);
        const proof = await generateConsistencyProof(size1, size2, tree.reader, sha256);
        const claim = { size1, size2, rootHash1: tree.root(size1), rootHash2: tree.root(size2), proof };
        expect(proof.length).toBeLessThanOrEqual(2 * 53);
        expect(checkConsistencyProof(claim, sha256).ok).toBe(true);
        expect(checkConsistencyProof({ ...claim, rootHash2: flipBit(claim.rootHash2, seed % 256) }, sha256).ok).toBe(false);
        if (proof.length > 0) {
          const tampered = proof.map((hash, i) => (i === seed % proof.length ? flipBit(hash, seed % 256) : hash));
          expect(checkConsistencyProof({ ...claim, proof: tampered }, sha256).ok).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it("refuses impossible requests and claims", () => {
    expect(() => consistencyProofPlan(0, 5)).toThrow(RangeError);
    expect(() => consistencyProofPlan(6, 5)).toThrow(RangeError);
    expect(() => consistencyProofPlan(1, 2 ** 53)).toThrow(RangeError);
    const root = fromBase64("47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    expect(checkConsistencyProof({ size1: 2, size2: 4, rootHash1: root, rootHash2: root, proof: [] }, sha256)).toEqual({ ok: false, failure: "proof-too-short" });
    expect(checkConsistencyProof({ size1: 2, size2: 1, rootHash1: root, rootHash2: root, proof: [] }, sha256)).toEqual({ ok: false, failure: "out-of-range" });
  });
});
