/**
 * C2SP tlog-checkpoint: the note text of a log's signed tree head.
 *   <origin>\n
 *   <tree size, ASCII decimal, no leading zeroes>\n
 *   <base64 root hash>\n
 *   [<extension line>\n]...
 * All lines non-empty. Sizes are limited here to 2^53 - 1 (the spec allows up to 2^64 - 1; a larger
 * checkpoint is refused with a clear message rather than silently rounded).
 */
import { decodeBase64, encodeBase64, parseDecimal } from "./encoding.js";
import { LedgerFormatError } from "./errors.js";
import { HASH_SIZE } from "./hashing.js";
import type { NoteVerifier } from "./note-keys.js";
import { verifyNote, type NoteVerification } from "./signed-note.js";
import { isTreeSize } from "./tree-math.js";

/** What a checkpoint states about the tree, besides which log it is. */
export interface TreeHead {
  readonly size: number;
  readonly rootHash: Uint8Array;
  readonly extensions?: readonly string[];
}

export interface Checkpoint extends TreeHead {
  readonly origin: string;
  readonly extensions: readonly string[];
}
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f]/;

function assertLine(line: string, what: string): void {
  if (line.length === 0 || LINE_BREAK_OR_CONTROL.test(line)) throw new LedgerFormatError(`${what} must be a non-empty line without control characters`);
}

export function formatCheckpoint({ origin, size, rootHash, extensions = [] }: TreeHead & { origin: string }): string {
  assertLine(origin, "checkpoint origin");
  if (!isTreeSize(size)) throw new LedgerFormatError(`checkpoint size ${size} is not an integer from 0 to 2^53 - 1`);
  if (rootHash.length !== HASH_SIZE) throw new LedgerFormatError("a checkpoint root hash is 32 bytes");
  for (const line of extensions) assertLine(line, "checkpoint extension line");
  return [origin, String(size), encodeBase64(rootHash), ...extensions].map((line) => `${line}\n`).join("");
}

/** Parses a checkpoint note text (the part before the signatures). Throws `LedgerFormatError`. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith("\n")) throw new LedgerFormatError("a checkpoint ends with a newline");
  const lines = text.slice(0, -1).split("\n");
  if (lines.length < 3) throw new LedgerFormatError("a checkpoint has at least three lines: origin, size, root hash");
  lines.forEach((line, i) => assertLine(line, `checkpoint line ${i + 1}`));
  const [origin, sizeText, rootText, ...extensions] = lines;
  const size = parseDecimal(sizeText, "the checkpoint size");
  const rootHash = decodeBase64(rootText, "checkpoint root hash");
  if (rootHash.length !== HASH_SIZE) throw new LedgerFormatError("a checkpoint root hash is 32 bytes");
  return { origin, size, rootHash, extensions };
}

export type CheckpointVerification =
  | { ok: true; checkpoint: Checkpoint; note: Extract<NoteVerification, { ok: true }> }
  | { ok: false; failure: "malformed" | Extract<NoteVerification, { ok: false }>["failure"]; detail: string };

/** Verifies the signed note, then parses its text as a checkpoint. Never throws. */
export function openCheckpoint(signedNote: string | Uint8Array, verifiers: readonly NoteVerifier[]): CheckpointVerification {
  const note = verifyNote(signedNote, verifiers);
  if (!note.ok) return note;
  try {
    return { ok: true, checkpoint: parseCheckpoint(note.text), note };
  } catch (error) {
    return { ok: false, failure: "malformed", detail: (error as Error).message };
  }
}
