/**
 * C2SP signed-note: a text ending in a newline, a blank line, then one or more lines
 *   — <key name> <base64(4-byte big-endian key id ‖ signature)>
 * (U+2014, space). Signatures cover the text bytes including its final newline. The whole note is
 * UTF-8 with no ASCII control characters other than newline. The text may contain blank lines: it
 * ends at the *last* blank line of the note.
 *
 * Verification rules (signed-note "Signatures"): a signature counts as from a known key only if both
 * name and key id match it; unknown signatures are ignored; a known key whose signature fails (or
 * that signs twice) rejects the whole note; and at least one known signature must verify.
 */
import { concatBytes, decodeBase64, decodeUtf8, encodeBase64, encodeUtf8 } from "./encoding.js";
import { LedgerFormatError } from "./errors.js";
import { isValidKeyName, type NoteSigner, type NoteVerifier } from "./note-keys.js";

/** Verifiers must accept at least 16; the cap bounds the work an untrusted note can demand. */
export const MAX_NOTE_SIGNATURES = 100;

const SIGNATURE_LINE_START = "\u2014 ";
const FORBIDDEN_CONTROL = /[\u0000-\u0009\u000b-\u001f]/;

export interface NoteSignature {
  readonly name: string;
  readonly keyId: number;
  /** the algorithm's signature, without the 4-byte key id */
  readonly signature: Uint8Array;
}

export interface ParsedNote {
  readonly text: string;
  readonly signatures: readonly NoteSignature[];
}

function assertNoteText(text: string): void {
  if (text.length === 0 || !text.endsWith("\n")) throw new LedgerFormatError("a note text must be non-empty and end with a newline");
  if (FORBIDDEN_CONTROL.test(text)) throw new LedgerFormatError("a note must not contain control characters other than newline");
}

function formatSignatureLine({ name, keyId, signature }: NoteSignature): string {
  const id = new Uint8Array(4);
  new DataView(id.buffer).setUint32(0, keyId, false);
  return `${SIGNATURE_LINE_START}${name} ${encodeBase64(concatBytes(id, signature))}\n`;
}

/** Signs `text` with each signer, in order. */
export function signNote(text: string, signers: readonly NoteSigner[]): string {
  assertNoteText(text);
  if (signers.length === 0) throw new RangeError("a note needs at least one signer");
  const message = encodeUtf8(text);
  const lines = signers.map((signer) => {
    if (!isValidKeyName(signer.name)) throw new LedgerFormatError(`invalid key name ${JSON.stringify(signer.name)}`);
    return formatSignatureLine({ name: signer.name, keyId: signer.keyId, signature: signer.sign(message) });
  });
  return `${text}\n${lines.join("")}`;
}

function parseSignatureLine(line: string): NoteSignature {
  if (!line.startsWith(SIGNATURE_LINE_START)) throw new LedgerFormatError("a signature line starts with an em dash and a space");
  const fields = line.slice(SIGNATURE_LINE_START.length).split(" ");
  if (fields.length !== 2 || !isValidKeyName(fields[0])) throw new LedgerFormatError("a signature line is — <key name> <signature>");
  const bytes = decodeBase64(fields[1], "note signature");
  if (bytes.length < 5) throw new LedgerFormatError("a note signature holds a 4-byte key id and a signature");
  const keyId = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, false);
  return { name: fields[0], keyId, signature: bytes.slice(4) };
}

/** Splits a note into text and signatures, without checking them. Throws `LedgerFormatError`. */
export function parseNote(note: string | Uint8Array): ParsedNote {
  const message = typeof note === "string" ? note : decodeUtf8(note, "note");
  if (FORBIDDEN_CONTROL.test(message)) throw new LedgerFormatError("a note must not contain control characters other than newline");
  const separator = message.lastIndexOf("\n\n");
  if (separator < 0) throw new LedgerFormatError("a signed note needs a blank line before its signatures");
  const text = message.slice(0, separator + 1);
  const block = message.slice(separator + 2);
  if (block.length === 0 || !block.endsWith("\n")) throw new LedgerFormatError("a signed note ends with newline-terminated signature lines");
  const lines = block.slice(0, -1).split("\n");
  if (lines.length > MAX_NOTE_SIGNATURES) throw new LedgerFormatError(`a note may carry at most ${MAX_NOTE_SIGNATURES} signatures`);
  return { text, signatures: lines.map(parseSignatureLine) };
}

export type NoteFailure = "malformed" | "bad-signature" | "duplicate-signature" | "no-known-signature";

export type NoteVerification =
  | { ok: true; text: string; verified: readonly NoteSignature[]; unknown: readonly NoteSignature[] }
  | { ok: false; failure: NoteFailure; detail: string };

/** Verifies a note against the known keys. Never throws; the text is only returned when `ok`. */
export function verifyNote(note: string | Uint8Array, verifiers: readonly NoteVerifier[]): NoteVerification {
  let parsed: ParsedNote;
  try {
    parsed = parseNote(note);
  } catch (error) {
    return { ok: false, failure: "malformed", detail: (error as Error).message };
  }
  const message = encodeUtf8(parsed.text);
  const verified: NoteSignature[] = [];
  const unknown: NoteSignature[] = [];
  for (const signature of parsed.signatures) {
    const verifier = verifiers.find((candidate) => candidate.name === signature.name && candidate.keyId === signature.keyId);
    if (!verifier) {
      unknown.push(signature);
      continue;
    }
    if (verified.some((done) => done.name === signature.name && done.keyId === signature.keyId)) {
      return { ok: false, failure: "duplicate-signature", detail: `key ${signature.name} signed twice` };
    }
    if (!verifier.verify(message, signature.signature)) {
      return { ok: false, failure: "bad-signature", detail: `the signature of key ${signature.name} does not verify` };
    }
    verified.push(signature);
  }
  if (verified.length === 0) return { ok: false, failure: "no-known-signature", detail: "no signature from a known key" };
  return { ok: true, text: parsed.text, verified, unknown };
}
