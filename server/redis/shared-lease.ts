import { randomBytes } from "node:crypto";
import type { SharedRedis } from "./redis-connection.js";
import { defineRedisScript } from "./redis-script.js";

/** Deletes the lease only while it is still ours (a lease that expired may already be another holder's). */
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`;
/** Extends the lease only while it is still ours. */
const RENEW = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`;

/**
 * Named leases in the shared Redis (issue 20): a pass that must not run in two processes at once
 * (start-up recovery, a sweep that appends to the ledger) runs only while this process holds the
 * lease `<prefix>:lease:<name>`. The lease is SET NX PX with a random owner token, renewed every
 * third of its length while the pass runs, and released by compare-and-delete; a holder that dies
 * stops renewing, so its lease expires after `leaseMs` and the next process's pass takes over.
 */
export class SharedLeases {
  readonly #release: (keys: readonly string[], args: readonly (string | number)[]) => Promise<number>;
  readonly #renew: (keys: readonly string[], args: readonly (string | number)[]) => Promise<number>;

  constructor(private readonly redis: SharedRedis) {
    this.#release = defineRedisScript<number>(redis.client, "hzLeaseRelease", RELEASE, 1);
    this.#renew = defineRedisScript<number>(redis.client, "hzLeaseRenew", RENEW, 1);
  }

  /** Runs `pass` if no other process holds the lease `name`; answers false (nothing run) when one does. */
  async runExclusive(name: string, leaseMs: number, pass: () => Promise<unknown>): Promise<boolean> {
    const key = this.redis.key("lease", name);
    const owner = randomBytes(16).toString("hex");
    if ((await this.redis.client.set(key, owner, "PX", leaseMs, "NX")) !== "OK") return false;
    const renewal = setInterval(() => void this.#renew([key], [owner, leaseMs]).catch(() => undefined), Math.max(1, Math.floor(leaseMs / 3)));
    renewal.unref();
    try {
      await pass();
      return true;
    } finally {
      clearInterval(renewal);
      await this.#release([key], [owner]);
    }
  }
}
