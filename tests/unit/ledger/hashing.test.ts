import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { EMPTY_TREE_ROOT, hashChildren, hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { merkleTreeHash, RFC6962_LEAVES, toHex } from "./support.js";

describe("RFC 6962 tree hashing", () => {
  it("gives the RFC 6962 root of the eight test leaves", () => {
    expect(toHex(merkleTreeHash(RFC6962_LEAVES.map((leaf) => hashLeaf(leaf, sha256))))).toBe("5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");
  });

  it("gives SHA-256 of nothing for the empty tree", () => {
    expect(toHex(EMPTY_TREE_ROOT)).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(EMPTY_TREE_ROOT).toEqual(sha256());
    expect(merkleTreeHash([])).toEqual(EMPTY_TREE_ROOT);
  });

  it("separates leaves from interior nodes with the 0x00 / 0x01 prefixes", () => {
    const left = hashLeaf(new Uint8Array([1]), sha256);
    const right = hashLeaf(new Uint8Array([2]), sha256);
    const concatenated = new Uint8Array([...left, ...right]);
    expect(hashChildren(left, right, sha256)).not.toEqual(hashLeaf(concatenated, sha256));
    // The empty leaf: SHA-256(0x00)
    expect(toHex(hashLeaf(new Uint8Array(), sha256))).toBe("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d");
  });

  it("splits at the largest power of two below n (three leaves = (ab)c)", () => {
    const [a, b, c] = RFC6962_LEAVES.slice(0, 3).map((leaf) => hashLeaf(leaf, sha256));
    expect(merkleTreeHash([a, b, c])).toEqual(hashChildren(hashChildren(a, b, sha256), c, sha256));
  });

  it("hashes the parts concatenated, whatever their sizes, and returns a hash no later call changes", () => {
    const reference = (...parts: Uint8Array[]) => new Uint8Array(createHash("sha256").update(Buffer.concat(parts)).digest());
    // Around the one-shot path's scratch size (65,537 bytes: the largest leaf, 0x00 + 65,535 bytes).
    for (const sizes of [[0], [1, 32, 32], [65_536, 1], [65_536, 2], [40_000, 40_000], [200_000]]) {
      const parts = sizes.map((size, i) => new Uint8Array(size).fill(i + 7));
      expect(sha256(...parts), sizes.join("+")).toEqual(reference(...parts));
    }
    const first = sha256(new Uint8Array([1]));
    const copy = Uint8Array.from(first);
    sha256(new Uint8Array([2]));
    expect(first).toEqual(copy);
  });

  it("keeps each digest whatever is hashed after it (hundreds of digests, past a slab of them)", () => {
    const first = sha256(new Uint8Array([1]));
    const kept = Uint8Array.from(first);
    for (let i = 0; i < 600; i += 1) sha256(new Uint8Array([i & 255]));
    expect(first).toEqual(kept);
  });
});
