import { randomBytes } from "node:crypto";
import * as ed from "@noble/ed25519";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as nodeEd25519 from "../../../server/ledger/ed25519.js";
import { nodeLedgerCrypto } from "../../../server/ledger/node-crypto.js";
import { nobleLedgerCrypto } from "../../../src/verification/ledger-crypto.js";

/**
 * The shared ledger code gets node:crypto on the server and @noble in the browser and the offline
 * verifier (isomorphic/ledger/crypto.ts); the two must agree exactly. The browser never signs, so its
 * side of the signing comparison is @noble's own `sign` (the library src/verification/ledger-crypto.ts
 * configures on import).
 */
describe("the ledger primitives of the server (node:crypto) and of the browser (@noble)", () => {
  it("computes the same SHA-256 over any parts", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 }), (parts) => {
        expect(nobleLedgerCrypto.sha256(...parts)).toEqual(nodeLedgerCrypto.sha256(...parts));
      }),
    );
  });

  it("derives the same public key and signatures from a seed, and each verifies the other's", () => {
    for (let i = 0; i < 20; i += 1) {
      const seed = new Uint8Array(randomBytes(32));
      const message = new Uint8Array(randomBytes(i * 7));
      const nodeKey = nodeEd25519.privateKeyFromSeed(seed);
      expect(ed.getPublicKey(seed)).toEqual(nodeKey.publicKey);
      const signature = nodeKey.sign(message);
      expect(ed.sign(message, seed)).toEqual(signature);
      expect(nobleLedgerCrypto.verifyEd25519(nodeKey.publicKey, message, signature)).toBe(true);
      expect(nodeLedgerCrypto.verifyEd25519(ed.getPublicKey(seed), message, ed.sign(message, seed))).toBe(true);
    }
  });

  it("rejects altered signatures and messages, and signatures of the wrong length", () => {
    const key = nodeEd25519.privateKeyFromSeed(new Uint8Array(32).fill(3));
    const message = new TextEncoder().encode("checkpoint");
    const signature = key.sign(message);
    const verify = (m: Uint8Array, s: Uint8Array) => nobleLedgerCrypto.verifyEd25519(key.publicKey, m, s);
    for (let bit = 0; bit < 512; bit += 37) {
      const altered = Uint8Array.from(signature);
      altered[bit >> 3] ^= 1 << (bit & 7);
      expect(verify(message, altered)).toBe(false);
    }
    expect(verify(new TextEncoder().encode("checkpoinT"), signature)).toBe(false);
    expect(verify(message, signature.subarray(0, 63))).toBe(false);
    // A non-canonical S (S + L) is refused under strict RFC 8032, as OpenSSL refuses it.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).reverse().toString("hex")}`) + L;
    const sBytes = Buffer.from(s.toString(16).padStart(64, "0"), "hex").reverse();
    const malleable = Uint8Array.from([...signature.subarray(0, 32), ...sBytes]);
    expect(nodeLedgerCrypto.verifyEd25519(key.publicKey, message, malleable)).toBe(false);
    expect(verify(message, malleable)).toBe(false);
  });
});
