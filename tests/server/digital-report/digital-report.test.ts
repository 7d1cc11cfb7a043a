import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS } from "../../../src/schema/capture.js";
import { CERTIFICATE_ENDPOINTS } from "../../../src/schema/certificate.js";
import { webapiPath } from "../../../src/schema/contract.js";
import {
  DIGITAL_REPORT_DAILY_LIMIT,
  DIGITAL_REPORT_ENDPOINTS,
  DIGITAL_REPORT_MESSAGES,
  DigitalReportCode,
  type DigitalReportDetail,
  type DigitalReportItem,
} from "../../../src/schema/digital-report.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../../src/schema/evidence.js";
import { readPdfAttachments } from "../../../src/verification/pdf-attachments.js";
import { captureDouble } from "../support/capture-double.js";
import { postMultipart } from "../support/multipart.js";
import { startOpensslTsa, type OpensslTsa } from "../support/openssl-tsa.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/**
 * The digital report through the real app (both databases): every check of a file, a text, a hash
 * and a captured page, re-run on what is stored; a changed stored byte fails its digest check; the
 * report is itself evidence whose certificate the offline verifier accepts, and refuses once one
 * byte of the report changes.
 */
const VERIFIER = path.resolve(import.meta.dirname, "../../../bin/hengzheng-verify.mjs");
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "digital-report-"));
const double = captureDouble();

let t: TestApp;
let tsa: OpensslTsa;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let evidence: { file: number; text: number; hash: number; snapshot: number };
let report: DigitalReportDetail;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: RegisteredUser) => (await t.call(endpoint, params, { token: user.token })).json();
const createReport = (user: RegisteredUser, evidenceIds: number[], extra: Record<string, unknown> = {}) => call(DIGITAL_REPORT_ENDPOINTS.create, { evidenceIds, ...extra }, user);
const statusesOf = (item: DigitalReportItem) => Object.fromEntries(item.checks.map((check) => [check.id, check.status]));
const download = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: RegisteredUser) => {
  const response = await t.call(endpoint, params, { token: user.token });
  expect(response.headers["content-type"]).toContain("application/pdf");
  return response.rawPayload;
};

/** `node bin/hengzheng-verify.mjs verify …` as a court runs it: the exit code and what it printed. */
function verifyOffline(...files: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(process.execPath, [VERIFIER, "verify", ...files], { encoding: "utf8" }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Flips one byte of a stored blob in place (what a tampered disk or a rogue operator would do), and answers how to undo it. */
async function flipStoredByte(sha256: string, at: number): Promise<() => void> {
  const file = (await t.app.services.blobs.localPath(sha256))!;
  fs.chmodSync(file, 0o644);
  const bytes = fs.readFileSync(file);
  const original = bytes[at];
  bytes[at] = original ^ 0x01;
  fs.writeFileSync(file, bytes);
  return () => {
    bytes[at] = original;
    fs.writeFileSync(file, bytes);
  };
}

beforeAll(async () => {
  // A real RFC 3161 TSA (OpenSSL's) time-stamps each checkpoint, as TSA_URL does in production.
  tsa = await startOpensslTsa();
  t = await createTestApp({ seedDemo: false, capture: { engine: double.engine }, env: { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9", TSA_URL: tsa.url, TSA_CA_FILE: tsa.caFile } });
  owner = await registerUser(t, "13790000001");
  stranger = await registerUser(t, "13790000002");
  const file = await postMultipart(t, webapiPath(EVIDENCE_KIND_ENDPOINTS.file.create), { name: "租赁合同" }, {
    token: owner.token,
    files: [{ name: "file", filename: "contract.txt", contentType: "text/plain", content: Buffer.from("甲方与乙方签订的租赁合同全文".repeat(20)) }],
  });
  const text = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "聊天记录", content: "第一行\n第二行" }, owner);
  const hash = await call(EVIDENCE_KIND_ENDPOINTS.hash.create, { name: "设计稿摘要", fileName: "design.psd", size: 1024, sha256: "a".repeat(64), sm3: "b".repeat(64) }, owner);
  await t.database.handle.db.insertInto("package_counts").values({ user_id: owner.id, product_code: "30001", purchased_count: 1, remaining_count: 1, updated_at: t.clock.now() }).execute();
  const captured = await call(CAPTURE_ENDPOINTS.create, { name: "侵权页面", urls: "http://127.0.0.1:9/news/1" }, owner);
  await t.app.services.capture.queue.idle();
  const capture = await call(CAPTURE_ENDPOINTS.one, { id: captured.datas[0].id }, owner);
  const snapshot = await t.app.services.evidence.findByCertificateNo(capture.datas.certificateNo);
  evidence = { file: file.json().datas[0].id, text: text.datas.id, hash: hash.datas.id, snapshot: snapshot!.id };
  // The in-process witness cosigns, and the TSA time-stamps, each checkpoint as it comes.
  await t.app.services.chain.idle();
  const created = await createReport(owner, [evidence.file, evidence.text, evidence.hash, evidence.snapshot], { name: "诉讼用检验报告", purpose: "提交某某法院" });
  expect(created).toMatchObject({ code: 200 });
  report = created.datas;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await tsa?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe("a report over stored evidence", () => {
  it("passes every check of a file, a text, a hash and a captured page", () => {
    expect(report).toMatchObject({ name: "诉讼用检验报告", purpose: "提交某某法院", evidenceCount: 4, failedCount: 0, verdict: "pass" });
    const [file, text, hash, snapshot] = report.items;
    for (const item of report.items) {
      expect(item.verdict).toBe("pass");
      expect(item.checks.filter((check) => check.status === "fail")).toEqual([]);
      expect(statusesOf(item)).toMatchObject({
        "record-entry": "pass",
        "file-sha256": "pass",
        "file-sm3": "pass",
        "entry-format": "pass",
        "certificate-no": "pass",
        "leaf-hash": "pass",
        "checkpoint-signature": "pass",
        inclusion: "pass",
        "issued-consistency": "pass",
        "witness-cosignatures": "pass",
        "tsa-token": "pass",
      });
    }
    expect(file.checks.find((check) => check.id === "tsa-token")!.reason).toContain(tsa.url);
    expect(file.checks.find((check) => check.id === "file-sha256")!.name).toContain("由存储的数据重新计算");
    expect(text.kind).toBe("text");
    // A hash evidence holds only the digest: the check compares the record's digest with the entry's, and says so.
    expect(hash.checks.find((check) => check.id === "file-sha256")!.reason).toContain("只保存了摘要");
    expect(hash.facts).toContainEqual({ label: "保存方式", value: expect.stringContaining("仅保存摘要") });
    expect(statusesOf(snapshot)).toMatchObject({ "wacz-structure": "pass", "wacz-manifest": "pass", "wacz-files": "pass", "capture-provenance": "pass", "capture-qa": "pass" });
    expect(snapshot.facts.map((fact) => fact.label)).toContain("取证网址");
    expect(report.items.map((item) => item.evidenceId)).toEqual([evidence.file, evidence.text, evidence.hash, evidence.snapshot]);
  });

  it("is listed, shown and downloaded by its owner only; its PDF embeds each entry and proof, and is itself stored evidence", async () => {
    const list = await call(DIGITAL_REPORT_ENDPOINTS.list, { pageNumber: 1, pageSize: 10 }, owner);
    expect(list.datas).toMatchObject({ totalRow: 1, list: [{ id: report.id, certificateNo: report.certificateNo, verdict: "pass" }] });
    expect((await call(DIGITAL_REPORT_ENDPOINTS.list, { pageNumber: 1, pageSize: 10 }, stranger)).datas.totalRow).toBe(0);
    expect(await call(DIGITAL_REPORT_ENDPOINTS.one, { id: report.id }, stranger)).toMatchObject({ code: 404, message: DIGITAL_REPORT_MESSAGES.notFound });
    expect(await call(DIGITAL_REPORT_ENDPOINTS.download, { id: report.id }, stranger)).toMatchObject({ code: 404 });
    expect((await call(DIGITAL_REPORT_ENDPOINTS.one, { id: report.id }, owner)).datas).toEqual(report);

    const pdf = await download(DIGITAL_REPORT_ENDPOINTS.download, { id: report.id }, owner);
    const attachments = await readPdfAttachments(pdf);
    const stored = await t.app.services.evidence.findByCertificateNo(report.items[0].certificateNo);
    expect(new TextDecoder().decode(attachments.get(`${stored!.certificateNo}.evidence-entry.json`))).toBe(stored!.entryJson);
    expect(attachments.get(`${stored!.certificateNo}.tlog-proof`)).toBeDefined();
    expect(JSON.parse(new TextDecoder().decode(attachments.get("digital-report.json")))).toMatchObject({ reportNo: report.certificateNo, verdict: "pass", items: report.items });

    const own = await t.app.services.evidence.findByCertificateNo(report.certificateNo);
    expect(own).toMatchObject({ id: report.evidenceId, kind: "digitalReport", status: "stored", holderUserId: owner.id, size: pdf.length, sha256: report.sha256 });
    // A report is evidence like any other: a later report checks it, and the evidence it embeds.
    const [again] = (await createReport(owner, [report.evidenceId])).datas.items as DigitalReportItem[];
    expect(statusesOf(again)).toMatchObject({ "file-sha256": "pass", inclusion: "pass", "report-document": "pass", "report-items": "pass" });
  });

  it("verifies offline with the report's certificate, and fails once one byte of the report changes", async () => {
    const pdf = await download(DIGITAL_REPORT_ENDPOINTS.download, { id: report.id }, owner);
    const certificate = await download(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(report.evidenceId) }, owner);
    const certificateFile = path.join(tempDir, "证书.pdf");
    const reportFile = path.join(tempDir, "数据检验报告.pdf");
    fs.writeFileSync(certificateFile, certificate);
    fs.writeFileSync(reportFile, pdf);
    const passed = verifyOffline(certificateFile, reportFile);
    expect(passed.output).toContain("结论：核验通过。");
    expect(passed.output).toContain("报告内嵌的证据记录与包含证明");
    expect(passed.status).toBe(0);

    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    const changedFile = path.join(tempDir, "改动的报告.pdf");
    fs.writeFileSync(changedFile, changed);
    const failed = verifyOffline(certificateFile, changedFile);
    expect(failed.output).toContain("✘ 不通过  文件 SHA-256 摘要与证据记录一致");
    expect(failed.status).toBe(1);
  });
});

describe("what a report refuses or finds", () => {
  it("says 不通过 for the digest of a stored file whose byte changed, and for the report's verdict", async () => {
    const record = (await t.app.services.evidence.getForHolder(owner.id, evidence.file))!;
    const restore = await flipStoredByte(record.blobSha256!, 3);
    try {
      const created = await createReport(owner, [evidence.text, evidence.file]);
      expect(created.datas).toMatchObject({ verdict: "fail", failedCount: 1, evidenceCount: 2 });
      const [text, file] = created.datas.items as DigitalReportItem[];
      expect(text.verdict).toBe("pass");
      expect(file.verdict).toBe("fail");
      expect(statusesOf(file)).toMatchObject({ "file-sha256": "fail", "file-sm3": "fail", "record-entry": "pass", inclusion: "pass" });
      expect(file.checks.find((check) => check.id === "file-sha256")!.reason).toContain("不一致");
    } finally {
      restore();
    }
  });

  it("says 不通过 for a time-stamp token whose stored byte changed", async () => {
    const text = (await t.app.services.evidence.getForHolder(owner.id, evidence.text))!;
    const covering = await t.app.services.chain.timestampFor(text.ledgerIndex! + 1);
    if (covering.kind !== "tsa") throw new Error("the text's checkpoint has no time-stamp");
    const db = t.database.handle.db;
    const row = await db.selectFrom("ledger_timestamps").select("token").where("tree_size", "=", covering.treeSize).executeTakeFirstOrThrow();
    const changed = Buffer.from(row.token);
    changed[changed.length - 1] ^= 0x01;
    await db.updateTable("ledger_timestamps").set({ token: changed }).where("tree_size", "=", covering.treeSize).execute();
    try {
      const created = await createReport(owner, [evidence.text]);
      const [item] = created.datas.items as DigitalReportItem[];
      expect(statusesOf(item)).toMatchObject({ "tsa-token": "fail", "file-sha256": "pass", inclusion: "pass" });
      expect(created.datas.verdict).toBe("fail");
    } finally {
      await db.updateTable("ledger_timestamps").set({ token: Buffer.from(row.token) }).where("tree_size", "=", covering.treeSize).execute();
    }
  });

  it("says 不通过 for a witness cosignature that no longer verifies", async () => {
    const db = t.database.handle.db;
    const rows = await db.selectFrom("ledger_cosignatures").selectAll().execute();
    // `— <name> <base64 key id ‖ timestamp ‖ signature>`: one bit of each signature flipped, the line still well formed.
    const forged = (line: string) => {
      const [dash, name, encoded] = line.trimEnd().split(" ");
      const bytes = Buffer.from(encoded, "base64");
      bytes[bytes.length - 1] ^= 0x01;
      return `${dash} ${name} ${bytes.toString("base64")}\n`;
    };
    for (const row of rows) await db.updateTable("ledger_cosignatures").set({ line: forged(row.line) }).where("tree_size", "=", row.tree_size).where("witness_name", "=", row.witness_name).execute();
    try {
      const created = await createReport(owner, [evidence.text]);
      const [item] = created.datas.items as DigitalReportItem[];
      expect(statusesOf(item)).toMatchObject({ "witness-cosignatures": "fail", inclusion: "pass" });
      expect(item.checks.find((check) => check.id === "witness-cosignatures")!.reason).toContain("联署签名无效");
    } finally {
      for (const row of rows) await db.updateTable("ledger_cosignatures").set({ line: row.line }).where("tree_size", "=", row.tree_size).where("witness_name", "=", row.witness_name).execute();
    }
  });

  it("refuses another user's evidence, an empty, oversized or repeated choice, and creates nothing", async () => {
    const before = await t.database.handle.db.selectFrom("digital_reports").select("id").execute();
    expect(await createReport(stranger, [evidence.text])).toMatchObject({ code: 404, message: DIGITAL_REPORT_MESSAGES.unknownItems });
    expect(await createReport(owner, [evidence.text, 999_999])).toMatchObject({ code: 404, message: DIGITAL_REPORT_MESSAGES.unknownItems });
    expect((await createReport(owner, [])).message).toBe(DIGITAL_REPORT_MESSAGES.noItems);
    expect((await createReport(owner, Array.from({ length: 51 }, (_, i) => i + 1))).message).toBe(DIGITAL_REPORT_MESSAGES.tooManyItems);
    expect((await createReport(owner, [evidence.text, evidence.text])).message).toBe(DIGITAL_REPORT_MESSAGES.duplicateItems);
    expect(await t.database.handle.db.selectFrom("digital_reports").select("id").execute()).toEqual(before);
  });

  it(`allows ${DIGITAL_REPORT_DAILY_LIMIT} reports a day per user, with a Chinese message, and again the next day`, async () => {
    const user = await registerUser(t, "13790000003");
    const text = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "便签", content: "内容" }, user);
    const first = await createReport(user, [text.datas.id]);
    expect(first.code).toBe(200);
    // The rest of the day's allowance, as rows the earlier reports would have left.
    const row = await t.database.handle.db.selectFrom("digital_reports").selectAll().where("id", "=", first.datas.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    for (let i = 1; i < DIGITAL_REPORT_DAILY_LIMIT; i += 1) {
      await t.database.handle.db.insertInto("digital_reports").values({ ...copy, certificate_no: `${row.certificate_no}-${i}` }).execute();
    }
    expect(await createReport(user, [text.datas.id])).toMatchObject({ code: DigitalReportCode.dailyLimit, message: DIGITAL_REPORT_MESSAGES.dailyLimit });
    // Issued yesterday (Shanghai time), they no longer count.
    await t.database.handle.db.updateTable("digital_reports").set({ created_at: t.clock.now() - 24 * 60 * 60 * 1000 }).where("user_id", "=", user.id).execute();
    expect((await createReport(user, [text.datas.id])).code).toBe(200);
  });
});
