import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { SharedRedis } from "../redis/redis-connection.js";
import { SharedLeases } from "../redis/shared-lease.js";

export type HousekeepingTask = { name: string; run: () => Promise<unknown> };

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** The hold on one task's pass across processes (renewed while it runs): a holder that dies frees it after this. */
const TASK_LEASE_MS = 60 * 1000;

/**
 * The app's housekeeping: what the modules tidy every ten minutes (ended sessions, expired
 * captchas and nonces, stale reservations, invoices and refunds left half-way). Each task is
 * independent: one failing is logged and the others still run.
 *
 * With several processes (a shared Redis, issue 20) each task's pass runs in one process at a
 * time, under the shared lease `housekeeping:<name>`; a process that finds the lease held skips
 * that round, since another is doing the same work. Some passes call out or append (the invoice
 * issuer, refunds at the payment provider, ledger entries found missing): two at once could both
 * decide an entry is missing and append it twice.
 */
export class Housekeeping {
  readonly #tasks: HousekeepingTask[] = [];
  readonly #leases: SharedLeases | null;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, "warn">,
    redis: SharedRedis | null,
    private readonly intervalMs = HOUSEKEEPING_INTERVAL_MS,
  ) {
    this.#leases = redis ? new SharedLeases(redis) : null;
  }

  add(tasks: HousekeepingTask[]): void {
    const leases = this.#leases;
    for (const task of tasks) {
      this.#tasks.push(leases ? { name: task.name, run: () => leases.runExclusive(`housekeeping:${task.name}`, TASK_LEASE_MS, task.run) } : task);
    }
  }

  /** One pass over every task (also what the timer runs). */
  async runAll(): Promise<void> {
    for (const task of this.#tasks) {
      try {
        await task.run();
      } catch (error) {
        this.log.warn({ err: error, task: task.name }, "housekeeping task failed");
      }
    }
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.runAll(), this.intervalMs);
    // The timer must not keep a finished process (tests, CLI) alive.
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** A module's housekeeping tasks, run with the app's (app.housekeeping, started when the app is ready). */
export function keepTidy(app: FastifyInstance, tasks: HousekeepingTask[]): void {
  app.housekeeping.add(tasks);
}
