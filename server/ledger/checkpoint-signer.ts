/**
 * Signs checkpoints, and never one inconsistent with the last checkpoint it signed
 * (C2SP tlog-checkpoint "Signatures"; RFC 9162 §2.1.4 for the proof).
 *
 * Refused: a different origin; a smaller size; the same size with another root; a size-0 tree
 * whose root is not the empty-tree hash; a larger size whose consistency proof from the last signed
 * checkpoint does not verify. Calls are serialised, so two concurrent `sign` calls cannot both
 * extend the same previous checkpoint.
 *
 * Persistence contract: the signer only remembers in memory. The caller must store the returned
 * checkpoint (with the tree state it describes) durably before publishing it, and construct the
 * signer on start-up with the last checkpoint it stored.
 */
import { formatCheckpoint, parseCheckpoint, type Checkpoint, type TreeHead } from "../../isomorphic/ledger/checkpoint.js";
import { checkConsistencyProof } from "../../isomorphic/ledger/consistency.js";
import { bytesEqual } from "../../isomorphic/ledger/encoding.js";
import { EMPTY_TREE_ROOT } from "../../isomorphic/ledger/hashing.js";
import type { NoteSigner } from "../../isomorphic/ledger/note-keys.js";
import { parseNote, signNote } from "../../isomorphic/ledger/signed-note.js";
import { sha256 } from "./node-crypto.js";

export type CheckpointRefusal = "origin-mismatch" | "smaller-size" | "different-root" | "bad-empty-root" | "inconsistent";

export class CheckpointRefusedError extends Error {
  override name = "CheckpointRefusedError";
  constructor(readonly refusal: CheckpointRefusal, message: string) {
    super(message);
  }
}

/** The consistency proof from the last signed size to the new one, or a function producing it. */
export type ConsistencyProofSource =
  | readonly Uint8Array[]
  | ((fromSize: number, toSize: number) => Promise<readonly Uint8Array[]>);

export interface CheckpointSignerOptions {
  readonly origin: string;
  /** The log's key first; further signers (e.g. during a key rotation) add signatures. */
  readonly signers: readonly NoteSigner[];
  /** The last checkpoint this log signed, as stored (signed note or parsed); none for a new log. */
  readonly lastSigned?: string | Checkpoint | null;
}

export class CheckpointSigner {
  readonly origin: string;
  readonly #signers: readonly NoteSigner[];
  #last: Checkpoint | null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor({ origin, signers, lastSigned = null }: CheckpointSignerOptions) {
    if (signers.length === 0) throw new RangeError("a checkpoint signer needs a key");
    this.origin = origin;
    this.#signers = signers;
    this.#last = typeof lastSigned === "string" ? parseCheckpoint(parseNote(lastSigned).text) : lastSigned;
    if (this.#last && this.#last.origin !== origin) {
      throw new CheckpointRefusedError("origin-mismatch", `the last signed checkpoint belongs to ${this.#last.origin}, not ${origin}`);
    }
  }

  get lastSigned(): Checkpoint | null {
    return this.#last;
  }

  /** Resolves to the signed checkpoint note; rejects with `CheckpointRefusedError` when inconsistent. */
  sign(next: TreeHead, proof: ConsistencyProofSource = []): Promise<string> {
    const run = this.#queue.then(() => this.#signNow(next, proof));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #signNow(next: TreeHead, proof: ConsistencyProofSource): Promise<string> {
    const text = formatCheckpoint({ origin: this.origin, size: next.size, rootHash: next.rootHash, extensions: next.extensions ?? [] });
    if (next.size === 0 && !bytesEqual(next.rootHash, EMPTY_TREE_ROOT)) {
      throw new CheckpointRefusedError("bad-empty-root", "an empty tree's root is SHA-256 of nothing");
    }
    const last = this.#last;
    if (last && last.size > 0) {
      if (next.size < last.size) {
        throw new CheckpointRefusedError("smaller-size", `size ${next.size} is below the last signed size ${last.size}`);
      }
      if (next.size === last.size && !bytesEqual(next.rootHash, last.rootHash)) {
        throw new CheckpointRefusedError("different-root", `size ${next.size} was already signed with another root`);
      }
      if (next.size > last.size) {
        const hashes = typeof proof === "function" ? await proof(last.size, next.size) : proof;
        const check = checkConsistencyProof({ size1: last.size, size2: next.size, rootHash1: last.rootHash, rootHash2: next.rootHash, proof: hashes }, sha256);
        if (!check.ok) {
          throw new CheckpointRefusedError("inconsistent", `size ${next.size} is not consistent with the last signed size ${last.size} (${check.failure})`);
        }
      }
    }
    const signed = signNote(text, this.#signers);
    this.#last = parseCheckpoint(text);
    return signed;
  }
}
