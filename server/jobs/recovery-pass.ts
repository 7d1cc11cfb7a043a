import type { FastifyInstance } from "fastify";
import type { SharedRedis } from "../redis/redis-connection.js";
import { SharedLeases } from "../redis/shared-lease.js";

/**
 * How long a row may stay half-done (pending, recorded but not stored) before another process may
 * finish it. Its writer finishes it within a second or two (a blob, a ledger block, one commit);
 * five minutes leaves a live but slow peer (a long ledger stall, a GC pause) well alone.
 */
export const RECOVERY_LEASE_MS = 5 * 60 * 1000;
/** How often, with several processes, the passes look again for rows whose lease has run out. */
const RECOVERY_INTERVAL_MS = 60 * 1000;
/** The hold on a pass (renewed while it runs): a process that dies mid-pass frees it after this. */
const PASS_LEASE_MS = 60 * 1000;

/** A module's recovery of what an interrupted run left half-done. */
export type Recovery = {
  /** Names the pass's shared lease (`recovery:<name>`) and its log lines. */
  name: string;
  /**
   * Settles the half-done rows: every one when `leftBefore` is null (this process is the only
   * one), otherwise only those written before `leftBefore`: their lease has run out, so the
   * process that wrote them is gone (or would long have finished).
   */
  recover(leftBefore: number | null): Promise<unknown>;
};

export type RecoveryContext = { redis: SharedRedis | null; now: () => number };

/**
 * Runs a module's recovery as this process's kind needs (issue 20). Embedded (no Redis): once, at
 * start, over every half-done row, before anything is served: as always, since no other process
 * exists. With Redis several processes share the rows, and a row half-done now may be a live
 * peer's work in flight: the pass takes only rows whose lease ran out, runs in one process at a
 * time (a shared lease), at start and then every minute in every process, so whichever process
 * survives finishes what a dead one left. `afterReady`: the first pass runs once the app is
 * complete (a recovery that starts jobs of its own), not before the module goes on.
 */
export async function startRecovery(app: FastifyInstance, { redis, now }: RecoveryContext, recovery: Recovery, { afterReady = false } = {}): Promise<void> {
  const firstPass = async (run: () => Promise<unknown>) => {
    if (afterReady) app.addHook("onReady", async () => void (await run()));
    else await run();
  };
  if (!redis) {
    await firstPass(() => recovery.recover(null));
    return;
  }
  const leases = new SharedLeases(redis);
  let running: Promise<unknown> | null = null;
  const pass = () => {
    // One pass at a time in this process too: a slow pass is not stacked on.
    if (running) return running;
    running = leases
      .runExclusive(`recovery:${recovery.name}`, PASS_LEASE_MS, () => recovery.recover(now() - RECOVERY_LEASE_MS))
      .catch((error) => app.log.error({ err: error, recovery: recovery.name }, "recovery pass failed; the next pass tries again"))
      .finally(() => (running = null));
    return running;
  };
  await firstPass(pass);
  const timer = setInterval(() => void pass(), RECOVERY_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
