import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import pg from "pg";
import { openBlobStore } from "../../server/blobs/open-blob-store.js";
import { loadConfig } from "../../server/config.js";
import { afterAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS, type CaptureRecord } from "../../src/schema/capture.js";
import { startTestSites, type TestSites } from "../capture/support/test-sites.js";
import { call, expectSuccess } from "../e2e/support/api-accounts.js";
import { auditLedger } from "../support/ledger-audit.js";
import { createTestDatabase, type TestDatabase } from "../server/support/test-database.js";
import { startCluster, type Cluster } from "./support/cluster.js";
import { runMixedLoad, summarise } from "./support/mixed-load.js";
import { startRoundRobinFront, type RoundRobinFront } from "./support/round-robin-front.js";

const SETTLED: CaptureRecord["state"][] = ["sealed", "failed", "needsReview"];

let database: TestDatabase | undefined;
let cluster: Cluster | undefined;
let front: RoundRobinFront | undefined;
let sites: TestSites | undefined;
afterAll(async () => {
  await front?.close();
  await cluster?.close();
  await database?.dispose();
  await sites?.close();
});

/**
 * The scale test (issue 20): three web processes and two workers behind a round-robin front, on one
 * PostgreSQL, one Redis and one S3-compatible store, under a bounded mixed load of logins, uploads,
 * captures of loopback pages and verifications. One web process and one worker are killed with
 * SIGKILL mid-run. Afterwards every acknowledged upload is listed as stored, its blob reads back with
 * its digest, its ledger entry is proven under a signed checkpoint by an independent audit of
 * /ledger/, and every accepted capture was sealed exactly once.
 */
describe("several processes under load, two of them killed", () => {
  it("loses nothing acknowledged and runs every job exactly once", async () => {
    sites = await startTestSites();
    sites.route("/notice", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>公告页面</title><h1>规模测试公告</h1><p>这是供取证的本地页面。</p>");
    });
    database = await createTestDatabase();
    const { target } = database.handle;
    if (target.kind !== "postgres") throw new Error("the scale test runs on PostgreSQL (TEST_DB_KIND=postgres)");
    await database.handle.db.destroy(); // the processes open their own connections
    // A killed worker's jobs go to the other within one to two JOB_LOCK_MS.
    cluster = await startCluster({ databaseUrl: target.url, env: { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(","), JOB_LOCK_MS: "5000" } });
    await Promise.all([cluster.addWeb(), cluster.addWeb(), cluster.addWorker(), cluster.addWorker()]);
    front = await startRoundRobinFront(cluster.webs.map((web) => web.url));
    const verifierKey = (await (await fetch(`${front.url}/ledger/vkey`)).text()).trim();

    const [victimWeb, victimWorker] = [cluster.webs[1], cluster.workers[0]];
    const load = runMixedLoad({ baseUrl: front.url, users: 6, durationMs: 20_000, captureUrls: [`${sites.httpOrigin}/notice`], capturesPerUser: 2 });
    // Mid-run: a web process (requests in flight are cut off) and a worker (jobs in hand are cut off).
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    await victimWeb.kill9();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await victimWorker.kill9();
    const result = await load;
    const figures = summarise(result);
    console.log(`scale: ${figures.requests} requests in ${(result.elapsedMs / 1000).toFixed(1)} s (${figures.perSecond.toFixed(1)}/s, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ${figures.failed} not acknowledged: ${figures.byKind}); ${result.uploads.length} uploads stored, ${result.captures.length} captures accepted; served by ${[...front.served().values()].join("/")}`);

    expect(result.requests.filter((request) => request.kind === "login" && !request.ok)).toEqual([]);
    expect(result.uploads.length).toBeGreaterThan(20);
    expect(result.captures.length).toBeGreaterThan(4);

    // Every accepted capture ends, on the surviving worker, once.
    const deadline = Date.now() + 90_000;
    let records: CaptureRecord[] = [];
    for (;;) {
      records = [];
      for (const token of new Set(result.captures.map((capture) => capture.token))) {
        const ids = result.captures.filter((capture) => capture.token === token).map((capture) => capture.id);
        records.push(...expectSuccess("progress", (await call(front.url, CAPTURE_ENDPOINTS.progress, { ids: ids.join(","), token })).body));
      }
      if (records.length === result.captures.length && records.every((record) => SETTLED.includes(record.state))) break;
      if (Date.now() > deadline) throw new Error(`captures never settled: ${JSON.stringify(records.map(({ id, state }) => ({ id, state })))}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(records.map((record) => record.state)).toEqual(records.map(() => "sealed"));

    // The ledger, audited from the outside: the checkpoint opens with the key every process shares,
    // and each acknowledged upload's entry is proven under it and names the upload's digest.
    const audit = await auditLedger(front.url, verifierKey);
    for (const upload of result.uploads) {
      const { entry, proven } = await audit.entry(upload.ledgerIndex);
      expect(proven, upload.certificateNo).toBe(true);
      expect(new TextDecoder().decode(entry), upload.certificateNo).toContain(upload.sha256);
    }

    // Every acknowledged blob reads back from the S3 store with its digest; the database agrees.
    const blobs = await openBlobStore(loadConfig({ ...cluster.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "scale-audit-")) }));
    const client = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
    await client.connect();
    try {
      for (const upload of result.uploads) {
        const stream = await blobs.store.open(upload.sha256);
        expect(stream, upload.certificateNo).not.toBeNull();
        expect(createHash("sha256").update(await buffer(stream!)).digest("hex"), upload.certificateNo).toBe(upload.sha256);
      }
      const numbers = result.uploads.map((upload) => upload.certificateNo);
      const evidence = await client.query<{ certificate_no: string; status: string }>("SELECT certificate_no, status FROM evidence_records WHERE certificate_no = ANY($1)", [numbers]);
      expect(evidence.rows.filter((row) => row.status === "stored")).toHaveLength(numbers.length);
      // Exactly once: one evidence record per sealed capture, none without its capture.
      const sealed = await client.query<{ id: number; evidence_id: number | null }>("SELECT id, evidence_id FROM captures WHERE id = ANY($1)", [result.captures.map((capture) => capture.id)]);
      const evidenceIds = sealed.rows.map((row) => row.evidence_id);
      expect(evidenceIds.every((id) => id !== null)).toBe(true);
      expect(new Set(evidenceIds).size).toBe(evidenceIds.length);
      const captured = await client.query<{ count: string }>("SELECT count(*) FROM evidence_records WHERE kind = 'snapshot'");
      expect(Number(captured.rows[0].count)).toBe(result.captures.length);
    } finally {
      await client.end();
      await blobs.close();
    }
  });
});
