import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultCode } from "../../../src/schema/envelope.js";
import { parseMonitorReportEntry } from "../../../src/schema/monitor-report-entry.js";
import { MONITOR_ENDPOINTS, MONITOR_MESSAGES } from "../../../src/schema/monitor.js";
import { QUERY_DATE_MESSAGE, TIME_RANGE_MESSAGE } from "../../../src/schema/time-range.js";
import { captureDouble } from "../support/capture-double.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { hitInput, hitsModule, imageVerdict, insertMonitorTask, type MonitorWorld } from "./fixtures.js";

/**
 * Monitoring reports: the PDF (read back with pdftotext) lists the period's hits with the
 * certificate numbers of their evidence; its SHA-256 is on the ledger as a monitorReport entry,
 * equal to the digest of the downloaded file; bad periods change nothing.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
const double = captureDouble();
const mounted = hitsModule();
const appOptions = { seedDemo: false, capture: { engine: double.engine }, env: { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9" }, modules: [mounted.plugin] };
let owner: RegisteredUser;
let text: MonitorWorld;
let periodStart: number;

const db = () => t.database.handle.db;
const call = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
const record = (world: MonitorWorld, page: Parameters<typeof hitInput>[2]) => mounted.services().recorder.record(hitInput(world, owner.id, page));
const reportRows = () => db().selectFrom("monitor_reports").selectAll().where("user_id", "=", owner.id).orderBy("id").execute();

function pdfText(pdf: Buffer): string {
  const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "monitor-report-"));
  try {
    fs.writeFileSync(path.join(folder, "r.pdf"), pdf);
    return execFileSync("pdftotext", ["-raw", path.join(folder, "r.pdf"), "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp(appOptions);
  owner = await registerUser(t, "13780000001");
  text = await insertMonitorTask(t, owner.id, { name: "散文原创监测", siteName: "文学站" });
  const picture = await insertMonitorTask(t, owner.id, { channel: "picture", siteName: "图片站" });
  periodStart = t.clock.now();
  // Before the period: not in the report.
  t.clock.set(periodStart - 2 * DAY_MS);
  await record(text, { url: "http://127.0.0.1:9/old/1", title: "期间之前的转载", autoCapture: false });
  t.clock.set(periodStart + 1000);
  await record(text, { url: "http://127.0.0.1:9/copy/essay", title: "转载散文甲" });
  await record(text, { url: "http://127.0.0.1:9/copy/other", title: "转载散文乙", autoCapture: false });
  await record(picture, { url: "http://127.0.0.1:9/copy/photo", title: "图片频道的结果", verdict: imageVerdict() });
  await t.app.services.capture.queue.idle();
  t.clock.advance(60_000);
});
afterAll(async () => t?.close());

describe("a monitoring report", () => {
  it("lists the period's hits with their certificate numbers, and its digest on the ledger equals the downloaded file's", async () => {
    const created = await call(MONITOR_ENDPOINTS.createReport, owner, { channel: "text", startTime: periodStart, endTime: t.clock.now() });
    expect(created.code).toBe(200);
    expect(created.datas).toMatchObject({ channel: "text", taskCount: 1, hitCount: 2, evidenceCount: 1, periodStart, periodEnd: t.clock.now() });
    await mounted.services().reports.entries.idle();

    const listed = await call(MONITOR_ENDPOINTS.reports, owner, { pageNumber: 1, pageSize: 10 });
    const [row] = listed.datas.list;
    expect(row).toMatchObject({ id: created.datas.id, reportNo: created.datas.reportNo, ledgerIndex: expect.any(Number) });

    const download = await t.call(MONITOR_ENDPOINTS.downloadReport, { id: row.id }, { token: owner.token });
    expect(download.headers["content-type"]).toBe("application/pdf");
    const file = download.rawPayload;
    const digest = createHash("sha256").update(file).digest("hex");
    expect(row.sha256).toBe(digest);
    const entry = parseMonitorReportEntry(Buffer.from((await t.app.services.ledger.entry(row.ledgerIndex))!).toString("utf8"));
    expect(entry).toMatchObject({ kind: "monitorReport", report: row.reportNo, sha256: digest, channel: "text", hits: 2, evidence: 1, periodStart });

    const stored = await db().selectFrom("monitor_hits").selectAll().where("task_id", "=", text.taskId).where("evidence_state", "=", "stored").executeTakeFirstOrThrow();
    const words = pdfText(file);
    const flat = words.replace(/\s+/g, "");
    for (const expected of ["全网监测报告", row.reportNo, "文字监测", text.taskNo, "散文原创监测", "文学站", "转载散文甲", "转载散文乙", "http://127.0.0.1:9/copy/essay", stored.certificate_no!, "未取证", "核验方法", "/info/certificate"]) {
      expect(flat).toContain(expected.replace(/\s+/g, ""));
    }
    expect(flat).not.toContain("期间之前的转载");
    expect(flat).not.toContain("图片频道的结果");
  });

  it("makes a new report with its own number each time, even for the same period", async () => {
    const before = (await reportRows()).length;
    const params = { channel: "text", startTime: periodStart, endTime: t.clock.now() };
    const first = await call(MONITOR_ENDPOINTS.createReport, owner, params);
    const second = await call(MONITOR_ENDPOINTS.createReport, owner, params);
    expect(first.datas.reportNo).not.toBe(second.datas.reportNo);
    expect(await reportRows()).toHaveLength(before + 2);
    await mounted.services().reports.entries.idle();
  });

  it("refuses a period that starts after it ends or in the future, creating nothing", async () => {
    const before = (await reportRows()).length;
    const now = t.clock.now();
    expect(await call(MONITOR_ENDPOINTS.createReport, owner, { channel: "text", startTime: now, endTime: now - DAY_MS })).toMatchObject({ code: ResultCode.validationFailed, message: TIME_RANGE_MESSAGE.startAfterStop });
    expect(await call(MONITOR_ENDPOINTS.createReport, owner, { channel: "text", startTime: now + DAY_MS, endTime: now + 2 * DAY_MS })).toMatchObject({ code: ResultCode.validationFailed, message: QUERY_DATE_MESSAGE.future });
    expect((await call(MONITOR_ENDPOINTS.createReport, owner, { channel: "radio", startTime: 0, endTime: now })).code).toBe(ResultCode.validationFailed);
    expect(await reportRows()).toHaveLength(before);
  });

  it("is the owner's only", async () => {
    const stranger = await registerUser(t, "13780000002");
    const [row] = await reportRows();
    expect((await call(MONITOR_ENDPOINTS.reports, stranger, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(0);
    expect(await call(MONITOR_ENDPOINTS.downloadReport, stranger, { id: row.id })).toMatchObject({ code: ResultCode.notFound, message: MONITOR_MESSAGES.reportNotFound });
  });

  it("records a report's ledger index at the next start when a crash came between the append and its record, appending it once", async () => {
    const [row] = await reportRows();
    const index = Number(row.ledger_index);
    const size = (await t.app.services.ledger.latestCheckpoint())!.treeSize;
    await db().updateTable("monitor_reports").set({ ledger_index: null }).where("id", "=", row.id).execute();
    t = await restartTestApp(t, appOptions);
    expect(Number((await reportRows())[0].ledger_index)).toBe(index);
    expect((await t.app.services.ledger.latestCheckpoint())!.treeSize).toBe(size);
  });
});
