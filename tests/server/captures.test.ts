import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { CAPTURE_ENDPOINTS, CAPTURE_MESSAGES, CAPTURE_REVIEW_DAYS, CaptureCode } from "../../src/schema/capture.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { PURCHASE_ENDPOINTS } from "../../src/schema/purchase.js";
import { encryptorFor } from "./support/login-client.js";
import { captureDouble } from "./support/capture-double.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { readZip } from "./support/zip-reader.js";
import { createTestApp, restartTestApp, type TestApp } from "./support/test-app.js";

/** The test's pages are on loopback port 9 (never contacted: the engine is a double); the allow-list lets the real URL screen pass them. */
const CAPTURE_ENV = { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9" };
let t: TestApp;
let double = captureDouble();
let nextMobile = 13730000001;
let nextAttempt = 1;

const db = () => t.database.handle.db;
const services = () => t.app.services;
const newCustomer = () => registerUser(t, String(nextMobile++));
const call = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
const drained = () => services().capture.queue.idle();

async function grantPackage(user: RegisteredUser, count: number) {
  await db().insertInto("package_counts").values({ user_id: user.id, product_code: "30001", purchased_count: count, remaining_count: count, updated_at: t.clock.now() }).execute();
}
async function buyBundle(user: RegisteredUser) {
  await services().billing.money.recharge(user.id, 280_000, `pay:${user.id}:${nextAttempt}`);
  const answer = (await t.call(PURCHASE_ENDPOINTS.purchase, { uid: user.id, productCode: "bundle-10", quantity: 1, attemptId: `attempt-${String(nextAttempt++).padStart(6, "0")}` }, { token: user.token })).json();
  expect(answer.code).toBe(200);
}
const allowance = async (user: RegisteredUser) => (await call(CAPTURE_ENDPOINTS.allowance, user)).datas;
const detail = async (user: RegisteredUser, id: number) => call(CAPTURE_ENDPOINTS.one, user, { id });
const capture = async (user: RegisteredUser, urls: string, name = "取证") => call(CAPTURE_ENDPOINTS.create, user, { name, urls });
/** The package a capture waits with (the shared store's copy). */
const waitingPackage = async (id: number) => Buffer.concat(await (await services().capture.packages.open(id))!.toArray());
/** What another machine's process sees of a capture: no local files of the process that captured it. */
const forgetLocalFiles = (id: number) => fs.rmSync(services().capture.packages.workDirOf(id), { recursive: true, force: true });
const capturesOf = (user: RegisteredUser) => db().selectFrom("captures").selectAll().where("user_id", "=", user.id).execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV });
});
afterAll(async () => t?.close());

describe("capturing a page", () => {
  it("goes from queued through the engine's stages to sealed as snapshot evidence, spending one package unit", async () => {
    const user = await newCustomer();
    await grantPackage(user, 2);
    const created = await capture(user, "http://127.0.0.1:9/news/1", "新闻页面");
    expect(created.code).toBe(200);
    expect(created.datas).toHaveLength(1);
    expect(created.datas[0]).toMatchObject({ state: "queued", chargedTo: "package", url: "http://127.0.0.1:9/news/1", certificateNo: null });
    await drained();
    const { datas } = await detail(user, created.datas[0].id);
    expect(datas).toMatchObject({ state: "sealed", stage: "sealing", title: "页面 /news/1", attempts: 1, qaAccepted: false });
    expect(datas.certificateNo).toMatch(/\S+/);
    expect(datas.files.map((file: { path: string }) => file.path)).toContain("archive/data.warc.gz");
    expect(datas.provenance.requestedUrl).toBe("http://127.0.0.1:9/news/1");
    expect(double.stagesSeen).toEqual(expect.arrayContaining(["opening", "scrolling", "recording", "checking"]));

    const evidence = await services().evidence.findByCertificateNo(datas.certificateNo);
    expect(evidence).toMatchObject({ kind: "snapshot", status: "stored", holderUserId: user.id, name: "新闻页面" });
    expect(evidence!.details).toMatchObject({ url: "http://127.0.0.1:9/news/1", captureId: datas.id, chromium: "140.0.0.0", qaAccepted: false });

    const wacz = await t.call(CAPTURE_ENDPOINTS.file, { id: datas.id, file: "wacz" }, { token: user.token });
    expect(wacz.statusCode).toBe(200);
    expect(wacz.rawPayload.length).toBe(evidence!.size);
    const entries = readZip(wacz.rawPayload);
    expect([...entries.keys()]).toEqual(expect.arrayContaining(["archive/data.warc.gz", "indexes/index.cdx", "pages/pages.jsonl", "datapackage.json", "datapackage-digest.json"]));
    const screenshot = await t.call(CAPTURE_ENDPOINTS.file, { id: datas.id, file: "screenshot" }, { token: user.token });
    expect(screenshot.headers["content-type"]).toBe("image/png");
    expect(screenshot.rawPayload.toString()).toBe("PNG of http://127.0.0.1:9/news/1");

    expect(await allowance(user)).toMatchObject({ engine: { available: true, reason: null }, packageRemaining: 1, bundles: [], total: 1 });
    const [reservation] = await db().selectFrom("package_unit_reservations").selectAll().where("user_id", "=", user.id).execute();
    expect(reservation).toMatchObject({ state: "settled", source: "package" });
  });

  it("refuses a URL the policy refuses, without units, or with the engine unavailable, and creates nothing", async () => {
    const user = await newCustomer();
    const refusedUrl = await capture(user, "http://10.0.0.1/admin");
    expect(refusedUrl.code).toBe(CaptureCode.urlRefused);
    expect(refusedUrl.message).toContain("内网");

    const noUnits = await capture(user, "http://127.0.0.1:9/a");
    expect(noUnits).toMatchObject({ code: CaptureCode.noUnits, message: CAPTURE_MESSAGES.noUnits });

    await grantPackage(user, 1);
    const tooMany = await capture(user, "http://127.0.0.1:9/a\nhttp://127.0.0.1:9/b");
    expect(tooMany.code).toBe(CaptureCode.noUnits);

    double.setAvailable(false);
    try {
      const unavailable = await capture(user, "http://127.0.0.1:9/a");
      expect(unavailable.code).toBe(CaptureCode.engineUnavailable);
      expect((await allowance(user)).engine).toEqual({ available: false, reason: expect.stringContaining("chromium") });
    } finally {
      double.setAvailable(true);
    }
    expect(await capturesOf(user)).toEqual([]);
    expect(await allowance(user)).toMatchObject({ packageRemaining: 1, total: 1 });
  });

  it("charges a bundle's snapshots before the package", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    await buyBundle(user);
    const before = await allowance(user);
    expect(before).toMatchObject({ packageRemaining: 1, total: 11 });
    expect(before.bundles[0].remaining).toBe(10);
    const created = await capture(user, "http://127.0.0.1:9/bundle");
    expect(created.datas[0].chargedTo).toBe("bundle");
    await drained();
    expect(await allowance(user)).toMatchObject({ packageRemaining: 1, total: 10 });
  });

  it("a sub-account spends its main account's units on captures of its own", async () => {
    const owner = await newCustomer();
    await grantPackage(owner, 1);
    const { encryptPassword } = await encryptorFor(t);
    const account = String(nextMobile++);
    await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "取证专员", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() });
    const childId = (await services().accounts.records.findByAccount(account))!.id;
    const [record] = await services().capture.captures.create(childId, { name: "子账号取证", urls: ["http://127.0.0.1:9/child"], purpose: undefined });
    expect(record).toMatchObject({ chargedTo: "package", state: "queued" });
    await drained();
    expect((await services().capture.captures.detail(childId, record.id)).state).toBe("sealed");
    expect(await allowance(owner)).toMatchObject({ packageRemaining: 0, total: 0 });
    expect((await detail(owner, record.id)).code).toBe(404);
  });

  it("a failed capture gives its unit back; a retry reserves one again", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/fail")).datas;
    await drained();
    const failed = (await detail(user, record.id)).datas;
    expect(failed).toMatchObject({ state: "failed", failure: { code: "connectionFailed" } });
    expect(failed.failure.message).toContain("无法连接到该网站");
    expect((await allowance(user)).total).toBe(1);

    const retried = await call(CAPTURE_ENDPOINTS.retry, user, { id: record.id });
    expect(retried.datas).toMatchObject({ state: "queued", attempts: 0 });
    await drained();
    expect((await detail(user, record.id)).datas.state).toBe("failed");
    const reservations = await db().selectFrom("package_unit_reservations").select(["state", "reference"]).where("user_id", "=", user.id).orderBy("id").execute();
    expect(reservations).toEqual([
      { state: "released", reference: `${record.id}:0` },
      { state: "released", reference: `${record.id}:1` },
    ]);
    expect((await allowance(user)).total).toBe(1);
  });

  it("a capture QA flags waits for review; accepting seals it with the findings stated", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review")).datas;
    await drained();
    const flagged = (await detail(user, record.id)).datas;
    expect(flagged).toMatchObject({ state: "needsReview", qaFindings: [{ code: "errorStatus" }], certificateNo: null });
    const pdf = await t.call(CAPTURE_ENDPOINTS.file, { id: record.id, file: "pdf" }, { token: user.token });
    expect(pdf.rawPayload.toString()).toContain("%PDF");
    expect((await allowance(user)).total).toBe(0);

    const accepted = await call(CAPTURE_ENDPOINTS.accept, user, { id: record.id });
    expect(accepted.datas).toMatchObject({ state: "sealed", qaAccepted: true });
    const evidence = await services().evidence.findByCertificateNo(accepted.datas.certificateNo);
    expect(evidence!.details).toMatchObject({ qaAccepted: true, qaFindings: [{ code: "errorStatus", detail: "状态码 503" }] });
    expect((await call(CAPTURE_ENDPOINTS.accept, user, { id: record.id })).code).toBe(1001);
  });

  it("a capture awaiting review is shown and accepted by a process that did not capture it (the package waits in the shared store)", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/elsewhere")).datas;
    await drained();
    const packaged = await db().selectFrom("captures").select(["state", "package_sha256"]).where("id", "=", record.id).executeTakeFirstOrThrow();
    expect(packaged.state).toBe("needsReview");
    forgetLocalFiles(record.id);

    const pdf = await t.call(CAPTURE_ENDPOINTS.file, { id: record.id, file: "pdf" }, { token: user.token });
    expect(pdf.rawPayload.toString()).toContain("%PDF");
    forgetLocalFiles(record.id);
    const accepted = await call(CAPTURE_ENDPOINTS.accept, user, { id: record.id });
    expect(accepted.datas).toMatchObject({ state: "sealed", qaAccepted: true });
    const evidence = await services().evidence.findByCertificateNo(accepted.datas.certificateNo);
    expect(evidence).toMatchObject({ sha256: packaged.package_sha256 });
    // Sealed: the package is a blob now, and the waiting copy is gone.
    expect(await services().capture.packages.open(record.id)).toBeNull();
  });

  it("discarding a capture awaiting review gives the unit back; another user gets not found", async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/2")).datas;
    await drained();
    for (const endpoint of [CAPTURE_ENDPOINTS.one, CAPTURE_ENDPOINTS.accept, CAPTURE_ENDPOINTS.discard, CAPTURE_ENDPOINTS.retry]) {
      expect(await call(endpoint, other, { id: record.id })).toMatchObject({ code: 404, message: CAPTURE_MESSAGES.notFound });
    }
    expect((await t.call(CAPTURE_ENDPOINTS.file, { id: record.id, file: "wacz" }, { token: other.token })).json().code).toBe(404);
    expect((await call(CAPTURE_ENDPOINTS.progress, other, { ids: String(record.id) })).datas).toEqual([]);
    expect((await call(CAPTURE_ENDPOINTS.list, other, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(0);

    const discarded = await call(CAPTURE_ENDPOINTS.discard, user, { id: record.id });
    expect(discarded.datas).toMatchObject({ state: "failed", failure: { code: "discarded" } });
    expect((await allowance(user)).total).toBe(1);
    expect((await call(CAPTURE_ENDPOINTS.list, user, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(1);
  });

  it("a rights web capture is sealed as a web rights record with the work's facts", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const created = await call(CAPTURE_ENDPOINTS.createRightsWeb, user, { name: "我的文章", author: "张三", creationTime: Date.UTC(2026, 0, 1), url: "http://127.0.0.1:9/article" });
    expect(created.datas).toMatchObject({ target: "rightsWeb", state: "queued" });
    await drained();
    const sealed = (await detail(user, created.datas.id)).datas;
    const evidence = await services().evidence.findByCertificateNo(sealed.certificateNo);
    expect(evidence).toMatchObject({ kind: "rightsWeb" });
    expect(evidence!.details).toMatchObject({ author: "张三", capturedBy: "platform", url: "http://127.0.0.1:9/article" });
    expect((await call(CAPTURE_ENDPOINTS.list, user, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(0);
    expect((await call(CAPTURE_ENDPOINTS.totalList, user, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(1);
  });
});

/** Each page's text as pdftotext reads it (form feeds separate pages). */
function pdfPages(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "capture-certificate-"));
  try {
    fs.writeFileSync(path.join(folder, "certificate.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", path.join(folder, "certificate.pdf"), "-"], { encoding: "utf8" }).split("\f").filter((page) => page.trim() !== "");
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe("the certificate of a captured page", () => {
  it("keeps page 1 and adds 取证环境与过程 with the provenance, QA acceptance and package digests", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/certificate")).datas;
    await drained();
    const sealed = (await call(CAPTURE_ENDPOINTS.accept, user, { id: record.id })).datas;
    const response = await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(sealed.evidenceId) }, { token: user.token });
    expect(response.statusCode).toBe(200);
    const [first, second] = pdfPages(response.rawPayload);
    expect(first).toContain("电子数据存证证书");
    expect(first).toContain("网页快照取证");
    expect(first).not.toContain("取证环境与过程");
    const flat = second.replace(/\s+/g, " ");
    expect(flat).toContain("取证环境与过程");
    expect(flat).toContain("http://127.0.0.1:9/review/certificate");
    expect(flat).toContain("140.0.0.0");
    expect(flat).toContain("http://127.0.0.1:9 → 127.0.0.1");
    expect(flat).toContain("目标地址为内网、本机或保留地址：1 个");
    expect(flat).toContain("网页主文档返回了错误状态码（状态码 503）");
    expect(flat).toContain("持有人已确认上述发现并同意按现状存证");
    const detailed = (await detail(user, record.id)).datas;
    const warc = detailed.files.find((file: { path: string }) => file.path === "archive/data.warc.gz");
    expect(flat).toContain(warc.sha256);
    const evidence = await services().evidence.findByCertificateNo(sealed.certificateNo);
    expect(flat).toContain(String(evidence!.details.manifestSha256));
  });
});

describe("package units", () => {
  it("concurrent reserves never hand out more units than there are", async () => {
    const user = await newCustomer();
    await grantPackage(user, 3);
    await buyBundle(user);
    const units = services().purchase.units;
    const account = await units.accountOf(user.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => units.reserve(account, { service: "test", reference: `concurrent-${user.id}-${index}`, expiresAt: t.clock.now() + 60_000 })),
    );
    const held = outcomes.filter((outcome) => outcome.status === "fulfilled").map((outcome) => (outcome as PromiseFulfilledResult<{ source: string }>).value.source);
    expect(held.filter((source) => source === "bundle")).toHaveLength(10);
    expect(held.filter((source) => source === "package")).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(7);
    expect((await units.allowance(user.id)).total).toBe(0);
    // The same reference answers the same reservation.
    const again = await units.reserve(account, { service: "test", reference: `concurrent-${user.id}-0`, expiresAt: t.clock.now() + 60_000 });
    expect(again.state).toBe("reserved");
    // Expired reservations hand their units back.
    t.clock.advance(61_000);
    expect((await units.expireStale()).length).toBeGreaterThanOrEqual(13);
    expect((await units.allowance(user.id)).total).toBe(13);
    // Handing back a unit housekeeping already gave back changes nothing; spending it is refused.
    await units.release(again.id);
    expect((await units.allowance(user.id)).total).toBe(13);
    await expect(units.settle(again.id)).rejects.toThrow();
  });
});

describe("a restart", () => {
  it("resumes a capture a crash left running while it has attempts left, and abandons it after", async () => {
    const user = await newCustomer();
    await grantPackage(user, 2);
    const url = "http://127.0.0.1:9/hold/1";
    const held = double.whenHeld(url);
    const [record] = (await capture(user, url)).datas;
    await held;
    expect((await detail(user, record.id)).datas.state).toBe("running");

    // The next process starts with the row still running (attempt 1 of 3): it queues it again and runs it.
    double = captureDouble();
    t = await restartTestApp(t, { seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV });
    const resumedHeld = double.whenHeld(url);
    await resumedHeld;
    expect((await detail(user, record.id)).datas).toMatchObject({ state: "running", attempts: 2 });
    double.release(url);
    await drained();
    expect((await detail(user, record.id)).datas.state).toBe("sealed");

    // A row out of attempts is abandoned at start, and its unit goes back.
    const secondHeld = double.whenHeld("http://127.0.0.1:9/hold/2");
    const [second] = (await capture(user, "http://127.0.0.1:9/hold/2")).datas;
    await secondHeld;
    await db().updateTable("captures").set({ state: "running", attempts: 3 }).where("id", "=", second.id).execute();
    double = captureDouble();
    t = await restartTestApp(t, { seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV });
    const abandoned = (await detail(user, second.id)).datas;
    expect(abandoned).toMatchObject({ state: "failed", failure: { code: "interrupted" } });
    expect((await allowance(user)).total).toBe(1);
  });
});

describe("housekeeping and interrupted seals", () => {
  it("fails a capture left unreviewed past the review days and gives its unit back", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/late")).datas;
    await drained();
    expect(await services().capture.runner.expireReviews()).toBe(0);
    t.clock.advance(CAPTURE_REVIEW_DAYS * 24 * 60 * 60 * 1000);
    expect(await services().capture.runner.expireReviews()).toBeGreaterThanOrEqual(1);
    // A week on the session has ended: read the outcome through the services.
    const expired = await db().selectFrom("captures").select(["state", "failure_code"]).where("id", "=", record.id).executeTakeFirstOrThrow();
    expect(expired).toEqual({ state: "failed", failure_code: "reviewExpired" });
    expect((await services().purchase.units.allowance(user.id)).total).toBe(1);
  });

  it("a seal cut off before the package was stored is finished by a process on another machine, from the shared store", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/moved")).datas;
    await drained();
    // The state a worker killed mid-seal leaves: QA passed, sealing, the package waiting; the new process has none of its files.
    const row = await db().selectFrom("captures").selectAll().where("id", "=", record.id).executeTakeFirstOrThrow();
    const qa = { ...JSON.parse(row.qa_json!), passed: true, findings: [] };
    await db().updateTable("captures").set({ state: "running", stage: "sealing", qa_json: JSON.stringify(qa) }).where("id", "=", record.id).execute();
    forgetLocalFiles(record.id);

    double = captureDouble();
    t = await restartTestApp(t, { seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV });
    const sealed = (await detail(user, record.id)).datas;
    expect(sealed).toMatchObject({ state: "sealed" });
    expect(await services().evidence.findByCertificateNo(sealed.certificateNo)).toMatchObject({ sha256: row.package_sha256 });
    expect((await allowance(user)).total).toBe(0);
  });

  it("finishes at the next start a seal a crash cut off after the evidence was stored, storing and charging it once", async () => {
    const user = await newCustomer();
    await grantPackage(user, 1);
    const [record] = (await capture(user, "http://127.0.0.1:9/review/crash")).datas;
    await drained();
    // The state a crash leaves: QA passed, sealing, a certificate number chosen, the package a blob and its evidence stored.
    const row = await db().selectFrom("captures").selectAll().where("id", "=", record.id).executeTakeFirstOrThrow();
    const qa = { ...JSON.parse(row.qa_json!), passed: true, findings: [] };
    const certificateNo = services().evidence.newCertificateNo();
    const blob = await services().blobs.put(await waitingPackage(record.id));
    await db().updateTable("captures").set({ state: "running", stage: "sealing", qa_json: JSON.stringify(qa), certificate_no: certificateNo, package_blob: blob }).where("id", "=", record.id).execute();
    const evidenceId = await services().evidence.savePlatformContent(user.id, { kind: "snapshot", certificateNo, name: row.name, size: Number(row.package_bytes), sha256: row.package_sha256!, sm3: row.package_sm3!, blobSha256: blob, details: {} });

    double = captureDouble();
    t = await restartTestApp(t, { seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV });
    const sealed = (await detail(user, record.id)).datas;
    expect(sealed).toMatchObject({ state: "sealed", evidenceId, certificateNo });
    const records = await db().selectFrom("evidence_records").select("id").where("holder_user_id", "=", user.id).execute();
    expect(records).toHaveLength(1);
    const reservations = await db().selectFrom("package_unit_reservations").select("state").where("user_id", "=", user.id).execute();
    expect(reservations).toEqual([{ state: "settled" }]);
    expect((await allowance(user)).total).toBe(0);
  });
});
