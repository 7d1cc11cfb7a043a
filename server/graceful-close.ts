import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";

/**
 * close-with-grace also answers fault signals (SIGSEGV, SIGBUS …), SIGHUP, SIGUSR2 and
 * beforeExit; a graceful close is for SIGTERM, SIGINT and the two error events only.
 */
const NOT_CLOSING_ON = ["SIGHUP", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGSEGV", "SIGUSR2", "beforeExit"] as const;

/**
 * SIGTERM/SIGINT: the app closes (requests in flight finish, jobs under way are aborted and left
 * for a restart or another worker, the modules and the database close), then exit 0. An unhandled
 * rejection or uncaught exception is logged and closes the same way, then exit 1. Past the
 * deadline the process exits 1 whatever is still open. `afterClose` runs once the app is closed.
 */
export function closeGracefully(app: FastifyInstance, deadlineMs: number, afterClose: () => void = () => undefined): void {
  closeWithGrace(
    {
      delay: deadlineMs,
      skip: [...NOT_CLOSING_ON],
      logger: app.log,
      onTimeout: (delay) => app.log.error({ deadlineMs: delay }, "close did not finish before its deadline: exiting"),
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, "unexpected error: closing");
      else app.log.info({ signal }, "closing: finishing what is in flight");
      await app.close();
      afterClose();
    },
  );
}
