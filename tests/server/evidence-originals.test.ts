import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvidenceLedgerWriter } from "../../server/modules/evidence/evidence-ledger-writer.js";
import { EvidenceRepository } from "../../server/modules/evidence/evidence.repository.js";
import { AFFAIR_MANIFEST_FORMAT, AffairManifestSchema } from "../../src/schema/affair-manifest.js";
import { affairContent, parseEvidenceEntry } from "../../src/schema/evidence-entry.js";
import { webapiPath, type Endpoint } from "../../src/schema/contract.js";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { EVIDENCE_ENDPOINTS, EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS as E, EXTRACTION_ENDPOINTS as X } from "../../src/schema/evidence-library.js";
import { readCertificatePdf } from "../../src/verification/certificate-file.js";
import { verifyCertificate } from "../../src/verification/certificate-checks.js";
import { solveCaptcha } from "./support/login-client.js";
import { postMultipart, type FilePart } from "./support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { readZip } from "./support/zip-reader.js";

/**
 * Originals that come back whole (issue 11): a download keeps the uploaded file's own name and
 * extension, a voucher's attachments are downloadable and packed, an affair's original is a
 * readable manifest, and an affair takes more children later without its own record changing.
 */

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const sm3 = (bytes: Buffer | string) => createHash("sm3").update(bytes).digest("hex");
const part = (filename: string, content: Buffer, name = "file"): FilePart => ({ name, filename, contentType: "application/octet-stream", content });
/** The file name a browser saves a download under: filename* (RFC 8187) first. */
const savedName = (disposition: unknown) => decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(String(disposition))![1]);

const contract = Buffer.from("审计合同正文：甲方委托乙方……\n");
const receipt = Buffer.from("%PDF-1.4 付款回单");
const invoice = randomBytes(3000);
/** Alice's evidence stored before the tests: a named file, a voucher with two attachments, an affair of two files. */
const stored = {} as Record<"namedFile" | "voucher" | "affair", { id: number; certificateNo: string; sha256: string }>;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  alice = await registerUser(t, "13700000021");
  bob = await registerUser(t, "13700000022");
  const file = await postMultipart(t, webapiPath(KINDS.file.create), { name: "审计合同文件" }, { token: alice.token, files: [part("contract.txt", contract)] });
  [stored.namedFile] = file.json().datas;
  const voucherFields = { name: "货款凭证", voucherNo: "T20261122001", tradeTime: String(Date.UTC(2026, 10, 20)), amountFen: "150000", payer: "甲公司", payee: "乙公司" };
  const voucher = await postMultipart(t, webapiPath(KINDS.voucher.create), voucherFields, {
    token: alice.token,
    files: [part("回单.pdf", receipt, "attachments"), part("invoice.png", invoice, "attachments")],
  });
  stored.voucher = voucher.json().datas;
  const affair = await postMultipart(t, webapiPath(KINDS.affair.create), { name: "采购事务", description: "第一批采购" }, {
    token: alice.token,
    files: [part("询价单.txt", Buffer.from("询价")), part("quote.txt", Buffer.from("报价"))],
  });
  stored.affair = affair.json().datas;
  expect(Object.values(stored).every((record) => record.id > 0)).toBe(true);
}, 60_000);
afterAll(async () => t.close());

async function extractionLogin(owner: RegisteredUser, evidenceIds: number[]) {
  const created = (await t.call(E.createExtraction, { evidenceIds, validDays: 7, remark: "" }, { token: owner.token })).json().datas;
  const { cookies, answer } = await solveCaptcha(t);
  const response = await t.call(X.login, { extractNo: created.extractNo, extractCode: created.extractCode, vCode: answer }, { cookies, ip: freshIp() });
  expect(response.json().code).toBe(200);
  return { hz_extract: response.cookies.find((cookie) => cookie.name === "hz_extract")!.value };
}

async function waitForPackage(statusPath: Endpoint, jobId: string, options: { token?: string; cookies?: Record<string, string> }) {
  for (;;) {
    const status = (await t.call(statusPath, { jobId }, options)).json().datas;
    if (status.status !== "packaging") return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function certificateOf(id: number, token: string) {
  const response = await t.call(E.downloadItem, { id, part: "certificate" }, { token });
  return readCertificatePdf(new Uint8Array(response.rawPayload));
}

/** The certificate's own proof and the given file, checked as the verification pages and the offline verifier do. */
async function verifiesWithFile(id: number, file: Buffer) {
  const certificate = await certificateOf(id, alice.token);
  return verifyCertificate({
    entry: certificate.entry,
    proofBundle: certificate.proofBundle,
    verifierKeys: [t.app.services.ledger.verifierKey],
    certificateNo: certificate.facts!.certificateNo,
    file: { sha256: sha256(file), sm3: sm3(file) },
  });
}

describe("a named evidence's original keeps its own file name", () => {
  it("downloads as contract.txt (filename* for the holder and for the extraction-code holder), not as the typed name", async () => {
    const detail = (await t.call(E.detail, { id: stored.namedFile.id }, { token: alice.token })).json().datas;
    expect(detail).toMatchObject({ name: "审计合同文件", original: { label: "原始文件", fileName: "contract.txt" }, childCount: null, affair: null, attachments: [] });

    const byHolder = await t.call(E.downloadItem, { id: stored.namedFile.id, part: "file" }, { token: alice.token });
    expect(byHolder.rawPayload.equals(contract)).toBe(true);
    expect(savedName(byHolder.headers["content-disposition"])).toBe("contract.txt");
    expect(byHolder.headers["content-disposition"]).toContain('filename="contract.txt"');

    const cookies = await extractionLogin(alice, [stored.namedFile.id]);
    const listed = (await t.call(X.list, {}, { cookies })).json().datas.list;
    expect(listed[0].original).toEqual({ label: "原始文件", fileName: "contract.txt" });
    const byThirdParty = await t.call(X.download, { id: stored.namedFile.id, part: "file" }, { cookies });
    expect(byThirdParty.rawPayload.equals(contract)).toBe(true);
    expect(savedName(byThirdParty.headers["content-disposition"])).toBe("contract.txt");
  });

  it("keeps .txt under a Chinese name, with an ASCII fallback that keeps it too", async () => {
    const [text] = (await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: [part("审计报告.txt", contract)] })).json().datas;
    const response = await t.call(E.downloadItem, { id: text.id, part: "file" }, { token: alice.token });
    const disposition = String(response.headers["content-disposition"]);
    expect(savedName(disposition)).toBe("审计报告.txt");
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*\.txt"; filename\*=UTF-8''/);
  });
});

describe("a voucher's attachments", () => {
  it("are listed on the record and each downloadable by the holder", async () => {
    const detail = (await t.call(KINDS.voucher.one, { id: stored.voucher.id }, { token: alice.token })).json().datas;
    expect(detail.attachments).toEqual([
      { index: 0, fileName: "回单.pdf", size: receipt.length, sha256: sha256(receipt), sm3: sm3(receipt) },
      { index: 1, fileName: "invoice.png", size: invoice.length, sha256: sha256(invoice), sm3: sm3(invoice) },
    ]);
    expect(detail.original).toEqual({ label: "凭证原文（JSON）", fileName: "货款凭证-交易凭证.json" });
    for (const [index, bytes, name] of [[0, receipt, "回单.pdf"], [1, invoice, "invoice.png"]] as const) {
      const response = await t.call(E.downloadItem, { id: stored.voucher.id, part: "attachment", index }, { token: alice.token });
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(savedName(response.headers["content-disposition"])).toBe(name);
    }
    expect((await t.call(E.downloadItem, { id: stored.voucher.id, part: "attachment", index: 2 }, { token: alice.token })).json()).toMatchObject({ code: 404, message: "没有找到这个附件" });
    expect((await t.call(E.downloadItem, { id: stored.voucher.id, part: "attachment" }, { token: alice.token })).json()).toMatchObject({ code: 1001, extraData: { errors: { index: "请指定要下载的附件序号（index）" } } });
    // The original is the voucher's JSON, named for what it is.
    const original = await t.call(E.downloadItem, { id: stored.voucher.id, part: "file" }, { token: alice.token });
    expect(savedName(original.headers["content-disposition"])).toBe("货款凭证-交易凭证.json");
    expect(JSON.parse(original.payload).attachments.map((item: { sha256: string }) => item.sha256)).toEqual([sha256(receipt), sha256(invoice)]);
  });

  it("are 'not found' for another user", async () => {
    const response = await t.call(E.downloadItem, { id: stored.voucher.id, part: "attachment", index: 0 }, { token: bob.token });
    expect(response.json()).toMatchObject({ code: 404, message: "存证记录不存在" });
    expect(response.rawPayload.includes(receipt)).toBe(false);
  });

  it("are listed to and downloadable by the holder of an extraction code for the voucher, and by nobody else's code", async () => {
    const cookies = await extractionLogin(alice, [stored.voucher.id]);
    const [item] = (await t.call(X.list, {}, { cookies })).json().datas.list;
    expect(item.attachments.map((attachment: { fileName: string }) => attachment.fileName)).toEqual(["回单.pdf", "invoice.png"]);
    const response = await t.call(X.download, { id: stored.voucher.id, part: "attachment", index: 1 }, { cookies });
    expect(response.rawPayload.equals(invoice)).toBe(true);
    expect(savedName(response.headers["content-disposition"])).toBe("invoice.png");
    // A grant for another item reaches no attachment of this voucher.
    const other = await extractionLogin(alice, [stored.namedFile.id]);
    expect((await t.call(X.download, { id: stored.voucher.id, part: "attachment", index: 1 }, { cookies: other })).json().code).toBe(404);
  });
});

describe("package entry names", () => {
  it("name each original by its own file name, pack a voucher's attachments and an affair's manifest, all matching their digests", async () => {
    const ids = [stored.namedFile.id, stored.voucher.id, stored.affair.id];
    const started = (await t.call(E.createPackage, { evidenceIds: ids }, { token: alice.token })).json().datas;
    const done = await waitForPackage(E.packageStatus, started.jobId, { token: alice.token });
    expect(done.status).toBe("ready");
    const zip = readZip((await t.call(E.downloadPackage, { jobId: done.jobId }, { token: alice.token })).rawPayload);
    const file = stored.namedFile.certificateNo;
    const voucher = stored.voucher.certificateNo;
    const affair = stored.affair.certificateNo;
    expect([...zip.keys()].filter((name) => !/\/(存证证书-.*\.pdf|.*\.tlog-proof|.*\.entry\.json)$/.test(name)).sort()).toEqual(
      [`${file}/contract.txt`, `${voucher}/货款凭证-交易凭证.json`, `${voucher}/附件/01-回单.pdf`, `${voucher}/附件/02-invoice.png`, `${affair}/采购事务-事务清单.json`, "manifest.json", "清单.txt"].sort(),
    );
    expect(zip.get(`${file}/contract.txt`)!.equals(contract)).toBe(true);
    expect(zip.get(`${voucher}/附件/01-回单.pdf`)!.equals(receipt)).toBe(true);
    expect(zip.get(`${voucher}/附件/02-invoice.png`)!.equals(invoice)).toBe(true);
    const manifest = JSON.parse(zip.get("manifest.json")!.toString("utf8"));
    const voucherItem = manifest.items.find((item: { certificateNo: string }) => item.certificateNo === voucher);
    expect(voucherItem.attachments).toEqual([
      { fileName: "回单.pdf", size: receipt.length, sha256: sha256(receipt), sm3: sm3(receipt), path: `${voucher}/附件/01-回单.pdf` },
      { fileName: "invoice.png", size: invoice.length, sha256: sha256(invoice), sm3: sm3(invoice), path: `${voucher}/附件/02-invoice.png` },
    ]);
    expect(zip.get("清单.txt")!.toString("utf8")).toContain(`附件：${voucher}/附件/02-invoice.png`);
    // Three certificate PDFs, the first of this process loading the CJK font.
  }, 30_000);

  it("carries the attachments in a third party's package too", async () => {
    const cookies = await extractionLogin(alice, [stored.voucher.id]);
    const started = (await t.call(X.createPackage, { evidenceIds: [stored.voucher.id] }, { cookies, ip: freshIp() })).json().datas;
    const done = await waitForPackage(X.packageStatus, started.jobId, { cookies });
    const zip = readZip((await t.call(X.downloadPackage, { jobId: done.jobId }, { cookies })).rawPayload);
    expect(zip.get(`${stored.voucher.certificateNo}/附件/01-回单.pdf`)!.equals(receipt)).toBe(true);
  });
});

describe("an affair's original", () => {
  it("is a readable manifest of its children (names, digests, leaf hashes) that its certificate verifies", async () => {
    const detail = (await t.call(KINDS.affair.one, { id: stored.affair.id }, { token: alice.token })).json().datas;
    expect(detail.original).toEqual({ label: "事务清单", fileName: "采购事务-事务清单.json" });
    const response = await t.call(E.downloadItem, { id: stored.affair.id, part: "file" }, { token: alice.token });
    expect(savedName(response.headers["content-disposition"])).toBe("采购事务-事务清单.json");
    const bytes = response.rawPayload;
    expect(sha256(bytes)).toBe(stored.affair.sha256);
    const manifest = AffairManifestSchema.parse(JSON.parse(bytes.toString("utf8")));
    expect(manifest).toMatchObject({ format: AFFAIR_MANIFEST_FORMAT, affair: { certificateNo: stored.affair.certificateNo, name: "采购事务", description: "第一批采购" } });
    const children = (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: stored.affair.id }, { token: alice.token })).json().datas.list;
    expect(manifest.children.map((child) => child.name).sort()).toEqual(["quote.txt", "询价单.txt"]);
    for (const child of manifest.children) {
      const record = (await t.app.services.evidence.findByCertificateNo(child.certificateNo))!;
      expect(children.map((listed: { id: number }) => listed.id)).toContain(record.id);
      expect(child).toMatchObject({ sha256: record.sha256, sm3: record.sm3, size: record.size, leafHash: record.leafHash, fileName: record.name });
      expect(parseEvidenceEntry(record.entryJson)!.parent).toBe(stored.affair.certificateNo);
    }
    expect((await verifiesWithFile(stored.affair.id, bytes)).ok).toBe(true);
    // Public verification by the manifest's digest finds the affair.
    const byDigest = (await t.call(CERTIFICATE_ENDPOINTS.verifyByDigest, { sha256: sha256(bytes) })).json();
    expect(byDigest.datas.map((found: { certificateNo: string }) => found.certificateNo)).toEqual([stored.affair.certificateNo]);
  });

  it("of an affair stored before the manifest is served as logged (children's leaf hashes), labelled, and still verifies", async () => {
    const db = t.database.handle.db;
    const repository = new EvidenceRepository(db);
    const writer = new EvidenceLedgerWriter({ db, repository, ledger: t.app.services.ledger, blobs: t.app.services.blobs, now: t.clock.now, log: { warn: () => {}, info: () => {} } });
    const holder = { holderUserId: alice.id, holderName: "alice" };
    const affairNo = writer.newCertificateNo();
    const children = await Promise.all(
      ["旧一.txt", "旧二.txt"].map(async (name) => {
        const bytes = Buffer.from(name);
        const blobSha256 = await t.app.services.blobs.put(bytes);
        return writer.prepare({ ...holder, kind: "file", name, size: bytes.length, sha256: sha256(bytes), sm3: sm3(bytes), blobSha256, details: { fileName: name } }, { parentCertificateNo: affairNo });
      }),
    );
    // Exactly what saveAffair stored before issue 11.
    const content = Buffer.from(affairContent(children.map((child) => child.leafHash)));
    const blobSha256 = await t.app.services.blobs.put(content);
    const affair = writer.prepare(
      { ...holder, kind: "affair", name: "旧事务", size: content.length, sha256: sha256(content), sm3: sm3(content), blobSha256, details: { description: null, childCount: 2 } },
      { certificateNo: affairNo },
    );
    const [id] = await writer.store(affair, children);

    const detail = (await t.call(KINDS.affair.one, { id }, { token: alice.token })).json().datas;
    expect(detail.original).toEqual({ label: "子存证叶哈希（早期格式）", fileName: "旧事务-子存证叶哈希.bin" });
    const response = await t.call(E.downloadItem, { id, part: "file" }, { token: alice.token });
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.rawPayload.length).toBe(64);
    expect(savedName(response.headers["content-disposition"])).toBe("旧事务-子存证叶哈希.bin");
    expect((await verifiesWithFile(id, response.rawPayload)).ok).toBe(true);
    // The children of the old affair keep verifying with their files too.
    const [first] = (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: id }, { token: alice.token })).json().datas.list;
    expect((await verifiesWithFile(first.id, Buffer.from(first.name))).ok).toBe(true);
  });
});

describe("adding children to an existing affair", () => {
  const add = (user: RegisteredUser, parentId: number, files: FilePart[]) => postMultipart(t, webapiPath(EVIDENCE_ENDPOINTS.addAffairChildren), { parentId: String(parentId) }, { token: user.token, files });

  it("stores each file as a child with its own entry and certificate, its own time, and leaves the affair's record as it was", async () => {
    const before = (await t.app.services.evidence.findByCertificateNo(stored.affair.certificateNo))!;
    // Later the same session (sessions end after 30 idle minutes).
    t.clock.advance(20 * 60_000);
    const later = Buffer.from("验收单：已验收");
    const response = (await add(alice, stored.affair.id, [part("验收单.txt", later)])).json();
    expect(response.code).toBe(200);
    const [child] = response.datas;
    expect(child).toMatchObject({
      kind: "file",
      name: "验收单.txt",
      status: "stored",
      parentId: stored.affair.id,
      sha256: sha256(later),
      createTime: t.clock.now(),
      affair: { id: stored.affair.id, name: "采购事务", certificateNo: stored.affair.certificateNo },
      details: { fileName: "验收单.txt", addedLater: true },
    });
    expect(child.createTime).toBeGreaterThan(before.createdAt);
    const childRecord = (await t.app.services.evidence.findByCertificateNo(child.certificateNo))!;
    expect(parseEvidenceEntry(childRecord.entryJson)).toMatchObject({ parent: stored.affair.certificateNo, sha256: sha256(later), time: t.clock.now() });
    expect((await verifiesWithFile(child.id, later)).ok).toBe(true);

    // The affair's record, entry, content and details are untouched: they attest what it covered at creation.
    const after = (await t.app.services.evidence.findByCertificateNo(stored.affair.certificateNo))!;
    expect(after).toEqual(before);
    const affair = (await t.call(KINDS.affair.one, { id: stored.affair.id }, { token: alice.token })).json().datas;
    expect(affair).toMatchObject({ childCount: 3, details: { childCount: 2 }, sha256: stored.affair.sha256 });
    const listed = (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: stored.affair.id }, { token: alice.token })).json().datas;
    expect(listed.totalRow).toBe(3);
    expect(listed.list[0]).toMatchObject({ id: child.id, createTime: t.clock.now() });
  });

  it("prints the affair's name and certificate number on a child's certificate", async () => {
    const [child] = (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: stored.affair.id }, { token: alice.token })).json().datas.list;
    const certificate = await certificateOf(child.id, alice.token);
    expect(certificate.facts!.affair).toEqual({ name: "采购事务", certificateNo: stored.affair.certificateNo });
    const page = (await t.call(KINDS.affair.one, { id: child.id }, { token: alice.token })).json().datas;
    expect(page.affair).toEqual({ id: stored.affair.id, name: "采购事务", certificateNo: stored.affair.certificateNo });
    // A record that is no child has no affair row, and only an affair counts children.
    expect((await certificateOf(stored.namedFile.id, alice.token)).facts!.affair).toBeUndefined();
  });

  it("is 'not found' for another user's affair and for a record that is no affair, and stores nothing then", async () => {
    const count = async () => (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: stored.affair.id }, { token: alice.token })).json().datas.totalRow;
    const before = await count();
    const byBob = (await add(bob, stored.affair.id, [part("bob.txt", Buffer.from("bob"))])).json();
    expect(byBob).toMatchObject({ code: 404, message: "存证记录不存在" });
    expect((await add(alice, stored.namedFile.id, [part("x.txt", Buffer.from("x"))])).json().code).toBe(404);
    expect((await add(alice, stored.affair.id, [])).json()).toMatchObject({ code: 1001, message: "请选择文件" });
    expect(await count()).toBe(before);
    expect((await t.call(E.list, { keyName: "bob.txt" }, { token: bob.token })).json().datas.totalRow).toBe(0);
    expect(await t.database.handle.db.selectFrom("evidence_records").select("id").where("name", "=", "bob.txt").execute()).toEqual([]);
  });
});
