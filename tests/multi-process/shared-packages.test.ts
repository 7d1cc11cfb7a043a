import { createHash, randomBytes } from "node:crypto";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client } from "../../server/blobs/s3-client.js";
import { loadConfig } from "../../server/config.js";
import { EVIDENCE_PACKAGES } from "../../server/modules/evidence-library/package-kind.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS as E } from "../../src/schema/evidence-library.js";
import { postMultipart } from "../server/support/multipart.js";
import { registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { readZip } from "../server/support/zip-reader.js";
import { startTestS3, type TestS3 } from "./support/s3-server.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

/**
 * Evidence packages shared by the processes of one installation (issue 20): a package asked for on
 * web process A is a row a worker (C) builds, its ZIP kept in the S3 store, so web process B
 * answers its status and its download; its time over, two processes' housekeeping at once delete
 * it. One small file keeps the test cheap.
 */
const prefix = testRedisPrefix("packages");
let s3: TestS3;
let a: TestApp;
let b: TestApp;
let worker: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
/** The test's own view of the bucket, not the store under test. */
let inspector: S3Client;
const content = randomBytes(64 * 1024);

beforeAll(async () => {
  s3 = await startTestS3("packages");
  const env = { ...testRedisEnv(prefix), ...s3.env };
  a = await createTestApp({ seedDemo: false, env, role: "web" });
  b = await siblingTestApp(a, { seedDemo: false, env, role: "web" });
  worker = await siblingTestApp(a, { seedDemo: false, env, role: "worker" });
  inspector = createS3Client(loadConfig({ NODE_ENV: "test", DATA_DIR: a.database.dataDir, ...s3.env }).s3!);
  alice = await registerUser(a, "13700000961");
  bob = await registerUser(a, "13700000962");
});
afterAll(async () => {
  inspector?.destroy();
  await worker?.close();
  await b?.close();
  await a?.close();
  await s3?.close();
  await dropRedisNamespace(prefix);
});

const scratchKeys = async () => ((await inspector.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "scratch/" }))).Contents ?? []).map((object) => object.Key!);
const packageRows = () => a.database.handle.db.selectFrom("evidence_packages").selectAll().execute();

describe("an evidence package across processes", () => {
  let jobId: string;

  it("asked on A, built by the worker, polled and downloaded on B; nobody else's", async () => {
    const stored = await postMultipart(a, webapiPath(KINDS.file.create), { name: "共享打包" }, {
      token: alice.token,
      files: [{ name: "file", filename: "合同.bin", contentType: "application/octet-stream", content }],
    });
    expect(stored.json().code).toBe(200);
    const started = (await a.call(E.createPackage, { evidenceIds: [stored.json().datas[0].id] }, { token: alice.token })).json();
    expect(started).toMatchObject({ code: 200, datas: { status: "packaging", done: 0, total: 1 } });
    expect(started.datas.estimatedSeconds).toBeGreaterThan(0);
    jobId = started.datas.jobId;

    let status = started.datas;
    for (const deadline = Date.now() + 30_000; status.status === "packaging"; ) {
      if (Date.now() > deadline) throw new Error(`the package was not built: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await b.call(E.packageStatus, { jobId }, { token: alice.token })).json().datas;
    }
    expect(status).toMatchObject({ status: "ready", done: 1, total: 1, estimatedSeconds: 0, fileName: started.datas.fileName });
    // Only the worker runs jobs: the web processes put the row on the queue and nothing more.
    const [row] = await packageRows();
    expect(row).toMatchObject({ job_key: jobId, state: "ready", attempts: 1 });
    expect(await scratchKeys()).toEqual([`scratch/evidence-package-${jobId}.zip`]);

    const download = await b.call(E.downloadPackage, { jobId }, { token: alice.token });
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers["content-length"])).toBe(status.size);
    const zip = readZip(download.rawPayload);
    const original = [...zip.entries()].find(([name]) => name.endsWith("/合同.bin"))!;
    expect(createHash("sha256").update(original[1]).digest("hex")).toBe(createHash("sha256").update(content).digest("hex"));
    expect(zip.has("manifest.json")).toBe(true);

    for (const app of [a, b]) {
      expect((await app.call(E.packageStatus, { jobId }, { token: bob.token })).json().code).toBe(404);
      expect((await app.call(E.downloadPackage, { jobId }, { token: bob.token })).json().code).toBe(404);
    }
  });

  it("expires: two processes' housekeeping at once delete its ZIP and its row", async () => {
    a.clock.advance(EVIDENCE_PACKAGES.ttlMs + 1);
    await Promise.all([a, b].map((app) => app.app.services.evidenceLibrary.packages.purge()));
    expect(await packageRows()).toEqual([]);
    expect(await scratchKeys()).toEqual([]);
  });
});
