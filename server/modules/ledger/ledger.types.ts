/**
 * What the rest of the server may ask of the ledger module (DESIGN.md §6). Evidence, certificates,
 * the evidence library and the chain widgets code against these types; the ledger module owns the
 * tables and the signing key behind them.
 */

/** Answered by `append` once the entry's block is on stable storage under a signed checkpoint. */
export interface LedgerReceipt {
  /** 0-based index of the entry in the log. */
  readonly index: number;
  /** RFC 6962 leaf hash SHA-256(0x00‖entry), lowercase hex. */
  readonly leafHash: string;
  /** 1-based number of the block (= checkpoint) that integrated the entry. */
  readonly blockHeight: number;
  /** The signed checkpoint (C2SP signed note text) of that block. */
  readonly checkpoint: string;
  /** Tree size of that checkpoint (> index). */
  readonly treeSize: number;
  /** When the block was made durable, ms since the epoch. */
  readonly integratedAt: number;
}

export interface StoredCheckpoint {
  readonly blockHeight: number;
  readonly treeSize: number;
  /** Root hash, standard base64 (as in the checkpoint body). */
  readonly rootHash: string;
  /** The signed note text. */
  readonly note: string;
  readonly createdAt: number;
}

export interface InclusionProofAnswer {
  readonly index: number;
  readonly treeSize: number;
  /** Lowercase hex leaf hash. */
  readonly leafHash: string;
  /** RFC 9162 order, standard base64. */
  readonly proof: readonly string[];
  /** Signed checkpoint of exactly `treeSize`. */
  readonly checkpoint: string;
}

export interface ConsistencyProofAnswer {
  readonly oldSize: number;
  readonly newSize: number;
  readonly proof: readonly string[];
}

export interface ChainEntrySummary {
  readonly index: number;
  readonly leafHash: string;
  readonly blockHeight: number;
  readonly time: number;
}

export interface LedgerPort {
  /** Log origin line of the checkpoints (e.g. "hengzheng.example/evidence-log"). */
  readonly origin: string;
  /** Verifier key in signed-note form `<name>+<id>+<base64>`. */
  readonly verifierKey: string;
  /** Appends one entry (≤ 65,535 bytes); resolves after durable block + signed checkpoint. */
  append(entry: Uint8Array): Promise<LedgerReceipt>;
  /** The entry bytes exactly as logged, or null. */
  entry(index: number): Promise<Uint8Array | null>;
  /** The block (checkpoint count) that integrated the entry, or null when there is no such entry. */
  blockHeightOf(index: number): Promise<number | null>;
  latestCheckpoint(): Promise<StoredCheckpoint | null>;
  /** The checkpoint block `blockHeight` ended with (the one an entry was first integrated under), or null. */
  checkpointOfBlock(blockHeight: number): Promise<StoredCheckpoint | null>;
  /** Proof against the latest checkpoint, or the checkpoint of exactly `treeSize` when given. */
  inclusionProof(index: number, treeSize?: number): Promise<InclusionProofAnswer>;
  consistencyProof(oldSize: number, newSize: number): Promise<ConsistencyProofAnswer>;
  /**
   * C2SP tlog-proof text for one entry under the latest checkpoint, or the checkpoint of exactly
   * `treeSize` when given (two entries proven under one checkpoint) (isomorphic/ledger/proof-bundle.ts).
   */
  proofBundle(index: number, treeSize?: number): Promise<string>;
  /** Newest entries first, for the chain widgets' txList. */
  recentEntries(limit: number): Promise<ChainEntrySummary[]>;
  /** Called after each block is durable, with its checkpoint; returns the unsubscribe function. */
  onCheckpoint(listener: (checkpoint: StoredCheckpoint) => void): () => void;
}

/** What the chain module (witnesses, live push) adds to the ledger's public answers, when present. */
export interface LedgerChainView {
  /** The checkpoint note with witness cosignature lines appended. */
  decorateNote(checkpoint: StoredCheckpoint): Promise<string>;
  /** The log and its witnesses, status 1 = online. */
  nodes(): { name: string; status: number }[] | Promise<{ name: string; status: number }[]>;
}
