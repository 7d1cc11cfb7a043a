import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS, CAPTURE_FAILURES } from "../../../src/schema/capture.js";
import { MONITOR_ENDPOINTS, MONITOR_MESSAGES, MonitorCode } from "../../../src/schema/monitor.js";
import { captureDouble } from "../support/capture-double.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { hitInput, hitsModule, imageVerdict, insertMonitorTask, type MonitorWorld } from "./fixtures.js";

/**
 * Hits and their web evidence: the recorder's idempotence, the capture of a hit's page (no package
 * unit, sealed even with QA findings), what the hit learns when the capture ends, and the start-up
 * reconciliation after a crash. The capture engine is the test double (a real WARC, the real
 * packager and sealing): a real browser is not what these tests are about (the end-to-end test is).
 */
const CAPTURE_ENV = { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9" };
let t: TestApp;
const double = captureDouble();
const hits = hitsModule();
let nextMobile = 13760000001;

const db = () => t.database.handle.db;
const drained = () => t.app.services.capture.queue.idle();
const newCustomer = () => registerUser(t, String(nextMobile++));
const call = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
const hitRows = (world: MonitorWorld) => db().selectFrom("monitor_hits").selectAll().where("task_id", "=", world.taskId).orderBy("id").execute();
const captureOf = (id: number) => db().selectFrom("captures").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const appOptions = { seedDemo: false, capture: { engine: double.engine }, env: CAPTURE_ENV, modules: [hits.plugin] };

beforeAll(async () => {
  t = await createTestApp(appOptions);
});
afterAll(async () => t?.close());

describe("recording a hit", () => {
  it("is idempotent per page, work and match type: a page found again is not a second hit", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id, { autoCapture: false });
    const page = { url: "http://127.0.0.1:9/copy/1", autoCapture: false };
    expect(await hits.services().recorder.record(hitInput(world, user.id, page))).toEqual({ created: true });
    t.clock.advance(3_600_000);
    expect(await hits.services().recorder.record(hitInput(world, user.id, { ...page, title: "又一次抓到" }))).toEqual({ created: false });
    // The same page matching another way is another hit.
    expect(await hits.services().recorder.record(hitInput(world, user.id, { ...page, verdict: imageVerdict() }))).toEqual({ created: true });
    const rows = await hitRows(world);
    expect(rows.map((row) => [row.url, row.match_type, row.title, row.evidence_state])).toEqual([
      [page.url, "text", "转载：山间晨雾", "none"],
      [page.url, "image", "转载：山间晨雾", "none"],
    ]);
    expect(await db().selectFrom("captures").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("captures the page at once without spending a package unit, and the hit takes the evidence and its certificate", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id, { workName: "山间晨雾" });
    expect((await call(CAPTURE_ENDPOINTS.allowance, user)).datas.total).toBe(0);
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/copy/2" }));
    const [capturing] = await hitRows(world);
    expect(capturing.evidence_state).toBe("capturing");
    const capture = await captureOf(capturing.capture_id!);
    expect(capture).toMatchObject({ target: "monitor", charged_to: "monitoring", unit_reservation_id: null, url: "http://127.0.0.1:9/copy/2" });
    await drained();

    const [stored] = await hitRows(world);
    const sealed = await captureOf(capturing.capture_id!);
    expect(sealed.state).toBe("sealed");
    expect(stored).toMatchObject({ evidence_state: "stored", evidence_id: sealed.evidence_id, certificate_no: sealed.certificate_no, evidence_failure: null });
    const evidence = await t.app.services.evidence.findByCertificateNo(stored.certificate_no!);
    expect(evidence).toMatchObject({ kind: "snapshot", status: "stored" });
    // The evidence says where it came from: the task's number and the matched work.
    expect(evidence!.details).toMatchObject({ capturedBy: "monitoring", purpose: expect.stringContaining(world.taskNo) });
    expect(String((evidence!.details as { purpose: string }).purpose)).toContain("《山间晨雾》");
    expect((await call(CAPTURE_ENDPOINTS.allowance, user)).datas.total).toBe(0);

    const { datas } = await call(MONITOR_ENDPOINTS.hit, user, { id: stored.id });
    expect(datas).toMatchObject({ evidenceState: "stored", evidenceId: sealed.evidence_id, certificateNo: sealed.certificate_no, captureId: sealed.id, taskNo: world.taskNo, workName: "山间晨雾" });
  });

  it("seals a page whose QA found something, the findings stated and no acceptance claimed (nobody is there to review)", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id);
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/review/3" }));
    await drained();
    const [hit] = await hitRows(world);
    expect(hit.evidence_state).toBe("stored");
    const capture = await captureOf(hit.capture_id!);
    expect(capture).toMatchObject({ state: "sealed", qa_accepted: 0 });
    const evidence = await t.app.services.evidence.findByCertificateNo(hit.certificate_no!);
    expect(evidence!.details).toMatchObject({ qaAccepted: false, qaFindings: [expect.objectContaining({ code: "errorStatus" })] });
  });

  it("says why the capture failed, and a retry captures afresh; a stored evidence is not retried", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id);
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/fail/4" }));
    await drained();
    const [failed] = await hitRows(world);
    expect(failed).toMatchObject({ evidence_state: "failed", evidence_id: null, certificate_no: null });
    const detail = (await call(MONITOR_ENDPOINTS.hit, user, { id: failed.id })).datas;
    expect(detail.evidenceFailure).toBe(`${CAPTURE_FAILURES.connectionFailed}（ECONNREFUSED）`);

    // Retried from the captures page, a monitoring capture queues again without a unit; the hit follows its outcome.
    const again = await call(CAPTURE_ENDPOINTS.retry, user, { id: failed.capture_id });
    expect(again.datas).toMatchObject({ state: "queued", chargedTo: "monitoring" });
    expect((await captureOf(failed.capture_id!)).unit_reservation_id).toBeNull();
    await drained();
    expect((await hitRows(world))[0]).toMatchObject({ evidence_state: "failed", capture_id: failed.capture_id });

    const retried = await call(MONITOR_ENDPOINTS.retryHitEvidence, user, { id: failed.id });
    expect(retried.datas).toMatchObject({ evidenceState: "capturing", evidenceFailure: null });
    expect(retried.datas.captureId).not.toBe(failed.capture_id);
    await drained();
    expect((await hitRows(world))[0].evidence_state).toBe("failed");

    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/copy/5" }));
    await drained();
    const stored = (await hitRows(world))[1];
    expect(stored.evidence_state).toBe("stored");
    const refused = await call(MONITOR_ENDPOINTS.retryHitEvidence, user, { id: stored.id });
    expect(refused).toMatchObject({ code: MonitorCode.hitRefused, message: MONITOR_MESSAGES.hitEvidenceNotFailed });
    expect((await hitRows(world))[1]).toMatchObject({ evidence_state: "stored", capture_id: stored.capture_id });
  });

  it("records the capture's refusal on the hit when the address may not be captured (nothing is created)", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id);
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://192.168.1.1/copy" }));
    const [hit] = await hitRows(world);
    expect(hit).toMatchObject({ evidence_state: "failed", capture_id: null });
    expect(hit.evidence_failure).toContain(CAPTURE_FAILURES.addressRefused);
    expect(await db().selectFrom("captures").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("waits for the owner without automatic capture, and confirming starts the capture", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id, { autoCapture: false });
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/copy/6", autoCapture: false }));
    const [waiting] = await hitRows(world);
    expect(waiting).toMatchObject({ evidence_state: "none", capture_id: null });
    const confirmed = await call(MONITOR_ENDPOINTS.confirmHit, user, { id: waiting.id, note: "确认为未经授权的转载" });
    expect(confirmed.datas).toMatchObject({ review: "confirmed", evidenceState: "capturing", reviewNote: "确认为未经授权的转载" });
    await drained();
    expect((await call(MONITOR_ENDPOINTS.hit, user, { id: waiting.id })).datas).toMatchObject({ evidenceState: "stored", certificateNo: expect.any(String) });
  });

  it("shows a monitor capture among the holder's captures, charged to monitoring", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id);
    await hits.services().recorder.record(hitInput(world, user.id, { url: "http://127.0.0.1:9/copy/7" }));
    await drained();
    const all = (await call(CAPTURE_ENDPOINTS.totalList, user, { pageNumber: 1, pageSize: 10 })).datas.list;
    expect(all).toEqual([expect.objectContaining({ target: "monitor", chargedTo: "monitoring", state: "sealed" })]);
    expect((await call(CAPTURE_ENDPOINTS.list, user, { pageNumber: 1, pageSize: 10 })).datas.list).toEqual([]);
  });
});

describe("start-up reconciliation", () => {
  it("updates a hit whose capture ended while nobody listened, and captures a hit a crash left without a capture", async () => {
    const user = await newCustomer();
    const world = await insertMonitorTask(t, user.id);
    // A capture that ended before its hit learned of it (a crash after the capture's commit):
    const capture = await t.app.services.capture.captures.createForMonitor(user.id, { url: "http://127.0.0.1:9/copy/8", name: "转载", purpose: "全网监测" });
    await drained();
    const base = { task_id: world.taskId, user_id: user.id, site_id: world.siteId, run_id: world.runId, work_id: world.workId, channel: "text", title: "转载", author: null, publish_at: null, found_at: t.clock.now(), match_type: "text", score: 90, match_json: JSON.stringify({ kind: "keyword", keywords: ["晨雾"], snippets: ["晨雾"] }), review: "pending", review_note: null, reviewed_at: null, evidence_id: null, certificate_no: null, evidence_failure: null, evidence_state: "capturing" };
    await db().insertInto("monitor_hits").values({ ...base, url: "http://127.0.0.1:9/copy/8", hit_key: "a".repeat(64), capture_id: capture.id }).execute();
    // A hit a crash left capturing before its capture was created:
    await db().insertInto("monitor_hits").values({ ...base, url: "http://127.0.0.1:9/copy/9", hit_key: "b".repeat(64), capture_id: null }).execute();

    t = await restartTestApp(t, appOptions);
    await drained();
    const [ended, orphan] = await hitRows(world);
    const sealed = await captureOf(capture.id);
    expect(ended).toMatchObject({ evidence_state: "stored", evidence_id: sealed.evidence_id, certificate_no: sealed.certificate_no });
    expect(orphan).toMatchObject({ evidence_state: "stored", capture_id: expect.any(Number) });
    expect((await captureOf(orphan.capture_id!)).url).toBe("http://127.0.0.1:9/copy/9");
  });
});
