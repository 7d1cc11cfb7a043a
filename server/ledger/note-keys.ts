/**
 * Signed-note keys (C2SP signed-note, Ed25519 type 0x01) in the text forms of Go's
 * golang.org/x/mod/sumdb/note package:
 *   verifier key  <name>+<key id, 8 lowercase hex>+<base64(0x01 ‖ 32-byte public key)>
 *   signer key    PRIVATE+KEY+<name>+<key id>+<base64(0x01 ‖ 32-byte seed)>
 *   key id        first 4 bytes (big-endian uint32) of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)
 * The key id commits to the name and the algorithm, so a parsed key whose id does not match is
 * refused. Signer keys are secrets: keep them out of logs and out of the database.
 */
import { ED25519_PUBLIC_KEY_SIZE, ED25519_SEED_SIZE, generateSeed, privateKeyFromSeed, publicKeyFromBytes } from "./ed25519.js";
import { concatBytes, decodeBase64, encodeBase64, encodeUtf8 } from "./encoding.js";
import { LedgerFormatError } from "./errors.js";
import { sha256 } from "./hashing.js";

export const ED25519_KEY_TYPE = 0x01;

export interface NoteSigner {
  readonly name: string;
  readonly keyId: number;
  sign(message: Uint8Array): Uint8Array;
}

export interface NoteVerifier {
  readonly name: string;
  readonly keyId: number;
  verify(message: Uint8Array, signature: Uint8Array): boolean;
}

/** C2SP signed-note: non-empty, no Unicode spaces, no "+" (and, here, no control characters). */
export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+\p{Cc}]/u.test(name);
}

export function computeKeyId(name: string, keyType: number, publicKey: Uint8Array): number {
  const digest = sha256(encodeUtf8(name), new Uint8Array([0x0a, keyType]), publicKey);
  return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, false);
}

export function formatKeyId(keyId: number): string {
  return keyId.toString(16).padStart(8, "0");
}

/** Splits at the first `count - 1` plus signs: base64 key material may itself contain "+". */
export function splitKeyString(text: string, count: number): string[] {
  const parts: string[] = [];
  let rest = text;
  for (let i = 1; i < count; i += 1) {
    const plus = rest.indexOf("+");
    if (plus < 0) return [];
    parts.push(rest.slice(0, plus));
    rest = rest.slice(plus + 1);
  }
  return [...parts, rest];
}

function assertKeyName(name: string): void {
  if (!isValidKeyName(name)) throw new LedgerFormatError(`invalid key name ${JSON.stringify(name)}`);
}

function parseKeyId(text: string): number {
  if (!/^[0-9a-f]{8}$/.test(text)) throw new LedgerFormatError("a key id is 8 lowercase hex digits");
  return Number.parseInt(text, 16);
}

function parseTypedKey(text: string, size: number, what: string): Uint8Array {
  const bytes = decodeBase64(text, what);
  if (bytes.length !== 1 + size || bytes[0] !== ED25519_KEY_TYPE) throw new LedgerFormatError(`${what} is not an Ed25519 (type 0x01) key`);
  return bytes.subarray(1);
}

export function formatVerifierKey(name: string, publicKey: Uint8Array): string {
  assertKeyName(name);
  const typed = concatBytes(new Uint8Array([ED25519_KEY_TYPE]), publicKey);
  return `${name}+${formatKeyId(computeKeyId(name, ED25519_KEY_TYPE, publicKey))}+${encodeBase64(typed)}`;
}

export function parseVerifierKey(text: string): NoteVerifier {
  const parts = splitKeyString(text, 3);
  if (parts.length !== 3) throw new LedgerFormatError("a verifier key is <name>+<key id>+<key>");
  const [name, idText, keyText] = parts;
  assertKeyName(name);
  const keyId = parseKeyId(idText);
  const publicKey = parseTypedKey(keyText, ED25519_PUBLIC_KEY_SIZE, "verifier key");
  if (computeKeyId(name, ED25519_KEY_TYPE, publicKey) !== keyId) throw new LedgerFormatError("verifier key id does not match its name and key");
  const key = (() => {
    try {
      return publicKeyFromBytes(publicKey);
    } catch {
      throw new LedgerFormatError("verifier key is not a valid Ed25519 public key");
    }
  })();
  return { name, keyId, verify: (message, signature) => key.verify(message, signature) };
}

interface ParsedSignerKey {
  readonly signer: NoteSigner;
  readonly verifierKey: string;
}

function signerFromSeed(name: string, seed: Uint8Array): ParsedSignerKey {
  const key = privateKeyFromSeed(seed);
  const keyId = computeKeyId(name, ED25519_KEY_TYPE, key.publicKey);
  return { signer: { name, keyId, sign: (message) => key.sign(message) }, verifierKey: formatVerifierKey(name, key.publicKey) };
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
