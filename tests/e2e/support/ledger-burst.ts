/**
 * A writer for the ledger crash test: opens the ledger on the platform's data (DATA_DIR /
 * DATABASE_URL, as the server does) and appends entries as fast as it can, keeping `CONCURRENCY`
 * appends in flight. Each acknowledged append is printed as `ack <index> <entry>` only after its
 * promise resolved, i.e. after its block was durable under a signed checkpoint; stdout to a pipe is
 * written synchronously on Linux, so a line printed is a line the test sees even after a SIGKILL.
 *
 *   node --import tsx tests/e2e/support/ledger-burst.ts
 */
import { databaseTargetFor } from "../../../server/app.js";
import { loadConfig } from "../../../server/config.js";
import { openDatabase } from "../../../server/db/dialect.js";
import { migrateToLatest } from "../../../server/db/migrate.js";
import { createLedgerService } from "../../../server/modules/ledger/ledger.module.js";

const CONCURRENCY = Number(process.env.BURST_CONCURRENCY ?? 64);

const config = loadConfig();
const database = openDatabase(databaseTargetFor(config));
await migrateToLatest(database.db);
const ledger = await createLedgerService({ config, db: database.db });
process.stdout.write("ready\n");

let next = 0;
async function writer(): Promise<never> {
  for (;;) {
    const text = JSON.stringify({ v: 1, kind: "hash", n: next++, pid: process.pid });
    const receipt = await ledger.append(new TextEncoder().encode(text));
    process.stdout.write(`ack ${receipt.index} ${text}\n`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, writer));
