import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as browserEd25519 from "../../../server/ledger/ed25519.browser.js";
import * as nodeEd25519 from "../../../server/ledger/ed25519.js";
import { sha256 as browserSha256 } from "../../../server/ledger/sha256.browser.js";
import { sha256 as nodeSha256 } from "../../../server/ledger/sha256.js";

/** The browser build swaps these twins in (scripts/vite-browser-twins.ts); they must agree with Node's exactly. */
describe("browser twins of the ledger's Node-only modules", () => {
  it("computes the same SHA-256 over any parts", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 }), (parts) => {
        expect(browserSha256(...parts)).toEqual(nodeSha256(...parts));
      }),
    );
  });

  it("derives the same public key and signatures from a seed, and each verifies the other's", () => {
    for (let i = 0; i < 20; i += 1) {
      const seed = new Uint8Array(randomBytes(32));
      const message = new Uint8Array(randomBytes(i * 7));
      const nodeKey = nodeEd25519.privateKeyFromSeed(seed);
      const browserKey = browserEd25519.privateKeyFromSeed(seed);
      expect(browserKey.publicKey).toEqual(nodeKey.publicKey);
      const signature = nodeKey.sign(message);
      expect(browserKey.sign(message)).toEqual(signature);
      expect(browserEd25519.publicKeyFromBytes(nodeKey.publicKey).verify(message, signature)).toBe(true);
      expect(nodeEd25519.publicKeyFromBytes(browserKey.publicKey).verify(message, browserKey.sign(message))).toBe(true);
    }
  });

  it("rejects altered signatures and messages, and signatures of the wrong length", () => {
    const key = nodeEd25519.privateKeyFromSeed(new Uint8Array(32).fill(3));
    const message = new TextEncoder().encode("checkpoint");
    const signature = key.sign(message);
    const verifier = browserEd25519.publicKeyFromBytes(key.publicKey);
    for (let bit = 0; bit < 512; bit += 37) {
      const altered = Uint8Array.from(signature);
      altered[bit >> 3] ^= 1 << (bit & 7);
      expect(verifier.verify(message, altered)).toBe(false);
    }
    expect(verifier.verify(new TextEncoder().encode("checkpoinT"), signature)).toBe(false);
    expect(verifier.verify(message, signature.subarray(0, 63))).toBe(false);
    // A non-canonical S (S + L) is refused under strict RFC 8032, as OpenSSL refuses it.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).reverse().toString("hex")}`) + L;
    const sBytes = Buffer.from(s.toString(16).padStart(64, "0"), "hex").reverse();
    const malleable = Uint8Array.from([...signature.subarray(0, 32), ...sBytes]);
    expect(nodeEd25519.publicKeyFromBytes(key.publicKey).verify(message, malleable)).toBe(false);
    expect(verifier.verify(message, malleable)).toBe(false);
  });
});
