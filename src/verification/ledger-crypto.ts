/**
 * The ledger primitives (isomorphic/ledger/crypto.ts) of the verification pages and the offline
 * verifier, over @noble: synchronous, as the checks are, and usable on plain-HTTP origins where
 * WebCrypto is missing. The offline verifier uses them too, so both run exactly the same code.
 * Verification is strict RFC 8032 (zip215: false), as OpenSSL's is on the server.
 */
import * as ed from "@noble/ed25519";
import { sha256 as nobleSha256, sha512 } from "@noble/hashes/sha2.js";
import type { LedgerCrypto } from "../../isomorphic/ledger/crypto";

ed.hashes.sha512 = sha512;

export const nobleLedgerCrypto: LedgerCrypto = {
  sha256(...parts) {
    const hash = nobleSha256.create();
    for (const part of parts) hash.update(part);
    return hash.digest();
  },
  verifyEd25519(publicKey, message, signature) {
    try {
      return ed.verify(signature, message, publicKey, { zip215: false });
    } catch {
      return false;
    }
  },
};
