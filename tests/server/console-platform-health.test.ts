import { afterEach, describe, expect, it } from "vitest";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { PLATFORM_HEALTH_ENDPOINTS, type PlatformHealth } from "../../src/schema/console/platform-health.js";
import { BLOB_USAGE_MAX_AGE_MS } from "../../server/modules/console/platform/platform-health.service.js";
import { generateCosignerKeys } from "../../server/witness/cosignature.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { registerUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const entry = (text: string) => new TextEncoder().encode(JSON.stringify({ v: 1, text }));

/** The console's health overview against what the test itself did to a fresh platform. */
describe("platform health overview", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    const test = await createTestApp({ seedDemo: false, env });
    cleanups.push(() => test.close());
    return test;
  }

  async function overview(test: TestApp, token: string): Promise<PlatformHealth> {
    const answer = (await test.call(PLATFORM_HEALTH_ENDPOINTS.overview, {}, { token })).json();
    expect(answer.code).toBe(200);
    return answer.datas;
  }

  it("shows the entries appended, the last checkpoint and its age, the local witness's cosignature, the stored blobs and the live sessions", async () => {
    const test = await app();
    const { ledger, chain, blobs } = test.app.services;
    const receipts = await Promise.all([ledger.append(entry("a")), ledger.append(entry("b")), ledger.append(entry("c"))]);
    const last = receipts.reduce((newest, receipt) => (receipt.blockHeight > newest.blockHeight ? receipt : newest));
    await chain.idle();
    const cosignedAt = Math.floor(test.clock.now() / 1000) * 1000;
    const stored = [Buffer.from("first blob"), Buffer.alloc(4096, 7), Buffer.from("第三个")];
    for (const content of stored) await blobs.put(content);
    await blobs.put(stored[0]); // the same content is stored once

    await registerUser(test, "13800138000");
    const { token } = await signInOperator(test, { roles: ["administrator"] });
    test.clock.advance(90_000);
    const health = await overview(test, token);

    expect(health.generatedAt).toBe(test.clock.now());
    expect(health.ledger).toEqual({
      origin: ledger.origin,
      signerKeyId: ledger.verifierKey.split("+")[1],
      treeSize: 3,
      blockHeight: last.blockHeight,
      lastCheckpointAt: last.integratedAt,
      checkpointAgeSeconds: Math.floor((test.clock.now() - last.integratedAt) / 1000),
      pendingEntries: 0,
    });
    expect(health.witnesses).toEqual([
      { name: expect.stringContaining("/witness"), url: null, isOnline: true, cosignedSize: 3, lastCosignedAt: cosignedAt, lastError: null },
    ]);
    expect(health.tsa).toEqual({ url: null, lastToken: null, lastError: null });
    expect(health.blobStore).toMatchObject({
      fileCount: 3,
      bytesUsed: stored.reduce((sum, content) => sum + content.length, 0),
      measuredAt: test.clock.now(),
    });
    expect(health.blobStore.freeBytes).toBeGreaterThan(0);
    expect(health.blobStore.totalBytes).toBeGreaterThanOrEqual(health.blobStore.freeBytes!);
    expect(health.database.dialect).toBe(test.database.handle.target.kind);
    expect(health.database.sizeBytes).toBeGreaterThan(0);
    expect(health.process.nodeVersion).toBe(process.version);
    expect(health.process.rssBytes).toBeGreaterThan(health.process.heapUsedBytes / 2);
    expect(Object.fromEntries(health.sessions.map(({ kind, live }) => [kind, live]))).toEqual({ user: 1, notary: 0, operator: 1, operatorPending: 0 });

    const queues = Object.fromEntries(health.queues.map(({ key, ...depth }) => [key, depth]));
    const idle = { waiting: 0, running: 0, failed: 0 };
    expect(queues["ledger.blocks"]).toEqual({ name: "账本区块写入", ...idle });
    expect(queues["certificate.pdf"]).toEqual({ name: "证书 PDF 绘制", ...idle });
    expect(queues["evidence.packages"]).toEqual({ name: "证据打包", ...idle });
    expect(queues["lawsuit.packages"]).toEqual({ name: "诉讼包生成", ...idle });
    expect(queues["capture.pages"]).toEqual({ name: "网页取证", ...idle });
    expect(queues["digitalReport.reports"]).toEqual({ name: "数据检验报告", ...idle });
    expect(queues["monitor.reports"]).toEqual({ name: "监测报告", ...idle });
    expect(queues["notarization.certificates"]).toEqual({ name: "公证书出具", ...idle });
    expect(queues[`chain.witness.${health.witnesses[0].name}`]).toMatchObject(idle);
    expect(queues["chain.tsa"]).toBeUndefined();
  });

  it("the blob store is walked at most once a minute: a new blob shows once the figures are older than that", async () => {
    const test = await app();
    const { token } = await signInOperator(test);
    await test.app.services.blobs.put(Buffer.from("one"));
    const before = (await overview(test, token)).blobStore;
    expect(before).toMatchObject({ fileCount: 1, bytesUsed: 3 });

    await test.app.services.blobs.put(Buffer.from("two!"));
    test.clock.advance(BLOB_USAGE_MAX_AGE_MS - 1);
    expect((await overview(test, token)).blobStore).toEqual({ ...before, freeBytes: expect.any(Number) });
    test.clock.advance(1);
    expect((await overview(test, token)).blobStore).toMatchObject({ fileCount: 2, bytesUsed: 7, measuredAt: test.clock.now() });
  });

  it("a witness that cannot be reached shows offline with its error, and its failed submissions count", async () => {
    const unreachable = generateCosignerKeys("witness.down/w1").verifierKey;
    const test = await app({ LEDGER_LOCAL_WITNESS: "false", LEDGER_WITNESS_URLS: "http://127.0.0.1:9", LEDGER_WITNESS_KEYS: unreachable });
    await test.app.services.ledger.append(entry("x"));
    await test.app.services.chain.idle();
    const { token } = await signInOperator(test);
    const health = await overview(test, token);

    expect(health.witnesses).toEqual([
      { name: "witness.down/w1", url: "http://127.0.0.1:9", isOnline: false, cosignedSize: null, lastCosignedAt: null, lastError: expect.any(String) },
    ]);
    const queue = health.queues.find(({ key }) => key === "chain.witness.witness.down/w1");
    expect(queue?.failed).toBeGreaterThanOrEqual(1);
  });

  it("is refused to an operator whose roles do not grant platform.health, and to a customer", async () => {
    const test = await app();
    const token = await operatorTokenWithout(test, "platform.health");
    expect((await test.call(PLATFORM_HEALTH_ENDPOINTS.overview, {}, { token })).json().code).toBe(ConsoleCode.forbidden);
    const customer = await registerUser(test, "13800138001");
    expect((await test.call(PLATFORM_HEALTH_ENDPOINTS.overview, {}, { token: customer.token })).json().code).not.toBe(200);
  });
});
