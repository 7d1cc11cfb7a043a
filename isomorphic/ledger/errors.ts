/**
 * Errors and failure codes shared by the ledger modules.
 *
 * Parsers throw `LedgerFormatError` on malformed input (a checkpoint, a note, a key string, a tile
 * path, a proof bundle). Proof verifiers never throw on bad data: they return a `ProofCheck`, whose
 * failure code lets a caller explain *why* a proof was refused (the verification report maps these
 * codes to Chinese reasons).
 */

export class LedgerFormatError extends Error {
  override name = "LedgerFormatError";
}

export type ProofFailure =
  /** an index or size is negative, not an integer, above 2^53 - 1, or out of order */
  | "out-of-range"
  /** a proof hash is not 32 bytes long */
  | "malformed-hash"
  /** more hashes than the tree shape needs */
  | "proof-too-long"
  /** fewer hashes than the tree shape needs (an empty consistency proof between different sizes included) */
  | "proof-too-short"
  /** the hashes combine to a root other than the one expected */
  | "root-mismatch";

export type ProofCheck = { ok: true } | { ok: false; failure: ProofFailure };

export const PROOF_OK: ProofCheck = { ok: true };

export function proofFailed(failure: ProofFailure): ProofCheck {
  return { ok: false, failure };
}
