import { buildApp, databaseTargetFor } from "./app.js";
import { openDatabase } from "./db/dialect.js";
import { closeGracefully } from "./graceful-close.js";
import { EXIT, loadConfigOrExit } from "./startup.js";

/**
 * A worker process (`npm run worker`, issue 20): the same app and job code as the web processes,
 * built with the role "worker", so it runs the jobs of the shared BullMQ queues the modules declare
 * (captures, crawls, reports, packages…) and serves no HTTP. Any number may run beside any number of web processes;
 * the database must already be migrated (`npm run migrate`, or a web process's start-up).
 */
async function main() {
  const config = loadConfigOrExit();
  const missing = [!config.redis && "REDIS_URL", !config.databaseUrl && "DATABASE_URL"].filter(Boolean);
  if (missing.length > 0) {
    console.error(`后台任务进程启动失败：缺少 ${missing.join("、")}。任务进程与 Web 进程通过 Redis 共享任务队列、通过 PostgreSQL 共享数据；单进程部署请直接使用 npm start，无需任务进程。`);
    process.exit(EXIT.config);
  }
  const database = openDatabase(databaseTargetFor(config));
  const app = await buildApp({ config, database, role: "worker" });
  // SIGTERM: the jobs under way are aborted and go back to their queue for another worker.
  closeGracefully(app, config.shutdownTimeoutMs);
  console.log([`后台任务进程已启动（进程号 ${process.pid}）`, `  数据库：${app.database.describe()}`, `  执行共享队列中的任务：${app.jobQueues.sharedNames().join("、")}`].join("\n"));
}

main().catch((error) => {
  console.error("后台任务进程启动失败：", error);
  process.exit(1);
});
