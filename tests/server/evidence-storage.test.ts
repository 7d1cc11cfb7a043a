import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MULTIPART_LIMITS } from "../../server/plugins/multipart.js";
import { EvidenceRepository } from "../../server/modules/evidence/evidence.repository.js";
import { EvidenceLedgerWriter } from "../../server/modules/evidence/evidence-ledger-writer.js";
import { durableTransaction } from "../../server/db/dialect.js";
import { AffairManifestSchema } from "../../src/schema/affair-manifest.js";
import { parseEvidenceEntry } from "../../src/schema/evidence-entry.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_ENDPOINTS, EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { UPLOAD_MESSAGES } from "../../src/schema/upload.js";
import { postMultipart, type FilePart } from "./support/multipart.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  alice = await registerUser(t, "13700000001");
  bob = await registerUser(t, "13700000002");
}, 60_000);
afterAll(async () => t.close());

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const sm3 = (bytes: Buffer | string) => createHash("sm3").update(bytes).digest("hex");
const file = (filename: string, content: Buffer, name = "file"): FilePart => ({ name, filename, contentType: "application/octet-stream", content });

async function ledgerEntryOf(index: number) {
  const bytes = await t.app.services.ledger.entry(index);
  return bytes ? Buffer.from(bytes).toString("utf8") : null;
}

describe("file evidence", () => {
  it("streams each file to a blob, logs an entry with both digests and answers stored records", async () => {
    const one = randomBytes(3000);
    const two = Buffer.from("第二份合同\n");
    const response = await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: [file("合同.pdf", one), file("notes.txt", two)] });
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.datas).toHaveLength(2);
    const [first, second] = body.datas;
    expect(first).toMatchObject({ kind: "file", name: "合同.pdf", size: 3000, sha256: sha256(one), sm3: sm3(one), status: "stored", hasContent: true });
    expect(second).toMatchObject({ name: "notes.txt", sha256: sha256(two), status: "stored" });
    expect(first.certificateNo).not.toBe(second.certificateNo);
    // The logged entry is the canonical public entry: digests, size, no name in clear.
    const text = await ledgerEntryOf(first.ledgerIndex);
    const entry = parseEvidenceEntry(text!);
    expect(entry).toMatchObject({ v: 1, kind: "file", certificateNo: first.certificateNo, sha256: sha256(one), sm3: sm3(one), size: 3000 });
    expect(text).not.toContain("合同");
    expect(first.blockHeight).toBeGreaterThan(0);
    // The content is kept intact.
    const record = await t.app.services.evidence.findByCertificateNo(first.certificateNo);
    const stream = await t.app.services.evidence.openContent(record!);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(one)).toBe(true);
  });

  it.each([
    ["a zero-byte file", file("empty.pdf", Buffer.alloc(0)), UPLOAD_MESSAGES.empty],
    ["an unknown type over the 2 MB default", file("data.bin", Buffer.alloc(2 * 1024 * 1024 + 1)), "文件大小超过2M"],
    ["no file at all", null, "请选择文件"],
  ])("refuses %s with the spec's message and stores nothing", async (_label, part, message) => {
    const before = (await t.call(KINDS.file.list, {}, { token: alice.token })).json().datas.totalRow;
    const response = await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: part ? [part] : [] });
    expect(response.json()).toMatchObject({ code: 1001, message });
    expect(response.json().extraData.errors.file).toBe(message);
    expect((await t.call(KINDS.file.list, {}, { token: alice.token })).json().datas.totalRow).toBe(before);
  });

  it("takes a document beyond the JSON body limit and beyond the buffered multipart limit: the route streams", async () => {
    expect(t.app.hasRoute({ method: "POST", url: webapiPath(KINDS.file.create) })).toBe(true);
    const big = randomBytes(6 * 1024 * 1024); // > 1 MiB bodyLimit and > 2 MiB buffered fileSize
    expect(big.length).toBeGreaterThan(MULTIPART_LIMITS.fileSize);
    const response = await postMultipart(t, webapiPath(KINDS.file.create), { name: "大文档" }, { token: alice.token, files: [file("big.pdf", big)] });
    expect(response.json().datas[0]).toMatchObject({ name: "大文档", size: big.length, sha256: sha256(big), status: "stored" });
  });

  it("answers a PDF over 50 MB with the document limit's message", async () => {
    const response = await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: [file("huge.pdf", Buffer.alloc(50 * 1024 * 1024 + 1))] });
    expect(response.json()).toMatchObject({ code: 1001, message: "文件大小超过50M" });
  });

  it("refuses a wrong signature before storing anything, and the connection's body is read away", async () => {
    const response = await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: [file("x.pdf", Buffer.from("x"))], signedFields: { other: "1" } });
    expect(response.json().code).toBe(4002);
  });
});

describe("text, hash, voucher and affair evidence", () => {
  it("normalises text (lines trimmed, empty lines dropped) and digests the normalised text", async () => {
    const response = (await t.call(KINDS.text.create, { name: "声明", content: "  第一行  \r\n\n\n第二行\n  " }, { token: alice.token })).json();
    expect(response.code).toBe(200);
    expect(response.datas).toMatchObject({ kind: "text", sha256: sha256("第一行\n第二行"), sm3: sm3("第一行\n第二行"), size: Buffer.byteLength("第一行\n第二行") });
  });

  it("stores a hash evidence from digests only, then certifies it only with the matching original", async () => {
    const original = randomBytes(4096);
    const saved = (
      await t.call(KINDS.hash.create, { name: "设计稿", fileName: "design.psd", size: original.length, sha256: sha256(original).toUpperCase(), sm3: sm3(original) }, { token: alice.token })
    ).json();
    expect(saved.datas).toMatchObject({ kind: "hash", hasContent: false, sha256: sha256(original), status: "stored" });
    const other = Buffer.from(original);
    other[0] ^= 1;
    const mismatch = await postMultipart(t, webapiPath(EVIDENCE_ENDPOINTS.applyHashCertificate), { id: String(saved.datas.id) }, { token: alice.token, files: [file("design.psd", other)] });
    expect(mismatch.json()).toMatchObject({ code: 1001, message: "文件与存证时的摘要值不一致，不能申请出证" });
    const byBob = await postMultipart(t, webapiPath(EVIDENCE_ENDPOINTS.applyHashCertificate), { id: String(saved.datas.id) }, { token: bob.token, files: [file("design.psd", original)] });
    expect(byBob.json().code).toBe(404);
    const applied = (await postMultipart(t, webapiPath(EVIDENCE_ENDPOINTS.applyHashCertificate), { id: String(saved.datas.id) }, { token: alice.token, files: [file("design.psd", original)] })).json();
    expect(applied.datas).toMatchObject({ hasContent: true, details: { originalFileName: "design.psd" } });
    expect(typeof applied.datas.details.originalVerifiedAt).toBe("number");
  });

  it("refuses a hash evidence with a malformed digest on its field", async () => {
    const response = (await t.call(KINDS.hash.create, { name: "x", fileName: "x", size: 1, sha256: "abc", sm3: "0".repeat(64) }, { token: alice.token })).json();
    expect(response.code).toBe(1001);
    expect(response.extraData.errors.sha256).toContain("64 位十六进制");
  });

  it("stores a voucher: fields plus attachments; the content is the canonical JSON of both", async () => {
    const receipt = Buffer.from("%PDF-1.4 receipt");
    const fields = { name: "货款凭证", voucherNo: "T20261122001", tradeTime: String(Date.UTC(2026, 10, 20)), amountFen: "150000", payer: "甲公司", payee: "乙公司" };
    const response = (await postMultipart(t, webapiPath(KINDS.voucher.create), fields, { token: alice.token, files: [file("receipt.pdf", receipt, "attachments")] })).json();
    expect(response.code).toBe(200);
    expect(response.datas.details.voucher).toMatchObject({ voucherNo: "T20261122001", amountFen: 150000 });
    expect(response.datas.details.attachments[0]).toMatchObject({ fileName: "receipt.pdf", sha256: sha256(receipt) });
  });

  it("stores an affair: each child its own certificate with parent, the affair digesting a manifest of its children's leaf hashes", async () => {
    const files = [file("a.txt", Buffer.from("A")), file("b.txt", Buffer.from("B"))];
    const affair = (await postMultipart(t, webapiPath(KINDS.affair.create), { name: "采购事务" }, { token: alice.token, files })).json().datas;
    expect(affair).toMatchObject({ kind: "affair", childCount: 2, status: "stored", details: { childCount: 2 } });
    const children = (await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: affair.id }, { token: alice.token })).json().datas.list;
    expect(children).toHaveLength(2);
    const childEntries = await Promise.all(children.map(async (child: { ledgerIndex: number }) => parseEvidenceEntry((await ledgerEntryOf(child.ledgerIndex))!)));
    for (const entry of childEntries) expect(entry!.parent).toBe(affair.certificateNo);
    const leafHashes = await Promise.all(
      [...children].reverse().map(async (child: { ledgerIndex: number }) => createHash("sha256").update(Buffer.from([0])).update((await ledgerEntryOf(child.ledgerIndex))!).digest("hex")),
    );
    const record = (await t.app.services.evidence.findByCertificateNo(affair.certificateNo))!;
    const chunks: Buffer[] = [];
    for await (const chunk of (await t.app.services.evidence.openContent(record))!) chunks.push(chunk as Buffer);
    const manifest = AffairManifestSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    expect(affair.sha256).toBe(sha256(Buffer.concat(chunks)));
    expect(manifest.children.map((child) => child.leafHash)).toEqual(leafHashes);
    // Children are not listed among top-level affairs.
    const affairs = (await t.call(KINDS.affair.list, {}, { token: alice.token })).json().datas.list;
    expect(affairs.map((item: { id: number }) => item.id)).toEqual([affair.id]);
  });
});

describe("rights confirmation", () => {
  it("applies the chosen work type's rule and records author and creation time", async () => {
    const fields = { name: "摄影作品", author: "张三", rightType: "2", creationTime: String(Date.UTC(2026, 0, 1)) };
    const wrong = (await postMultipart(t, webapiPath(KINDS.rightsFile.create), fields, { token: alice.token, files: [file("photo.mp3", Buffer.from("x"))] })).json();
    expect(wrong).toMatchObject({ code: 1001, message: UPLOAD_MESSAGES.format });
    const done = (await postMultipart(t, webapiPath(KINDS.rightsFile.create), fields, { token: alice.token, files: [file("photo.jpg", Buffer.from("jpeg"))] })).json();
    expect(done.datas).toMatchObject({ kind: "rightsFile", details: { author: "张三", rightType: 2, rightTypeLabel: "图片" } });
  });

  it("records a web page by URL with the saved page's digests, refusing when neither file nor digests are given", async () => {
    const fields = { name: "网页文章", author: "李四", creationTime: String(Date.UTC(2026, 0, 2)), url: "https://example.com/article" };
    const missing = (await postMultipart(t, webapiPath(KINDS.rightsWeb.create), fields, { token: alice.token })).json();
    expect(missing).toMatchObject({ code: 1001, message: "请上传保存的网页文件，或填写网页文件的摘要值" });
    const page = Buffer.from("<html><body>文章</body></html>");
    const done = (await postMultipart(t, webapiPath(KINDS.rightsWeb.create), fields, { token: alice.token, files: [file("article.html", page)] })).json();
    expect(done.datas).toMatchObject({ kind: "rightsWeb", sha256: sha256(page), details: { url: "https://example.com/article" } });
  });
});

describe("lists, details and deletion", () => {
  it("shows a holder only their own records; another user gets not found", async () => {
    const mine = (await t.call(KINDS.text.list, {}, { token: alice.token })).json().datas.list[0];
    expect((await t.call(KINDS.text.one, { id: mine.id }, { token: alice.token })).json().datas.id).toBe(mine.id);
    expect((await t.call(KINDS.text.one, { id: mine.id }, { token: bob.token })).json().code).toBe(404);
    expect((await t.call(KINDS.text.list, {}, { token: bob.token })).json().datas.totalRow).toBe(0);
    expect((await t.call(KINDS.text.delete, { id: mine.id }, { token: bob.token })).json().code).toBe(404);
  });

  it("hides a deleted record from its holder but keeps its ledger entry and its public lookup", async () => {
    const created = (await t.call(KINDS.text.create, { name: "待删除", content: "内容" }, { token: alice.token })).json().datas;
    expect((await t.call(KINDS.text.delete, { id: created.id }, { token: alice.token })).json().code).toBe(200);
    const list = (await t.call(KINDS.text.list, { keyName: "待删除" }, { token: alice.token })).json().datas;
    expect(list.totalRow).toBe(0);
    expect((await t.call(KINDS.text.one, { id: created.id }, { token: alice.token })).json().code).toBe(404);
    expect(parseEvidenceEntry((await ledgerEntryOf(created.ledgerIndex))!)!.certificateNo).toBe(created.certificateNo);
    expect((await t.app.services.evidence.findByCertificateNo(created.certificateNo))!.deletedAt).not.toBeNull();
  });
});

describe("API document", () => {
  it("describes every evidence call for integrating systems", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/opendocs/json" })).json();
    for (const kind of ["file", "text", "hash", "voucher", "affair", "rightsFile", "rightsHash", "rightsWeb"] as const) {
      const endpoints = KINDS[kind];
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([webapiPath(endpoints.create), webapiPath(endpoints.list), webapiPath(endpoints.one), webapiPath(endpoints.delete)]));
    }
  });
});

describe("crash recovery", () => {
  it("completes a pending record whose entry reached the ledger, re-appends one that did not, and fails one whose content is gone", async () => {
    const db = t.database.handle.db;
    const repository = new EvidenceRepository(db);
    const log = { warn: () => {}, info: () => {} };
    const writer = new EvidenceLedgerWriter({ db, repository, ledger: t.app.services.ledger, blobs: t.app.services.blobs, now: t.clock.now, log });
    const holder = { holderUserId: alice.id, holderName: "alice" };
    const draft = (name: string, blobSha256: string | null) => ({ ...holder, kind: "hash" as const, name, size: 1, sha256: sha256(name), sm3: sm3(name), blobSha256, details: {} });
    // Simulate three crashes between "pending written" and "completed".
    const logged = writer.prepare(draft("logged", null));
    const notLogged = writer.prepare(draft("not-logged", null));
    const lost = writer.prepare(draft("lost-content", "f".repeat(64)));
    const hint = (await t.app.services.ledger.latestCheckpoint())!.treeSize;
    const ids = await durableTransaction(db, async (trx) => {
      const rows = [];
      for (const prepared of [logged, notLogged, lost]) {
        rows.push(
          await repository.insertPending(trx, {
            certificate_no: prepared.certificateNo, holder_user_id: alice.id, holder_name: "alice", kind: "hash", name: prepared.draft.name, size: 1,
            sha256: prepared.draft.sha256, sm3: prepared.draft.sm3, created_at: prepared.time, leaf_hash: prepared.leafHash, ledger_size_hint: hint,
            parent_id: null, blob_sha256: prepared.draft.blobSha256, entry_json: prepared.entryText, meta_salt: prepared.salt, details: "{}", updated_at: prepared.time,
          }),
        );
      }
      return rows;
    });
    const receipt = await t.app.services.ledger.append(Buffer.from(logged.entryText));
    const pendingList = (await t.call(KINDS.hash.list, {}, { token: alice.token })).json().datas.list;
    expect(pendingList.filter((item: { status: string }) => item.status === "pending")).toHaveLength(3);

    expect(await writer.recover()).toEqual({ stored: 2, failed: 1 });
    const [a, b, c] = await Promise.all(ids.map((id) => repository.findById(id)));
    expect(a).toMatchObject({ status: "stored", ledger_index: receipt.index, block_height: receipt.blockHeight });
    expect(b!.status).toBe("stored");
    expect(Buffer.from((await t.app.services.ledger.entry(Number(b!.ledger_index)))!).toString()).toBe(notLogged.entryText);
    expect(c!.status).toBe("failed");
  });
});
