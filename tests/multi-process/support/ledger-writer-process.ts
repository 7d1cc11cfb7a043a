/**
 * One appending process of tests/multi-process/ledger-writer.test.ts: the real LedgerService on the
 * test's PostgreSQL database, appending "<name>-<n>" entries with IN_FLIGHT appends always waiting,
 * and printing "ack <n> <index>" on stdout once entry n is acknowledged (its block committed).
 * stdout is a pipe, written synchronously on Linux, so a line printed before a SIGKILL reaches the test.
 * Stops taking new entries when stdin closes, lets the waiting ones finish, and exits.
 *
 * Environment: LEDGER_TEST_DATABASE_URL, LEDGER_TEST_SIGNER_KEY, LEDGER_TEST_ORIGIN, WRITER_NAME.
 */
import os from "node:os";
import { openDatabase } from "../../../server/db/dialect.js";
import { loadLedgerKey } from "../../../server/modules/ledger/ledger-signer-key.js";
import { LedgerService } from "../../../server/modules/ledger/ledger.service.js";

const IN_FLIGHT = 16;
// Short blocks, so the writers take the lock many times a second and a kill finds one mid-block.
const BLOCK_DELAY_MS = 5;

const { LEDGER_TEST_DATABASE_URL: url, LEDGER_TEST_SIGNER_KEY: signerKey, LEDGER_TEST_ORIGIN: origin, WRITER_NAME: name } = process.env;
if (!url || !signerKey || !origin || !name) throw new Error("ledger-writer-process: missing environment");

const database = openDatabase({ kind: "postgres", url });
const key = loadLedgerKey({ signerKey, dataDir: os.tmpdir(), origin });
const ledger = await LedgerService.open({ db: database.db, origin, key, blockMaxDelayMs: BLOCK_DELAY_MS });
process.stdout.write("ready\n");

let stopping = false;
process.stdin.on("end", () => (stopping = true));
process.stdin.resume();

let next = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (!stopping) {
      const n = next++;
      const receipt = await ledger.append(new TextEncoder().encode(`${name}-${n}`));
      process.stdout.write(`ack ${n} ${receipt.index}\n`);
    }
  }),
);
await ledger.close();
await database.db.destroy();
