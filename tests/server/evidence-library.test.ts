import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PasswordHasher } from "../../server/modules/account/password-hasher.js";
import { webapiPath, type Endpoint } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import {
  EVIDENCE_LIBRARY_ENDPOINTS as E,
  EXTRACT_CODE_PATTERN,
  EXTRACT_NO_PATTERN,
  EXTRACTION_ENDPOINTS as X,
  EXTRACTION_FAILURE_LIMIT,
  EXTRACTION_LOCK_MINUTES,
  EXTRACTION_MAX_FAILURES,
  ExtractionCode,
} from "../../src/schema/evidence-library.js";
import { solveCaptcha } from "./support/login-client.js";
import { passwordLogin } from "./support/personal-users.js";
import { postMultipart } from "./support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { readZip } from "./support/zip-reader.js";

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
/** Alice's evidence: a file, a text and a hash-only record; Bob's one file. */
const ids = { file: 0, text: 0, hash: 0, bobFile: 0 };
const fileBytes = randomBytes(200_000);
const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { LOGIN_RATE_LIMIT_PER_MINUTE: "12" } });
  alice = await registerUser(t, "13700000011");
  bob = await registerUser(t, "13700000012");
  const file = (owner: RegisteredUser, name: string, content: Buffer) =>
    postMultipart(t, webapiPath(KINDS.file.create), {}, { token: owner.token, files: [{ name: "file", filename: name, contentType: "application/pdf", content }] });
  ids.file = (await file(alice, "合同第一版.pdf", fileBytes)).json().datas[0].id;
  ids.text = (await t.call(KINDS.text.create, { name: "聊天记录", content: "第一行\n第二行" }, { token: alice.token })).json().datas.id;
  const hidden = randomBytes(64);
  ids.hash = (await t.call(KINDS.hash.create, { name: "设计稿", fileName: "design.psd", size: 64, sha256: sha256(hidden), sm3: createHash("sm3").update(hidden).digest("hex") }, { token: alice.token })).json().datas.id;
  ids.bobFile = (await file(bob, "bob.pdf", randomBytes(100))).json().datas[0].id;
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
}, 60_000);
afterAll(async () => t.close());

async function createExtraction(owner: RegisteredUser, evidenceIds: number[], validDays = 7) {
  return (await t.call(E.createExtraction, { evidenceIds, validDays, remark: "提交法院" }, { token: owner.token })).json();
}

/** The third party's login as the page does it: a fresh image captcha, then number and code. */
async function extractLogin(extractNo: string, extractCode: string, ip = freshIp()) {
  const { cookies, answer } = await solveCaptcha(t);
  const response = await t.call(X.login, { extractNo, extractCode, vCode: answer }, { cookies, ip });
  const cookie = response.cookies.find((item) => item.name === "hz_extract");
  return { body: response.json(), cookie, cookies: cookie ? { hz_extract: cookie.value } : undefined };
}

/** Moves the clock; the users' sessions (30 minutes idle) are renewed by logging in again. */
async function advanceClock(ms: number) {
  t.clock.advance(ms);
  for (const user of [alice, bob]) user.token = (await passwordLogin(t, user.account, user.password)).datas.token;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function waitForPackage(statusPath: Endpoint, jobId: string, options: { token?: string; cookies?: Record<string, string> }) {
  for (;;) {
    const status = (await t.call(statusPath, { jobId }, options)).json();
    expect(status.code).toBe(200);
    if (status.datas.status !== "packaging") return status.datas;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the holder's evidence list", () => {
  it("lists every kind of the holder's own evidence, filtered by type, name or certificate number, and date", async () => {
    const all = (await t.call(E.list, {}, { token: alice.token })).json();
    expect(all.code).toBe(200);
    expect(all.datas.list.map((item: { id: number }) => item.id).sort()).toEqual([ids.file, ids.text, ids.hash].sort());
    expect(all.datas.totalRow).toBe(3);
    const texts = (await t.call(E.list, { kind: "text" }, { token: alice.token })).json();
    expect(texts.datas.list.map((item: { kind: string }) => item.kind)).toEqual(["text"]);
    const byName = (await t.call(E.list, { keyName: "设计" }, { token: alice.token })).json();
    expect(byName.datas.list.map((item: { id: number }) => item.id)).toEqual([ids.hash]);
    // The same keyword box finds a record by (part of) its certificate number, in any case.
    const certificateNo: string = all.datas.list.find((item: { id: number }) => item.id === ids.text).certificateNo;
    const byNumber = (await t.call(E.list, { keyName: certificateNo.slice(2, 14).toLowerCase() }, { token: alice.token })).json();
    expect(byNumber.datas.list.map((item: { id: number }) => item.id)).toEqual([ids.text]);
    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now() + 8 * 3600_000 - DAY_MS).toISOString().slice(0, 10);
    expect((await t.call(E.list, { startTime: today, endTime: today }, { token: alice.token })).json().datas.totalRow).toBe(3);
    expect((await t.call(E.list, { startTime: yesterday, endTime: yesterday }, { token: alice.token })).json().datas.totalRow).toBe(0);
    const onlyStart = (await t.call(E.list, { startTime: today }, { token: alice.token })).json();
    expect(onlyStart.message).toBe("结束时间不能为空");
  });

  it("shows nobody else's evidence and needs a session", async () => {
    const bobs = (await t.call(E.list, {}, { token: bob.token })).json();
    expect(bobs.datas.list.map((item: { id: number }) => item.id)).toEqual([ids.bobFile]);
    expect((await t.call(E.list, {})).json().code).toBe(102);
  });

  it("answers one record of any kind to its holder only", async () => {
    const detail = (await t.call(E.detail, { id: ids.text }, { token: alice.token })).json();
    expect(detail.datas).toMatchObject({ id: ids.text, kind: "text", name: "聊天记录" });
    expect((await t.call(E.detail, { id: ids.text }, { token: bob.token })).json().code).toBe(404);
  });

  it("hands its holder each part of a record as a file: the original, the certificate PDF and the tlog-proof", async () => {
    const original = await t.call(E.downloadItem, { id: ids.file, part: "file" }, { token: alice.token });
    expect(sha256(original.rawPayload)).toBe(sha256(fileBytes));
    expect(original.headers["content-disposition"]).toContain(encodeURIComponent("合同第一版.pdf"));
    expect((await t.call(E.downloadItem, { id: ids.file, part: "certificate" }, { token: alice.token })).rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await t.call(E.downloadItem, { id: ids.file, part: "proof" }, { token: alice.token })).payload.startsWith("c2sp.org/tlog-proof@v1\n")).toBe(true);
    // A hash record has no original; another holder's record and an unknown part are refused.
    expect((await t.call(E.downloadItem, { id: ids.hash, part: "file" }, { token: alice.token })).json()).toMatchObject({ code: 404, message: "这条证据只存证了摘要，平台没有保存原始文件" });
    expect((await t.call(E.downloadItem, { id: ids.file, part: "file" }, { token: bob.token })).json()).toMatchObject({ code: 404, message: "存证记录不存在" });
    expect((await t.call(E.downloadItem, { id: ids.file, part: "everything" }, { token: alice.token })).json()).toMatchObject({ code: 1001, message: "下载内容应为 file、certificate、proof 或 attachment" });
    expect((await t.call(E.downloadItem, { id: ids.file, part: "file" })).json().code).toBe(102);
  });
});

describe("extraction codes", () => {
  it("issues an 8-character number and a 6-digit code, and keeps only a scrypt hash of the code", async () => {
    const created = await createExtraction(alice, [ids.file, ids.text]);
    expect(created.code).toBe(200);
    expect(created.datas.extractNo).toMatch(EXTRACT_NO_PATTERN);
    expect(created.datas.extractCode).toMatch(EXTRACT_CODE_PATTERN);
    expect(created.datas).toMatchObject({ itemCount: 2, status: "active", remark: "提交法院", expiresAt: t.clock.now() + 7 * DAY_MS });
    const row = await t.app.database.db.selectFrom("evidence_extractions").selectAll().where("extract_no", "=", created.datas.extractNo).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^scrypt\$/);
    expect(row.code_hash).not.toContain(created.datas.extractCode);
    // Shown once: the holder's list never carries the code again.
    const list = (await t.call(E.extractionList, {}, { token: alice.token })).json();
    expect(list.datas.list[0]).toMatchObject({ extractNo: created.datas.extractNo, itemCount: 2 });
    expect(JSON.stringify(list)).not.toContain(created.datas.extractCode);
  });

  it("refuses another holder's evidence, a validity beyond 30 days and an empty choice", async () => {
    const before = (await t.call(E.extractionList, {}, { token: alice.token })).json().datas.totalRow;
    const withBobs = await createExtraction(alice, [ids.file, ids.bobFile]);
    expect(withBobs.code).toBe(1001);
    expect(withBobs.message).toBe("所选证据不存在或不属于您");
    expect((await createExtraction(alice, [ids.file], 31)).code).toBe(1001);
    expect((await createExtraction(alice, [ids.file], 0)).code).toBe(1001);
    expect((await createExtraction(alice, [])).code).toBe(1001);
    expect((await t.call(E.extractionList, {}, { token: alice.token })).json().datas.totalRow).toBe(before);
  });

  it("lets the third party in with number, code and captcha, and shows exactly the granted items", async () => {
    const created = (await createExtraction(alice, [ids.text, ids.file])).datas;
    const noCaptcha = (await t.call(X.login, { extractNo: created.extractNo, extractCode: created.extractCode, vCode: "abcd" }, { ip: freshIp() })).json();
    expect(noCaptcha.code).toBe(ExtractionCode.captchaInvalid);

    const login = await extractLogin(created.extractNo.toLowerCase(), created.extractCode);
    expect(login.body.code).toBe(200);
    expect(login.body.datas).toMatchObject({ extractNo: created.extractNo, itemCount: 2, expiresAt: created.expiresAt });
    expect(login.cookie).toMatchObject({ httpOnly: true, path: "/webapi/extractEvidence", sameSite: "Strict" });
    expect(new Date(login.cookie!.expires!).getTime()).toBe(Math.floor(created.expiresAt / 1000) * 1000);

    const list = (await t.call(X.list, {}, { cookies: login.cookies })).json();
    expect(list.code).toBe(200);
    expect(list.datas.list.map((item: { id: number }) => item.id)).toEqual([ids.text, ids.file]);
    const file = list.datas.list[1];
    expect(file).toEqual({
      id: ids.file,
      certificateNo: expect.any(String),
      kind: "file",
      name: "合同第一版.pdf",
      size: fileBytes.length,
      sha256: sha256(fileBytes),
      sm3: expect.stringMatching(/^[0-9a-f]{64}$/),
      createTime: expect.any(Number),
      ledgerIndex: expect.any(Number),
      hasContent: true,
      original: { label: "原始文件", fileName: "合同第一版.pdf" },
      attachments: [],
    });
    // The holder's name reaches the third party only masked.
    expect(JSON.stringify(list.datas.list)).not.toContain("holderName");

    const original = await t.call(X.download, { id: ids.file, part: "file" }, { cookies: login.cookies });
    expect(original.statusCode).toBe(200);
    expect(sha256(original.rawPayload)).toBe(sha256(fileBytes));
    expect(original.headers["content-disposition"]).toContain(encodeURIComponent("合同第一版.pdf"));
    const pdf = await t.call(X.download, { id: ids.file, part: "certificate" }, { cookies: login.cookies });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const proof = await t.call(X.download, { id: ids.file, part: "proof" }, { cookies: login.cookies });
    expect(proof.payload.startsWith("c2sp.org/tlog-proof@v1\n")).toBe(true);

    // Neither Alice's other evidence nor Bob's can be reached through this grant.
    for (const id of [ids.hash, ids.bobFile]) {
      const refused = (await t.call(X.download, { id, part: "certificate" }, { cookies: login.cookies })).json();
      expect(refused.code).toBe(404);
    }
    expect((await t.call(X.list, {})).json().code).toBe(ExtractionCode.sessionEnded);
    expect((await t.call(X.list, {}, { cookies: { hz_extract: "forged" } })).json().code).toBe(ExtractionCode.sessionEnded);
  });

  it("refuses a wrong code and an unknown number alike, and locks the number after repeated wrong codes", async () => {
    const created = (await createExtraction(alice, [ids.file])).datas;
    const wrong = await extractLogin(created.extractNo, wrongCode(created.extractCode));
    expect(wrong.body.code).toBe(ExtractionCode.refused);
    expect(wrong.cookie).toBeUndefined();
    const unknown = await extractLogin("ZZZZZZZZ", created.extractCode);
    expect(unknown.body).toMatchObject({ code: ExtractionCode.refused, message: wrong.body.message });

    for (let i = 1; i < EXTRACTION_MAX_FAILURES; i++) expect((await extractLogin(created.extractNo, wrongCode(created.extractCode))).body.code).toBe(ExtractionCode.refused);
    // Locked now: even the right code waits.
    const locked = await extractLogin(created.extractNo, created.extractCode);
    expect(locked.body.code).toBe(ExtractionCode.locked);
    expect(locked.body.message).toBe(`提取码错误次数过多，请${EXTRACTION_LOCK_MINUTES}分钟后再试`);
    await advanceClock(EXTRACTION_LOCK_MINUTES * 60_000 + 1);
    expect((await extractLogin(created.extractNo, created.extractCode)).body.code).toBe(200);
  });

  it("counts wrong codes sent at once: no more are compared than the lock allows, and the right one sent while they are in flight is refused", async () => {
    const created = (await createExtraction(alice, [ids.file])).datas;
    const ip = freshIp();
    const send = ({ cookies, answer }: Awaited<ReturnType<typeof solveCaptcha>>, extractCode: string) =>
      t.call(X.login, { extractNo: created.extractNo, extractCode, vCode: answer }, { cookies, ip });
    const captchas = await Promise.all(Array.from({ length: 12 }, () => solveCaptcha(t)));
    // Every code comparison waits at a gate, so all eleven wrong codes are in flight together.
    const compare = PasswordHasher.prototype.verify;
    let comparing = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const spy = vi.spyOn(PasswordHasher.prototype, "verify").mockImplementation(async function (this: PasswordHasher, secret, stored) {
      comparing += 1;
      await gate;
      return compare.call(this, secret, stored);
    });
    try {
      let answered = 0;
      const wrong = captchas.slice(0, 11).map((captcha) => send(captcha, wrongCode(created.extractCode)).finally(() => (answered += 1)));
      await vi.waitFor(() => expect(comparing + answered).toBe(11));
      const right = send(captchas[11], created.extractCode).finally(() => (answered += 1));
      await vi.waitFor(() => expect(comparing + answered).toBe(12));
      openGate();
      const responses = await Promise.all([...wrong, right]);
      const answers = responses.map((response) => response.json().code as number);
      expect(comparing).toBe(EXTRACTION_MAX_FAILURES);
      expect(answers.filter((code) => code === ExtractionCode.refused)).toHaveLength(EXTRACTION_MAX_FAILURES);
      expect(answers.at(-1)).toBe(ExtractionCode.locked);
      expect(responses.some((response) => response.cookies.some((cookie) => cookie.name === "hz_extract"))).toBe(false);
    } finally {
      openGate();
      spy.mockRestore();
    }
  });

  it("closes a number for good once wrong codes reach the limit", async () => {
    const created = (await createExtraction(alice, [ids.file])).datas;
    await t.app.database.db.updateTable("evidence_extractions").set({ failed_attempts: EXTRACTION_FAILURE_LIMIT - 1 }).where("id", "=", created.id).execute();
    expect((await extractLogin(created.extractNo, wrongCode(created.extractCode))).body.code).toBe(ExtractionCode.refused);
    await advanceClock(EXTRACTION_LOCK_MINUTES * 60_000 + 1);
    const closed = await extractLogin(created.extractNo, created.extractCode);
    expect(closed.body).toMatchObject({ code: ExtractionCode.locked, message: "提取码错误次数过多，该提取已停用，请联系证据持有人重新生成" });
  });

  it("ends the grant and its sessions when the code expires", async () => {
    const created = (await createExtraction(alice, [ids.file], 1)).datas;
    const login = await extractLogin(created.extractNo, created.extractCode);
    expect((await t.call(X.list, {}, { cookies: login.cookies })).json().code).toBe(200);
    await advanceClock(DAY_MS);
    expect((await t.call(X.list, {}, { cookies: login.cookies })).json().code).toBe(ExtractionCode.sessionEnded);
    expect((await extractLogin(created.extractNo, created.extractCode)).body.code).toBe(ExtractionCode.refused);
    const listed = (await t.call(E.extractionList, { pageSize: 100 }, { token: alice.token })).json().datas.list;
    expect(listed.find((item: { extractNo: string }) => item.extractNo === created.extractNo).status).toBe("expired");
  });

  it("ends the grant at once when the holder revokes it; nobody else can revoke it", async () => {
    const created = (await createExtraction(alice, [ids.file])).datas;
    const login = await extractLogin(created.extractNo, created.extractCode);
    expect((await t.call(X.list, {}, { cookies: login.cookies })).json().code).toBe(200);
    expect((await t.call(E.revokeExtraction, { id: created.id }, { token: bob.token })).json().code).toBe(404);
    expect((await t.call(X.list, {}, { cookies: login.cookies })).json().code).toBe(200);
    const revoked = (await t.call(E.revokeExtraction, { id: created.id }, { token: alice.token })).json();
    expect(revoked.datas.status).toBe("revoked");
    expect((await t.call(X.list, {}, { cookies: login.cookies })).json().code).toBe(ExtractionCode.sessionEnded);
    expect((await extractLogin(created.extractNo, created.extractCode)).body.code).toBe(ExtractionCode.refused);
  });

  it("limits extraction logins per address", async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 13; i++) {
      const response = await t.call(X.login, { extractNo: "ZZZZZZZZ", extractCode: "000000", vCode: "abcd" }, { ip });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 12).every((status) => status === 200)).toBe(true);
    expect(answers[12]).toBe(429);
  });
});

describe("packaged download", () => {
  it("packs each original, certificate and proof with a manifest whose digests match the files", async () => {
    const started = (await t.call(E.createPackage, { evidenceIds: [ids.file, ids.text, ids.hash] }, { token: alice.token })).json();
    expect(started.code).toBe(200);
    expect(started.datas).toMatchObject({ status: "packaging", total: 3 });
    expect(started.datas.estimatedSeconds).toBeGreaterThan(0);
    const done = await waitForPackage(E.packageStatus, started.datas.jobId, { token: alice.token });
    expect(done).toMatchObject({ status: "ready", done: 3, total: 3 });

    // Bob can neither see nor fetch Alice's package.
    expect((await t.call(E.packageStatus, { jobId: done.jobId }, { token: bob.token })).json().code).toBe(404);
    expect((await t.call(E.downloadPackage, { jobId: done.jobId }, { token: bob.token })).json().code).toBe(404);

    const response = await t.call(E.downloadPackage, { jobId: done.jobId }, { token: alice.token });
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.rawPayload.length).toBe(done.size);
    const entries = readZip(response.rawPayload);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8"));
    expect(manifest.items).toHaveLength(3);
    expect(manifest.ledger.verifierKey).toBe(t.app.services.ledger.verifierKey);
    const listText = entries.get("清单.txt")!.toString("utf8");
    expect(listText).toContain("证据打包清单");

    for (const item of manifest.items) {
      const record = (await t.app.services.evidence.findByCertificateNo(item.certificateNo))!;
      expect(item).toMatchObject({ sha256: record.sha256, sm3: record.sm3, size: record.size, ledgerIndex: record.ledgerIndex, name: record.name });
      expect(listText).toContain(item.certificateNo);
      expect(listText).toContain(record.sha256);
      expect(entries.get(item.files.certificate)!.subarray(0, 5).toString()).toBe("%PDF-");
      expect(entries.get(item.files.proof)!.toString().startsWith("c2sp.org/tlog-proof@v1\n")).toBe(true);
      expect(entries.get(item.files.entry)!.toString()).toBe(record.entryJson);
      if (record.kind === "hash") {
        expect(item.files.content).toBeNull();
      } else {
        const content = entries.get(item.files.content)!;
        expect(sha256(content)).toBe(item.sha256);
        expect(content.length).toBe(item.size);
      }
    }
    const fileItem = manifest.items.find((item: { kind: string }) => item.kind === "file");
    expect(sha256(entries.get(fileItem.files.content)!)).toBe(sha256(fileBytes));
    // Every entry in the archive is one the manifest names (plus the two lists).
    const named = new Set(["manifest.json", "清单.txt", ...manifest.items.flatMap((item: { files: Record<string, string | null> }) => Object.values(item.files).filter(Boolean))]);
    expect([...entries.keys()].sort()).toEqual([...named].sort());
  });

  it("fails a package whose stored original no longer matches its certificate", async () => {
    const bytes = randomBytes(5000);
    const stored = (await postMultipart(t, webapiPath(KINDS.file.create), {}, { token: alice.token, files: [{ name: "file", filename: "将被篡改.bin", contentType: "application/octet-stream", content: bytes }] })).json().datas[0];
    const digest = sha256(bytes);
    const blob = path.join(t.database.dataDir, "blobs", digest.slice(0, 2), digest.slice(2, 4), digest);
    fs.chmodSync(blob, 0o644);
    fs.writeFileSync(blob, randomBytes(5000));
    const started = (await t.call(E.createPackage, { evidenceIds: [stored.id] }, { token: alice.token })).json();
    const done = await waitForPackage(E.packageStatus, started.datas.jobId, { token: alice.token });
    expect(done.status).toBe("failed");
    expect(done.message).toBe(`证据 ${stored.certificateNo} 的存储内容与存证摘要不一致`);
    expect((await t.call(E.downloadPackage, { jobId: done.jobId }, { token: alice.token })).json().code).toBe(404);
  });

  it("refuses to pack another holder's evidence", async () => {
    const response = (await t.call(E.createPackage, { evidenceIds: [ids.file, ids.bobFile] }, { token: alice.token })).json();
    expect(response.code).toBe(1001);
  });

  it("lets the third party pack only granted items", async () => {
    const created = (await createExtraction(alice, [ids.file, ids.text])).datas;
    const login = await extractLogin(created.extractNo, created.extractCode);
    const outside = (await t.call(X.createPackage, { evidenceIds: [ids.file, ids.hash] }, { cookies: login.cookies, ip: freshIp() })).json();
    expect(outside.code).toBe(404);
    const started = (await t.call(X.createPackage, { evidenceIds: [ids.file, ids.text] }, { cookies: login.cookies, ip: freshIp() })).json();
    expect(started.code).toBe(200);
    const done = await waitForPackage(X.packageStatus, started.datas.jobId, { cookies: login.cookies });
    expect(done.status).toBe("ready");
    const zip = readZip((await t.call(X.downloadPackage, { jobId: done.jobId }, { cookies: login.cookies })).rawPayload);
    const manifest = JSON.parse(zip.get("manifest.json")!.toString("utf8"));
    expect(manifest.items.map((item: { name: string }) => item.name).sort()).toEqual(["合同第一版.pdf", "聊天记录"].sort());
  });
});
