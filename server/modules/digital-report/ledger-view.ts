import { parseCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { decodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import { parseProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { parseNote } from "../../../isomorphic/ledger/signed-note.js";
import { verifyEvidenceBundle, type EvidenceBundleVerification } from "../../../isomorphic/ledger/verify-bundle.js";
import { nodeLedgerCrypto } from "../../ledger/node-crypto.js";
import type { LedgerPort } from "../ledger/ledger.types.js";

/** The signed checkpoint a report checks every evidence against: the latest when the report began. */
export interface CheckedAgainst {
  readonly treeSize: number;
  readonly rootHash: string;
  /** The platform-signed note, as stored. */
  readonly note: string;
}

export type ReportLedger = Pick<LedgerPort, "verifierKey" | "entry" | "proofBundle" | "consistencyProof" | "checkpointOfBlock" | "latestCheckpoint">;

export interface ProvenUnder {
  /** The entry's tlog-proof under the checkpoint of the asked size (its note is the bundle's checkpoint). */
  readonly bundle: string;
  /** That checkpoint's signed note and root hash. */
  readonly note: string;
  readonly rootHash: Uint8Array;
  /** Signatures, inclusion and consistency between that checkpoint and the report's, in whichever order they come. */
  readonly verification: EvidenceBundleVerification;
}

/**
 * The proof of one entry under the signed checkpoint of `treeSize` (a checkpoint the ledger holds,
 * the entry inside it) and that checkpoint's consistency with the one the report checks against:
 * the ledger's own verification (isomorphic/ledger/verify-bundle.ts) with the ledger's verifier key.
 * What a witness cosigned, or a TSA time-stamped, is worth something only through this.
 */
export async function proveUnder(ledger: ReportLedger, entry: Uint8Array, index: number, treeSize: number, against: CheckedAgainst): Promise<ProvenUnder> {
  const bundle = await ledger.proofBundle(index, treeSize);
  const note = parseProofBundle(bundle).checkpoint;
  const isOlder = treeSize <= against.treeSize;
  // The consistency proof runs from the smaller tree to the larger: a checkpoint newer than the
  // report's (one that arrived while it was drawn up) is the "newer" one of the pair.
  const [older, newerNote] = isOlder ? [bundle, against.note] : [await ledger.proofBundle(index, against.treeSize), note];
  const [from, to] = isOlder ? [treeSize, against.treeSize] : [against.treeSize, treeSize];
  const { proof } = await ledger.consistencyProof(from, to);
  const verification = verifyEvidenceBundle(
    { entryBytes: entry, bundle: older, verifierKeys: [ledger.verifierKey], newerCheckpoint: newerNote, consistencyProof: proof.map((hash) => decodeBase64(hash, "consistency proof hash")) },
    nodeLedgerCrypto,
  );
  return { bundle, note, rootHash: parseCheckpoint(parseNote(note).text).rootHash, verification };
}
