import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export type HousekeepingTask = { name: string; run: () => Promise<unknown> };

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes what can no longer be used (ended sessions, expired captchas, nonces and failure
 * records) every ten minutes, so those tables stay small. Each task is independent: one failing
 * is logged and the others still run. Returns a stop function for the app's close.
 */
export function startHousekeeping(tasks: HousekeepingTask[], log: FastifyBaseLogger, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  const runAll = async () => {
    for (const task of tasks) {
      try {
        await task.run();
      } catch (error) {
        log.warn({ err: error, task: task.name }, "housekeeping task failed");
      }
    }
  };
  const timer = setInterval(() => void runAll(), intervalMs);
  // The timer must not keep a finished process (tests, CLI) alive.
  timer.unref();
  return { runAll, stop: () => clearInterval(timer) };
}

/** A module's housekeeping: started with the module, stopped when the app closes. */
export function keepTidy(app: FastifyInstance, tasks: HousekeepingTask[]): void {
  const housekeeping = startHousekeeping(tasks, app.log);
  app.addHook("onClose", async () => housekeeping.stop());
}
