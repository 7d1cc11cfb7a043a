import type { QueueDepth } from "../../jobs/job-queues.js";
import type { LedgerPort, StoredCheckpoint } from "../ledger/ledger.types.js";
import type { ChainRepository } from "./chain.repository.js";
import { LatestOnlyWorker } from "./latest-only-worker.js";
import type { WitnessClient } from "./witness-client.js";

/** What the node list shows of one witness. */
export interface WitnessStatus {
  readonly name: string;
  readonly status: 0 | 1;
  readonly cosignedSize: number | null;
  readonly lastError: string | null;
}

/**
 * Keeps one witness up to date with the ledger: each new checkpoint (the newest, when several
 * wait) is sent with a consistency proof from the size the witness last cosigned. When we do not
 * know that size, or it moved (another log process submitted meanwhile), the witness's 409 answer
 * tells it, and the submission is repeated once with the right proof. Failures only change the
 * witness's status; appends never wait for it.
 */
export class WitnessSync {
  #status: WitnessStatus;
  readonly #worker: LatestOnlyWorker<StoredCheckpoint>;
  #failures = 0;

  constructor(
    private readonly client: WitnessClient,
    private readonly deps: {
      repo: ChainRepository;
      ledger: Pick<LedgerPort, "consistencyProof">;
      now: () => number;
      onChange: () => void;
      log?: { warn(object: object, message: string): void };
    },
    initial: { cosignedSize: number | null; status: number; lastError: string | null },
  ) {
    this.#status = { name: client.name, status: initial.status === 1 ? 1 : 0, cosignedSize: initial.cosignedSize, lastError: initial.lastError };
    this.#worker = new LatestOnlyWorker((checkpoint) => this.#submit(checkpoint), (error) => void this.#fail(errorText(error)));
  }

  get status(): WitnessStatus {
    return this.#status;
  }

  /** The witness's cosignature verifier key (C2SP tlog-cosignature). */
  get verifierKey(): string {
    return this.client.verifier.verifierKey;
  }

  /** Where the witness is: its submission prefix, or "in-process". */
  get url(): string {
    return this.client.url;
  }

  /** Submissions waiting and under way, and those that failed since this process started. */
  depth(): QueueDepth {
    return { waiting: this.#worker.isWaiting ? 1 : 0, running: this.#worker.isRunning ? 1 : 0, failed: this.#failures };
  }

  offer(checkpoint: StoredCheckpoint): void {
    this.#worker.offer(checkpoint);
  }

  idle(): Promise<void> {
    return this.#worker.idle();
  }

  /**
   * Takes the status another process recorded in the shared table after its own submission (it
   * signed the newer checkpoint). A submission of this process under way has the fresher word.
   */
  adopt(stored: { status: number; cosignedSize: number | null; lastError: string | null }): void {
    if (this.#worker.isRunning) return;
    this.#status = { name: this.client.name, status: stored.status === 1 ? 1 : 0, cosignedSize: stored.cosignedSize, lastError: stored.lastError };
  }

  async #submit(checkpoint: StoredCheckpoint): Promise<void> {
    let oldSize = this.#status.cosignedSize ?? 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (oldSize > checkpoint.treeSize) {
        // A newer checkpoint reached the witness first; nothing to add for this one.
        if (attempt > 0) return this.#update({ status: 1, cosignedSize: oldSize, lastError: null });
        return;
      }
      const proof = oldSize === 0 || oldSize === checkpoint.treeSize ? [] : (await this.deps.ledger.consistencyProof(oldSize, checkpoint.treeSize)).proof;
      const answer = await this.client.submit(oldSize, proof, checkpoint.note);
      if (answer.kind === "cosigned") {
        await this.deps.repo.recordCosignature(this.client.name, checkpoint.treeSize, answer.line, answer.timestamp * 1000);
        return this.#update({ status: 1, cosignedSize: checkpoint.treeSize, lastError: null });
      }
      if (answer.kind === "refused") return this.#fail(answer.reason);
      if (answer.knownSize === oldSize) return this.#fail(`witness keeps answering 409 at size ${oldSize}`);
      oldSize = answer.knownSize;
    }
    return this.#fail("witness size kept moving");
  }

  async #fail(reason: string): Promise<void> {
    this.#failures += 1;
    this.deps.log?.warn({ witness: this.client.name, reason }, "witness did not cosign the checkpoint");
    await this.deps.repo.recordWitnessFailure(this.client.name, reason, this.deps.now()).catch(() => undefined);
    this.#update({ status: 0, cosignedSize: this.#status.cosignedSize, lastError: reason });
  }

  #update(next: Omit<WitnessStatus, "name">): void {
    const changed = next.status !== this.#status.status || next.cosignedSize !== this.#status.cosignedSize;
    this.#status = { name: this.client.name, ...next };
    if (changed) this.deps.onChange();
  }
}

function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return `${(error as Error)?.message ?? String(error)}${cause ? ` (${cause})` : ""}`;
}
