/**
 * The offline proof for one entry, in the C2SP tlog-proof@v1 text format (file extension
 * `.tlog-proof`):
 *   c2sp.org/tlog-proof@v1
 *   [extra <base64>]
 *   index <decimal>
 *   <base64 inclusion proof hash>      zero or more, leaf's sibling first (RFC 9162 §2.1.3)
 *   <blank line>
 *   <signed checkpoint note, verbatim>
 *
 * Our bundles put the entry's 32-byte leaf hash in `extra`. It is not authenticated and the verdict
 * never relies on it; it only lets a verifier tell "the record was changed" from "the proof is bad".
 */
import { parseCheckpoint } from "./checkpoint.js";
import type { Sha256 } from "./crypto.js";
import { decodeBase64, encodeBase64, parseDecimal } from "./encoding.js";
import { LedgerFormatError } from "./errors.js";
import { HASH_SIZE } from "./hashing.js";
import { generateInclusionProof } from "./inclusion.js";
import type { NodeHashReader } from "./proof-plan.js";
import { parseNote } from "./signed-note.js";

export const PROOF_BUNDLE_HEADER = "c2sp.org/tlog-proof@v1";

export interface ProofBundle {
  readonly index: number;
  readonly proof: readonly Uint8Array[];
  /** The signed checkpoint note (text, blank line, signature lines). */
  readonly checkpoint: string;
  readonly extra?: Uint8Array;
}

export function formatProofBundle({ index, proof, checkpoint, extra }: ProofBundle): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new LedgerFormatError(`entry index ${index} is not a non-negative integer`);
  if (proof.some((hash) => hash.length !== HASH_SIZE)) throw new LedgerFormatError("inclusion proof hashes are 32 bytes");
  if (!checkpoint.endsWith("\n")) throw new LedgerFormatError("the signed checkpoint must end with a newline");
  const lines = [PROOF_BUNDLE_HEADER];
  if (extra !== undefined) lines.push(`extra ${encodeBase64(extra)}`);
  lines.push(`index ${index}`, ...proof.map(encodeBase64), "");
  return `${lines.join("\n")}\n${checkpoint}`;
}

/** Parses a tlog-proof text. Throws `LedgerFormatError`; the checkpoint is returned unverified. */
export function parseProofBundle(text: string): ProofBundle {
  const lines = text.split("\n");
  let line = 0;
  if (lines[line++] !== PROOF_BUNDLE_HEADER) throw new LedgerFormatError(`a proof bundle starts with ${PROOF_BUNDLE_HEADER}`);
  let extra: Uint8Array | undefined;
  if (lines[line]?.startsWith("extra ")) extra = decodeBase64(lines[line++].slice("extra ".length), "extra data");
  const indexLine = lines[line++] ?? "";
  if (!indexLine.startsWith("index ")) throw new LedgerFormatError("a proof bundle names its entry on an `index <decimal>` line");
  const index = parseDecimal(indexLine.slice("index ".length), "the entry index");
  const proof: Uint8Array[] = [];
  while (line < lines.length && lines[line] !== "") proof.push(decodeBase64(lines[line++], "inclusion proof hash"));
  if (line >= lines.length) throw new LedgerFormatError("a proof bundle needs a blank line before its checkpoint");
  if (proof.some((hash) => hash.length !== HASH_SIZE)) throw new LedgerFormatError("inclusion proof hashes are 32 bytes");
  const checkpoint = lines.slice(line + 1).join("\n");
  if (checkpoint.length === 0) throw new LedgerFormatError("a proof bundle ends with the signed checkpoint");
  return { index, proof, checkpoint, ...(extra === undefined ? {} : { extra }) };
}

/**
 * Builds the bundle for entry `index` against a signed checkpoint (whose size fixes the tree the
 * proof is for), reading perfect subtree hashes through `getNodeHash`.
 */
export async function createProofBundle(options: {
  index: number;
  leafHash: Uint8Array;
  signedCheckpoint: string;
  getNodeHash: NodeHashReader;
}, sha256: Sha256): Promise<ProofBundle> {
  const { size } = parseCheckpoint(parseNote(options.signedCheckpoint).text);
  const proof = await generateInclusionProof(options.index, size, options.getNodeHash, sha256);
  return { index: options.index, proof, checkpoint: options.signedCheckpoint, extra: options.leafHash };
}
