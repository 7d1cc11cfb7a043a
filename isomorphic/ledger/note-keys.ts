/**
 * Signed-note keys (C2SP signed-note, Ed25519 type 0x01) in the text forms of Go's
 * golang.org/x/mod/sumdb/note package:
 *   verifier key  <name>+<key id, 8 lowercase hex>+<base64(0x01 ‖ 32-byte public key)>
 *   signer key    PRIVATE+KEY+<name>+<key id>+<base64(0x01 ‖ 32-byte seed)>
 *   key id        first 4 bytes (big-endian uint32) of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)
 * The key id commits to the name and the algorithm, so a parsed key whose id does not match is
 * refused. Signer keys hold the private seed and are the server's alone (server/ledger/signer-keys.ts).
 */
import { ED25519_PUBLIC_KEY_SIZE, ED25519_SIGNATURE_SIZE, type LedgerCrypto, type Sha256 } from "./crypto.js";
import { concatBytes, decodeBase64, encodeBase64, encodeUtf8 } from "./encoding.js";
import { LedgerFormatError } from "./errors.js";

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

export function computeKeyId(name: string, keyType: number, publicKey: Uint8Array, sha256: Sha256): number {
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

export function assertKeyName(name: string): void {
  if (!isValidKeyName(name)) throw new LedgerFormatError(`invalid key name ${JSON.stringify(name)}`);
}

export function parseKeyId(text: string): number {
  if (!/^[0-9a-f]{8}$/.test(text)) throw new LedgerFormatError("a key id is 8 lowercase hex digits");
  return Number.parseInt(text, 16);
}

/** The key material of an Ed25519 (type 0x01) key string's last part. */
export function parseTypedKey(text: string, size: number, what: string): Uint8Array {
  const bytes = decodeBase64(text, what);
  if (bytes.length !== 1 + size || bytes[0] !== ED25519_KEY_TYPE) throw new LedgerFormatError(`${what} is not an Ed25519 (type 0x01) key`);
  return bytes.subarray(1);
}

export function formatVerifierKey(name: string, publicKey: Uint8Array, sha256: Sha256): string {
  assertKeyName(name);
  const typed = concatBytes(new Uint8Array([ED25519_KEY_TYPE]), publicKey);
  return `${name}+${formatKeyId(computeKeyId(name, ED25519_KEY_TYPE, publicKey, sha256))}+${encodeBase64(typed)}`;
}

export function parseVerifierKey(text: string, { sha256, verifyEd25519 }: LedgerCrypto): NoteVerifier {
  const parts = splitKeyString(text, 3);
  if (parts.length !== 3) throw new LedgerFormatError("a verifier key is <name>+<key id>+<key>");
  const [name, idText, keyText] = parts;
  assertKeyName(name);
  const keyId = parseKeyId(idText);
  const publicKey = parseTypedKey(keyText, ED25519_PUBLIC_KEY_SIZE, "verifier key");
  if (computeKeyId(name, ED25519_KEY_TYPE, publicKey, sha256) !== keyId) throw new LedgerFormatError("verifier key id does not match its name and key");
  const key = Uint8Array.from(publicKey);
  return { name, keyId, verify: (message, signature) => signature.length === ED25519_SIGNATURE_SIZE && verifyEd25519(key, message, signature) };
}
