/**
 * The real platform (as server/server.ts boots it) plus a loopback control port through which an
 * end-to-end test appends entries to the ledger directly: POST /append with the entry as body.
 * For tests that need ledger activity before the evidence pages that cause it exist or matter.
 */
import http from "node:http";
import { buildApp, databaseTargetFor } from "../../../server/app.js";
import { loadConfig } from "../../../server/config.js";
import { openDatabase } from "../../../server/db/dialect.js";
import { migrateToLatest } from "../../../server/db/migrate.js";

const config = loadConfig();
// Migrated first, as server.ts does.
const database = openDatabase(databaseTargetFor(config));
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const control = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    if (request.method !== "POST" || request.url !== "/append") return void response.writeHead(404).end();
    app.services.ledger
      .append(Buffer.concat(chunks))
      .then((receipt) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(receipt)))
      .catch((error) => response.writeHead(500).end(String(error)));
  });
});
control.listen(Number(process.env.LEDGER_CONTROL_PORT), "127.0.0.1");
console.log(`衡证电子证据平台已启动（测试账本控制端口 ${process.env.LEDGER_CONTROL_PORT}）`);

const close = () => void Promise.all([app.close(), new Promise((resolve) => control.close(resolve))]).then(() => process.exit(0));
process.on("SIGTERM", close);
process.on("SIGINT", close);
