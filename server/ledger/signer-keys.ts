/**
 * The log's signer key, `PRIVATE+KEY+<name>+<key id>+base64(0x01 ‖ 32-byte seed)` (Go's
 * golang.org/x/mod/sumdb/note text form; the verifier half is isomorphic/ledger/note-keys.ts). A secret:
 * keep it out of logs and out of the database. Server-only because it holds the private key.
 */
import { concatBytes, encodeBase64 } from "../../isomorphic/ledger/encoding.js";
import { LedgerFormatError } from "../../isomorphic/ledger/errors.js";
import {
  assertKeyName,
  computeKeyId,
  ED25519_KEY_TYPE,
  formatKeyId,
  formatVerifierKey,
  parseKeyId,
  parseTypedKey,
  splitKeyString,
  type NoteSigner,
} from "../../isomorphic/ledger/note-keys.js";
import { ED25519_SEED_SIZE, generateSeed, privateKeyFromSeed } from "./ed25519.js";
import { sha256 } from "./node-crypto.js";

interface ParsedSignerKey {
  readonly signer: NoteSigner;
  readonly verifierKey: string;
}

function signerFromSeed(name: string, seed: Uint8Array): ParsedSignerKey {
  const key = privateKeyFromSeed(seed);
  const keyId = computeKeyId(name, ED25519_KEY_TYPE, key.publicKey, sha256);
  return { signer: { name, keyId, sign: (message) => key.sign(message) }, verifierKey: formatVerifierKey(name, key.publicKey, sha256) };
}

/** Parses `PRIVATE+KEY+…`; returns the signer and the matching verifier key string. */
export function parseSignerKey(text: string): ParsedSignerKey {
  const parts = splitKeyString(text, 5);
  if (parts.length !== 5 || parts[0] !== "PRIVATE" || parts[1] !== "KEY") {
    throw new LedgerFormatError("a signer key is PRIVATE+KEY+<name>+<key id>+<key>");
  }
  const [, , name, idText, keyText] = parts;
  assertKeyName(name);
  const keyId = parseKeyId(idText);
  const parsed = signerFromSeed(name, parseTypedKey(keyText, ED25519_SEED_SIZE, "signer key"));
  if (parsed.signer.keyId !== keyId) throw new LedgerFormatError("signer key id does not match its name and key");
  return parsed;
}

export function formatSignerKey(name: string, seed: Uint8Array): string {
  const { signer } = signerFromSeed(name, seed);
  const typed = concatBytes(new Uint8Array([ED25519_KEY_TYPE]), seed);
  return `PRIVATE+KEY+${name}+${formatKeyId(signer.keyId)}+${encodeBase64(typed)}`;
}

/** A fresh Ed25519 key pair for `name` (e.g. the log origin), as the two key strings. */
export function generateNoteKeys(name: string): { signerKey: string; verifierKey: string } {
  assertKeyName(name);
  const seed = generateSeed();
  return { signerKey: formatSignerKey(name, seed), verifierKey: signerFromSeed(name, seed).verifierKey };
}
