import { decodeBase64, encodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import type { ChainPush } from "../../../src/schema/chain-live.js";
import type { JobQueue } from "../../jobs/job-queues.js";
import type { LedgerChainView, LedgerPort, StoredCheckpoint } from "../ledger/ledger.types.js";
import type { ChainEvent, ChainEventBus } from "./chain-events.js";
import type { ChainRepository } from "./chain.repository.js";
import { LatestOnlyWorker } from "./latest-only-worker.js";
import { checkToken, type TimestampToken } from "./tsa/rfc3161.js";
import type { TsaClient } from "./tsa/tsa-client.js";
import type { WitnessClient } from "./witness-client.js";
import { WitnessSync } from "./witness-sync.js";

/** Newest ledger entries in each push. */
export const TX_LIST_LENGTH = 10;

export interface ChainNodeInfo {
  readonly name: string;
  /** 1 = online: the log itself, or a witness whose last submission was cosigned. */
  readonly status: 0 | 1;
  readonly kind: "log" | "witness";
  /** The log's tree size, or the largest size the witness has cosigned (null: none yet). */
  readonly lastSize: number | null;
}

/** How the time of a checkpoint is attested, for certificates (DESIGN.md §6: never claim an anchor that did not happen). */
export type CheckpointTime =
  | {
      kind: "tsa";
      tsaUrl: string;
      /** The TSA's time (genTime), ms since the epoch. */
      genTime: number;
      /** DER TimeStampToken (CMS ContentInfo), standard base64. */
      token: string;
      serialNumber: string;
      /** The time-stamped checkpoint: its size (≥ the asked size) and root hash, the token's message imprint. */
      treeSize: number;
      rootHash: string;
    }
  | { kind: "platform"; statement: string };

/** One configured witness as the platform's health page shows it. */
export interface WitnessReport {
  readonly name: string;
  /** Its submission prefix, or "in-process" for the local witness. */
  readonly url: string;
  /** Its last submission was cosigned. */
  readonly isOnline: boolean;
  readonly cosignedSize: number | null;
  /** The witness's own time in its newest cosignature, ms since the epoch. */
  readonly lastCosignedAt: number | null;
  readonly lastError: string | null;
}

/** The time-stamp authority as the platform's health page shows it. */
export interface TsaReport {
  /** Null: no TSA configured, certificates state the platform's own time. */
  readonly url: string | null;
  readonly lastToken: { readonly treeSize: number; readonly genTime: number } | null;
  /** The newest failed request of this process (the database keeps only tokens). */
  readonly lastError: { readonly message: string; readonly at: number } | null;
}

/** A configured witness and its newest cosignature within a range of checkpoints (null: none). */
export interface WitnessCosignature {
  readonly name: string;
  readonly verifierKey: string;
  readonly cosigned: { readonly treeSize: number; readonly line: string } | null;
}

export const PLATFORM_TIME_STATEMENT = "时间为本平台服务器时间，未经第三方可信时间戳机构认证";

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/**
 * What happens around each ledger checkpoint besides signing it: witnesses cosign it, a TSA
 * time-stamps its root hash, and the live socket's listeners hear about it. Nothing here can hold
 * up an append: the ledger calls `#onCheckpoint` after the block is durable and does not wait.
 * With several processes (an event bus over Redis), each announces its checkpoints and witness
 * changes, and each pushes the others' to its own listeners from the shared tables.
 */
export class ChainService implements LedgerChainView {
  readonly #listeners = new Set<(push: ChainPush) => void>();
  readonly #tsaWorker: LatestOnlyWorker<StoredCheckpoint> | null;
  // Pushes run one at a time and only the newest waits: a burst of checkpoints costs one snapshot
  // per push in progress, not one each.
  readonly #pushWorker = new LatestOnlyWorker<void>(() => this.#push(), () => undefined);
  #events: ChainEventBus | null = null;
  /** Another process changed the chain: reread the newest checkpoint and the witnesses before pushing. */
  #isBehindOthers = false;
  #latest: StoredCheckpoint | null = null;
  #unsubscribe: () => void = () => undefined;
  #syncs: WitnessSync[] = [];
  #tsaFailures = 0;
  #tsaLastError: TsaReport["lastError"] = null;

  private constructor(
    private readonly ledger: LedgerPort,
    private readonly repo: ChainRepository,
    private readonly tsa: TsaClient | null,
    private readonly now: () => number,
    private readonly log: Log | undefined,
  ) {
    this.#tsaWorker = tsa ? new LatestOnlyWorker((checkpoint) => this.#timestamp(checkpoint), (error) => this.#timestampFailed(error)) : null;
  }

  static async create(options: {
    ledger: LedgerPort;
    repo: ChainRepository;
    witnesses: readonly WitnessClient[];
    tsa?: TsaClient | null;
    /** The other processes of the installation (null: this one is alone). */
    events?: ChainEventBus | null;
    now?: () => number;
    log?: Log;
  }): Promise<ChainService> {
    const now = options.now ?? Date.now;
    const service = new ChainService(options.ledger, options.repo, options.tsa ?? null, now, options.log);
    for (const client of options.witnesses) {
      await options.repo.registerWitness({ name: client.name, url: client.url, verifierKey: client.verifier.verifierKey }, now());
    }
    const stored = new Map((await options.repo.witnesses()).map((row) => [row.name, row]));
    service.#syncs = options.witnesses.map((client) => {
      const row = stored.get(client.name);
      const deps = { repo: options.repo, ledger: options.ledger, now, onChange: () => service.#changed({ kind: "witness" }), log: options.log };
      return new WitnessSync(client, deps, { cosignedSize: row?.cosignedSize ?? null, status: row?.status ?? 0, lastError: row?.lastError ?? null });
    });
    service.#latest = await options.ledger.latestCheckpoint();
    service.#unsubscribe = options.ledger.onCheckpoint((checkpoint) => service.#onCheckpoint(checkpoint));
    service.#events = options.events ?? null;
    service.#events?.onRemote((event) => service.#onRemoteEvent(event));
    // Catch the witnesses up at start: this also tells whether each is reachable.
    if (service.#latest) {
      for (const sync of service.#syncs) sync.offer(service.#latest);
      if (service.#tsaWorker && !(await options.repo.timestampCovering(service.#latest.treeSize))) service.#tsaWorker.offer(service.#latest);
    }
    return service;
  }

  #onCheckpoint(checkpoint: StoredCheckpoint): void {
    if (!this.#latest || checkpoint.treeSize >= this.#latest.treeSize) this.#latest = checkpoint;
    for (const sync of this.#syncs) sync.offer(checkpoint);
    this.#tsaWorker?.offer(checkpoint);
    this.#changed({ kind: "checkpoint", blockHeight: checkpoint.blockHeight });
  }

  /** A change made here: pushed to this process's listeners and announced to the others. */
  #changed(event: ChainEvent): void {
    this.#pushWorker.offer();
    this.#events?.announce(event);
  }

  #onRemoteEvent(event: ChainEvent): void {
    // A checkpoint this process already knows (it appended too, or heard of a later one) adds nothing.
    if (event.kind === "checkpoint" && this.#latest && this.#latest.blockHeight >= event.blockHeight) return;
    this.#isBehindOthers = true;
    this.#pushWorker.offer();
  }

  /** Takes the newest checkpoint and the witnesses' status from the shared tables, where the other processes wrote them. */
  async #catchUp(): Promise<void> {
    this.#isBehindOthers = false;
    const [latest, witnesses] = await Promise.all([this.ledger.latestCheckpoint(), this.repo.witnesses()]).catch((error: unknown) => {
      this.#isBehindOthers = true;
      throw error;
    });
    if (latest && (!this.#latest || latest.treeSize >= this.#latest.treeSize)) this.#latest = latest;
    const stored = new Map(witnesses.map((row) => [row.name, row]));
    for (const sync of this.#syncs) {
      const row = stored.get(sync.status.name);
      if (row) sync.adopt(row);
    }
  }

  async #timestamp(checkpoint: StoredCheckpoint): Promise<void> {
    const token = await this.tsa!.timestamp(decodeBase64(checkpoint.rootHash));
    await this.repo.saveTimestamp(
      { treeSize: checkpoint.treeSize, rootHash: checkpoint.rootHash, tsaUrl: this.tsa!.url, token: token.token, genTime: token.genTime, serialNumber: token.serialNumber },
      this.now(),
    );
  }

  #timestampFailed(error: unknown): void {
    this.log?.warn({ err: error }, "time-stamp request failed");
    this.#tsaFailures += 1;
    this.#tsaLastError = { message: (error as Error)?.message ?? String(error), at: this.now() };
  }

  // ---- LedgerChainView ----

  /** The checkpoint note followed by the witnesses' cosignature lines for it (C2SP tlog-cosignature). */
  async decorateNote(checkpoint: StoredCheckpoint): Promise<string> {
    const lines = await this.repo.cosignatureLines(checkpoint.treeSize);
    return checkpoint.note + lines.join("");
  }

  nodes(): ChainNodeInfo[] {
    return [
      { name: this.ledger.origin, status: 1, kind: "log", lastSize: this.#latest?.treeSize ?? 0 },
      ...this.#syncs.map(({ status }) => ({ name: status.name, status: status.status, kind: "witness" as const, lastSize: status.cosignedSize })),
    ];
  }

  // ---- time ----

  /**
   * The TSA token covering the checkpoint of `treeSize`: its own, or the nearest later one (whose
   * tree contains it). Without one, the statement that the time is the platform's own.
   */
  async timestampFor(treeSize: number): Promise<CheckpointTime> {
    const row = await this.repo.timestampCovering(treeSize);
    if (!row) return { kind: "platform", statement: PLATFORM_TIME_STATEMENT };
    return { kind: "tsa", tsaUrl: row.tsaUrl, genTime: row.genTime, token: encodeBase64(row.token), serialNumber: row.serialNumber, treeSize: row.treeSize, rootHash: row.rootHash };
  }

  /**
   * Checks a stored token again (a report re-checking the time of an entry): its signature, that it
   * time-stamps `hashedMessage`, and its chain to TSA_CA_FILE's roots when a TSA is configured.
   * Throws `TimestampError`.
   */
  verifyTimestamp(token: Uint8Array, hashedMessage: Uint8Array): TimestampToken {
    return this.tsa ? this.tsa.verifyStored(token, hashedMessage) : checkToken(token, { hashedMessage });
  }

  /** Whether checkpoints are being time-stamped by a TSA at all. */
  get timestampAuthority(): string | null {
    return this.tsa?.url ?? null;
  }

  // ---- health ----

  /** The witness submissions (one queue per witness) and the TSA's requests, for the job queue list. */
  queues(): JobQueue[] {
    const witnesses = this.#syncs.map((sync): JobQueue => ({ key: `chain.witness.${sync.status.name}`, name: `见证者提交 ${sync.status.name}`, depth: () => sync.depth() }));
    const worker = this.#tsaWorker;
    if (!worker) return witnesses;
    const tsa: JobQueue = {
      key: "chain.tsa",
      name: "可信时间戳申请",
      depth: () => ({ waiting: worker.isWaiting ? 1 : 0, running: worker.isRunning ? 1 : 0, failed: this.#tsaFailures }),
    };
    return [...witnesses, tsa];
  }

  /** The configured witnesses as the shared tables know them (any process may have submitted). */
  async witnessReports(): Promise<WitnessReport[]> {
    const [rows, lastCosigned] = await Promise.all([this.repo.witnesses(), this.repo.lastCosignatureTimes()]);
    const stored = new Map(rows.map((row) => [row.name, row]));
    return this.#syncs.map(({ status, url }) => {
      const row = stored.get(status.name);
      return {
        name: status.name,
        url,
        isOnline: (row?.status ?? status.status) === 1,
        cosignedSize: row ? row.cosignedSize : status.cosignedSize,
        lastCosignedAt: lastCosigned.get(status.name) ?? null,
        lastError: row ? row.lastError : status.lastError,
      };
    });
  }

  /**
   * Each configured witness with its newest cosignature of a checkpoint of size minSize..maxSize
   * (a tree holding an entry, up to the checkpoint a report checks against), to be verified by the caller.
   */
  async witnessCosignatures(minSize: number, maxSize: number): Promise<WitnessCosignature[]> {
    return Promise.all(
      this.#syncs.map(async (sync) => ({ name: sync.status.name, verifierKey: sync.verifierKey, cosigned: await this.repo.newestCosignatureWithin(sync.status.name, minSize, maxSize) })),
    );
  }

  async tsaReport(): Promise<TsaReport> {
    if (!this.tsa) return { url: null, lastToken: null, lastError: null };
    return { url: this.tsa.url, lastToken: await this.repo.latestTimestamp(), lastError: this.#tsaLastError };
  }

  // ---- live push ----

  async snapshot(): Promise<ChainPush> {
    const latest = this.#latest ?? (await this.ledger.latestCheckpoint());
    const nodeList = this.nodes().map(({ name, status }) => ({ name, status }));
    const recent = await this.ledger.recentEntries(TX_LIST_LENGTH);
    return {
      blockInfo: { blockHeight: latest?.blockHeight ?? 0, peerCount: nodeList.length, txCount: latest?.treeSize ?? 0 },
      nodeList,
      txList: recent.map((entry) => ({ txHash: entry.leafHash, blockHeight: entry.blockHeight, time: entry.time })),
    };
  }

  /** Called with a fresh snapshot after every checkpoint and witness status change. */
  subscribe(listener: (push: ChainPush) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  async #push(): Promise<void> {
    try {
      if (this.#isBehindOthers) await this.#catchUp();
      if (this.#listeners.size === 0) return;
      const push = await this.snapshot();
      for (const listener of this.#listeners) listener(push);
    } catch (error) {
      this.log?.error({ err: error }, "chain push failed");
    }
  }

  /** Resolves once every witness submission and time-stamp request in flight has finished (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.#syncs.map((sync) => sync.idle()), this.#tsaWorker?.idle(), this.#pushWorker.idle()]);
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    this.#listeners.clear();
    await this.idle();
  }
}
