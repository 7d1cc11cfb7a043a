/**
 * C2SP tlog-cosignature, Ed25519 "cosignature/v1" type. A cosignature is a signed-note signature
 * line whose signature is `timestamp (u64 big-endian) ‖ Ed25519(message)`, with
 *   message = "cosignature/v1\n" + "time <timestamp>\n" + the checkpoint note text.
 * Key ids use algorithm byte 0x04 (SHA-256(name ‖ "\n" ‖ 0x04 ‖ public key)[:4]); keys are written
 * in the Go note text forms with that byte in front of the key material:
 *   verifier key  <name>+<key id>+base64(0x04 ‖ public key)
 *   signer key    PRIVATE+KEY+<name>+<key id>+base64(0x04 ‖ seed)
 * Because the message commits to neither the witness name nor key, one key must serve one witness.
 */
import { ED25519_PUBLIC_KEY_SIZE, ED25519_SIGNATURE_SIZE } from "../../isomorphic/ledger/crypto.js";
import { concatBytes, decodeBase64, encodeBase64, encodeUtf8 } from "../../isomorphic/ledger/encoding.js";
import { LedgerFormatError } from "../../isomorphic/ledger/errors.js";
import { computeKeyId, formatKeyId, isValidKeyName, splitKeyString, type NoteVerifier } from "../../isomorphic/ledger/note-keys.js";
import { ED25519_SEED_SIZE, generateSeed, privateKeyFromSeed, verifyEd25519 } from "../ledger/ed25519.js";
import { sha256 } from "../ledger/node-crypto.js";

export const COSIGNATURE_V1_KEY_TYPE = 0x04;
const TIMESTAMP_SIZE = 8;

/** The bytes an Ed25519 cosignature/v1 signs: header, time line, then the checkpoint note text. */
export function cosignedMessage(noteText: string, timestampSeconds: number): Uint8Array {
  return encodeUtf8(`cosignature/v1\ntime ${timestampSeconds}\n${noteText}`);
}

export interface CosignerKey {
  readonly name: string;
  readonly keyId: number;
  readonly verifierKey: string;
  /** The `timestamped_signature` over `noteText` at `timestampSeconds`. */
  cosign(noteText: string, timestampSeconds: number): Uint8Array;
}

function typedKey(bytes: Uint8Array): Uint8Array {
  return concatBytes(new Uint8Array([COSIGNATURE_V1_KEY_TYPE]), bytes);
}

function untype(text: string, size: number, what: string): Uint8Array {
  const bytes = decodeBase64(text, what);
  if (bytes.length !== 1 + size || bytes[0] !== COSIGNATURE_V1_KEY_TYPE) throw new LedgerFormatError(`${what} is not an Ed25519 cosignature/v1 (type 0x04) key`);
  return bytes.subarray(1);
}

function assertName(name: string): void {
  if (!isValidKeyName(name)) throw new LedgerFormatError(`invalid witness name ${JSON.stringify(name)}`);
}

function assertKeyId(text: string, expected: number, what: string): void {
  if (!/^[0-9a-f]{8}$/.test(text) || Number.parseInt(text, 16) !== expected) throw new LedgerFormatError(`${what} id does not match its name and key`);
}

function cosignerFromSeed(name: string, seed: Uint8Array): CosignerKey {
  assertName(name);
  const key = privateKeyFromSeed(seed);
  const keyId = computeKeyId(name, COSIGNATURE_V1_KEY_TYPE, key.publicKey, sha256);
  return {
    name,
    keyId,
    verifierKey: `${name}+${formatKeyId(keyId)}+${encodeBase64(typedKey(key.publicKey))}`,
    cosign(noteText, timestampSeconds) {
      const stamp = new Uint8Array(TIMESTAMP_SIZE);
      new DataView(stamp.buffer).setBigUint64(0, BigInt(timestampSeconds), false);
      return concatBytes(stamp, key.sign(cosignedMessage(noteText, timestampSeconds)));
    },
  };
}

export function formatCosignerSignerKey(name: string, seed: Uint8Array): string {
  const { keyId } = cosignerFromSeed(name, seed);
  return `PRIVATE+KEY+${name}+${formatKeyId(keyId)}+${encodeBase64(typedKey(seed))}`;
}

export function generateCosignerKeys(name: string): { signerKey: string; verifierKey: string } {
  const seed = generateSeed();
  return { signerKey: formatCosignerSignerKey(name, seed), verifierKey: cosignerFromSeed(name, seed).verifierKey };
}

export function parseCosignerSignerKey(text: string): CosignerKey {
  const parts = splitKeyString(text.trim(), 5);
  if (parts.length !== 5 || parts[0] !== "PRIVATE" || parts[1] !== "KEY") throw new LedgerFormatError("a witness signer key is PRIVATE+KEY+<name>+<key id>+<key>");
  const [, , name, idText, keyText] = parts;
  const cosigner = cosignerFromSeed(name, untype(keyText, ED25519_SEED_SIZE, "witness signer key"));
  assertKeyId(idText, cosigner.keyId, "witness signer key");
  return cosigner;
}

/** A signed-note verifier for cosignatures: `verifyNote(note, [it])` checks cosignature lines. */
export interface CosignatureVerifier extends NoteVerifier {
  readonly verifierKey: string;
  /** The cosignature's timestamp (seconds), or null when the signature bytes are not a cosignature. */
  timestampOf(signature: Uint8Array): number | null;
}

export function parseCosignerVerifierKey(text: string): CosignatureVerifier {
  const parts = splitKeyString(text.trim(), 3);
  if (parts.length !== 3) throw new LedgerFormatError("a witness verifier key is <name>+<key id>+<key>");
  const [name, idText, keyText] = parts;
  assertName(name);
  const publicKeyBytes = untype(keyText, ED25519_PUBLIC_KEY_SIZE, "witness verifier key");
  const keyId = computeKeyId(name, COSIGNATURE_V1_KEY_TYPE, publicKeyBytes, sha256);
  assertKeyId(idText, keyId, "witness verifier key");
  const publicKey = Uint8Array.from(publicKeyBytes);
  const timestampOf = (signature: Uint8Array): number | null => {
    if (signature.length !== TIMESTAMP_SIZE + ED25519_SIGNATURE_SIZE) return null;
    const value = new DataView(signature.buffer, signature.byteOffset, TIMESTAMP_SIZE).getBigUint64(0, false);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
  };
  return {
    name,
    keyId,
    verifierKey: text.trim(),
    timestampOf,
    // verifyNote hands over the note text bytes; the cosigned message wraps them in its header lines.
    verify(message, signature) {
      const timestamp = timestampOf(signature);
      if (timestamp === null) return false;
      const text = new TextDecoder().decode(message);
      return verifyEd25519(publicKey, cosignedMessage(text, timestamp), signature.subarray(TIMESTAMP_SIZE));
    },
  };
}

/** The note signature line of one cosignature (signed-note form, with its newline). */
export function cosignatureLine(cosigner: Pick<CosignerKey, "name" | "keyId">, signature: Uint8Array): string {
  const id = new Uint8Array(4);
  new DataView(id.buffer).setUint32(0, cosigner.keyId, false);
  return `\u2014 ${cosigner.name} ${encodeBase64(concatBytes(id, signature))}\n`;
}
