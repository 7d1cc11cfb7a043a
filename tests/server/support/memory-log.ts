import { formatCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { encodeBase64, encodeUtf8 } from "../../../isomorphic/ledger/encoding.js";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { MemoryNodeStore } from "../../support/memory-node-store.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { signNote } from "../../../isomorphic/ledger/signed-note.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";

/**
 * A small transparency log in memory, built from the real ledger library, to feed a witness the
 * checkpoints and consistency proofs a log would send. It can also sign with another key or
 * sign a forked tree, to check that the witness refuses them.
 */
export class MemoryLog {
  readonly origin: string;
  readonly verifierKey: string;
  readonly #signerKey: string;
  #range = CompactRange.empty();
  #store = new MemoryNodeStore();

  constructor(origin = "example.test/log", signerKey = generateNoteKeys(origin).signerKey) {
    this.origin = origin;
    this.#signerKey = signerKey;
    this.verifierKey = parseSignerKey(signerKey).verifierKey;
  }

  get size(): number {
    return this.#range.size;
  }

  append(count: number, label = "entry"): void {
    for (let i = 0; i < count; i += 1) this.#range.append(hashLeaf(encodeUtf8(`${label} ${this.#range.size}`), sha256), this.#store.put);
  }

  /** The signed checkpoint of the current tree (or of `signerKey`'s choosing). */
  checkpoint(signerKey = this.#signerKey): string {
    const text = formatCheckpoint({ origin: this.origin, size: this.#range.size, rootHash: this.#range.root() });
    return signNote(text, [parseSignerKey(signerKey).signer]);
  }

  async proof(oldSize: number, newSize = this.size): Promise<string[]> {
    if (oldSize === 0) return [];
    return (await generateConsistencyProof(oldSize, newSize, this.#store.reader, sha256)).map(encodeBase64);
  }

  /** The same log (origin, key, first `size` entries), which can then grow differently: a fork. */
  fork(size: number): MemoryLog {
    const other = new MemoryLog(this.origin, this.#signerKey);
    other.append(size);
    return other;
  }
}

export function addCheckpointBody(oldSize: number, proof: readonly string[], checkpoint: string): string {
  return [`old ${oldSize}`, ...proof, "", checkpoint].join("\n");
}
