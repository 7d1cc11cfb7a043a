import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRACTION_CAPTCHA_ENDPOINT } from "../../../src/schema/account.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../../src/schema/dev-tools.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../../src/schema/identity.js";
import {
  LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR,
  LAWSUIT_PACKAGE_ENDPOINTS as ENDPOINTS,
  LAWSUIT_PACKAGE_LINK_TTL_MS,
  LAWSUIT_PACKAGE_MESSAGES,
  LawSuitPackageCode,
  type LawSuitPackage,
} from "../../../src/schema/lawsuit-package.js";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { FILING_GUIDE } from "../../../server/modules/lawsuit-package/filing-guide.js";
import { decideInConsole } from "../support/identity-review.js";
import { postMultipart } from "../support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "../support/personal-users.js";
import { gradientPng } from "../support/png-image.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";

/**
 * The litigation package (issue 19, HLSUITPACKAGE): built for the certificate's holder only, after
 * the hourly limit, the image captcha and the holder's verified ID number; the zip holds the
 * evidence, its certificate, proofs, the checks report and the filing guide, behind a ticket that
 * expires. Nothing secret reaches the logs or the rows.
 */

/** An ID number whose check character is X, typed in lower case by the asker. */
function idNumberEndingInX(): string {
  for (let serial = 100; serial < 1000; serial++) {
    const first17 = `11010119900307${serial}`;
    if (nationalIdCheckChar(first17) === "X") return `${first17}X`;
  }
  throw new Error("no ID number ending in X");
}
const PERSON_ID = idNumberEndingInX();
const LICENCE = "91110108MA01LSPK7Q";
const ENTERPRISE = { enterpriseName: "衡证诉讼包测试有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: LICENCE };
const MINUTE = 60_000;
const FIRM_TEXT = "甲方于每月五日前供货，乙方验收后十日内付款。";

let t: TestApp;
let zhang: RegisteredUser;
let firm: RegisteredUser;
let stranger: RegisteredUser;
let zhangEvidence: Stored;
let firmEvidence: Stored;
let strangerEvidence: Stored;
/** Where packages wait for their download (the blob store's scratch files, DATA_DIR/blobs/scratch), and where they are written first. */
let scratch: string;
let workDir: string;
/** The packaging jobs of litigation packages (evidence_packages of kind "lawsuit"). */
const lawsuitJobs = () => t.app.database.db.selectFrom("evidence_packages").selectAll().where("kind", "=", "lawsuit").execute();
const storedPackages = () => (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).filter((name) => name.startsWith("lawsuit-package-"));
/** The first app's logs, kept for the check of secrets after the restart. */
const logsBeforeRestart: string[] = [];
/** Every captcha answer and ticket handed out, to look for in logs and rows. */
const secretsSeen: string[] = [];

type Stored = { id: number; certificateNo: string; content: Buffer };
type Form = { certificateNo: string; idCardNo: string; verifyCode?: string };

async function storeFile(user: RegisteredUser, name: string): Promise<Stored> {
  const content = randomBytes(300);
  const response = await postMultipart(t, webapiPath(KINDS.file.create), { name }, { token: user.token, files: [{ name: "file", filename: name, contentType: "text/plain", content }] });
  const [stored] = response.json().datas;
  return { ...stored, content };
}

async function captcha() {
  const response = await t.call(EXTRACTION_CAPTCHA_ENDPOINT, { time: t.clock.now() });
  const cookies = { hz_captcha: response.cookies.find((cookie) => cookie.name === "hz_captcha")!.value };
  const answer = (await t.call(DEV_ENDPOINTS.captchaAnswer, {}, { cookies })).json().datas.answer as string;
  secretsSeen.push(answer);
  return { cookies, answer };
}

/** Asks for a package as the page does: a fresh captcha, solved unless the form brings its own answer. */
async function ask(form: Form, ip: string, solved?: Awaited<ReturnType<typeof captcha>>) {
  const { cookies, answer } = solved ?? (await captcha());
  return (await t.call(ENDPOINTS.getLawSuitPackage, { verifyCode: answer, ...form }, { ip, cookies })).json();
}

/** The link as the page follows it: its path and ticket, signed like every call. */
async function download(filePath: string) {
  const url = new URL(filePath, "http://localhost");
  return t.get(url.pathname, Object.fromEntries(url.searchParams));
}

/** The package as a file, and its entries as `unzip -l` lists them. */
function saved(bytes: Buffer, name: string): { file: string; entries: string[] } {
  const file = path.join(t.database.dataDir, name);
  fs.writeFileSync(file, bytes);
  const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" });
  return { file, entries: listing.split("\n").filter(Boolean) };
}

const unzipped = (file: string, entry: string) => execFileSync("unzip", ["-p", file, entry], { maxBuffer: 64 * 1024 * 1024 });

function pdfInfo(bytes: Buffer, name: string): string {
  const file = path.join(t.database.dataDir, name);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdfinfo", [file], { encoding: "utf8" });
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  scratch = path.join(t.database.dataDir, "blobs", "scratch");
  workDir = path.join(t.database.dataDir, "tmp", "lawsuit-packages");
  zhang = await registerUser(t, "13730000001");
  firm = await registerUser(t, "lawsuit.package.firm@example.com");
  stranger = await registerUser(t, "13730000003");
  expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "张诉讼", idNumber: PERSON_ID }, { token: zhang.token })).json().code).toBe(200);
  const files = [{ name: "licenceImage", filename: "licence.png", contentType: "image/png", content: gradientPng(40, 30) }];
  expect((await postMultipart(t, webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), ENTERPRISE, { token: firm.token, files, ip: freshIp() })).json().code).toBe(200);
  t.clock.advance(MINUTE);
  expect((await decideInConsole(t, zhang.account, "approve")).json().code).toBe(200);
  expect((await decideInConsole(t, firm.account, "approve")).json().code).toBe(200);
  t.clock.advance(MINUTE);
  zhangEvidence = await storeFile(zhang, "借款合同.txt");
  const text = (await t.call(KINDS.text.create, { name: "供货协议要点", content: FIRM_TEXT }, { token: firm.token })).json().datas;
  firmEvidence = { id: text.id, certificateNo: text.certificateNo, content: Buffer.from(FIRM_TEXT, "utf8") };
  strangerEvidence = await storeFile(stranger, "未认证用户的文件.txt");
}, 120_000);
afterAll(async () => t?.close());

describe("the holder's package", () => {
  let answer: LawSuitPackage;

  it("is built for the person holding the certificate (ID typed with a lower-case x and spaces) and downloads as a zip", async () => {
    const response = await ask({ certificateNo: zhangEvidence.certificateNo.toLowerCase(), idCardNo: ` ${PERSON_ID.toLowerCase()} ` }, freshIp());
    expect(response.code).toBe(200);
    answer = response.datas;
    secretsSeen.push(new URL(answer.filePath, "http://localhost").searchParams.get("ticket")!);
    expect(answer).toMatchObject({ title: `${zhangEvidence.certificateNo} 诉讼包`, fileFormat: "zip" });
    expect(answer.filePath.startsWith(`${webapiPath(ENDPOINTS.downloadLawSuitPackage)}?ticket=`)).toBe(true);
    expect(answer.fileNum).toBe(answer.files.length);
    expect(answer.content).toContain("<p>");

    const zip = await download(answer.filePath);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(`诉讼包-${zhangEvidence.certificateNo}.zip`)}`);
    const { file, entries } = saved(zip.rawPayload, "zhang.zip");
    expect(entries.sort()).toEqual(answer.files.map((entry) => entry.name).sort());
    const no = zhangEvidence.certificateNo;
    expect(entries).toEqual(
      expect.arrayContaining([`${no}/借款合同.txt`, `${no}/存证证书-${no}.pdf`, `${no}/${no}.tlog-proof`, `${no}/${no}.entry.json`, `检验报告/数据检验报告-${no}.pdf`, `诉讼指引/${FILING_GUIDE.title}.pdf`, "proofs/public-verification.json", "manifest.json", "清单.txt"]),
    );
    // The original exactly as stored; the certificate and the reports are PDFs pdfinfo reads.
    expect(unzipped(file, `${no}/借款合同.txt`).equals(zhangEvidence.content)).toBe(true);
    expect(pdfInfo(unzipped(file, `${no}/存证证书-${no}.pdf`), "certificate.pdf")).toMatch(/Pages:\s+[1-9]/);
    expect(pdfInfo(unzipped(file, `检验报告/数据检验报告-${no}.pdf`), "checks.pdf")).toMatch(/Pages:\s+[1-9]/);
    const guide = unzipped(file, `诉讼指引/${FILING_GUIDE.title}.pdf`);
    fs.writeFileSync(path.join(t.database.dataDir, "guide.pdf"), guide);
    expect(execFileSync("pdftotext", [path.join(t.database.dataDir, "guide.pdf"), "-"], { encoding: "utf8" }).replace(/\s/g, "")).toContain(FILING_GUIDE.title.replace(/\s/g, ""));
    const verification = JSON.parse(unzipped(file, "proofs/public-verification.json").toString("utf8"));
    expect(verification).toMatchObject({ certificateNo: no, holderIdentity: { kind: "person" } });
    expect(verification.entry).toBe(unzipped(file, `${no}/${no}.entry.json`).toString("utf8"));
    const descriptions = Object.fromEntries(answer.files.map((entry) => [entry.name, entry.description]));
    expect(descriptions[`检验报告/数据检验报告-${no}.pdf`]).toContain("数据检验报告");
    expect(descriptions[`${no}/借款合同.txt`]).toContain("原始文件");
    for (const description of Object.values(descriptions)) expect(description).toMatch(/\p{Script=Han}/u);
    const entrySizes = Object.fromEntries(answer.files.map((entry) => [entry.name, entry.bytes]));
    expect(entrySizes[`${no}/借款合同.txt`]).toBe(zhangEvidence.content.length);
  });

  it("is built for an organisation holding the certificate by its licence number, with its text evidence as stored", async () => {
    const response = await ask({ certificateNo: firmEvidence.certificateNo, idCardNo: LICENCE.toLowerCase() }, freshIp());
    expect(response.code).toBe(200);
    secretsSeen.push(new URL(response.datas.filePath, "http://localhost").searchParams.get("ticket")!);
    const zip = await download(response.datas.filePath);
    const { file } = saved(zip.rawPayload, "firm.zip");
    const no = firmEvidence.certificateNo;
    expect(pdfInfo(unzipped(file, `${no}/存证证书-${no}.pdf`), "firm-certificate.pdf")).toMatch(/Pages:\s+[1-9]/);
    const original = (response.datas as LawSuitPackage).files.find((entry) => entry.description.includes("原始文件"))!;
    expect(original.name.startsWith(`${no}/`)).toBe(true);
    expect(unzipped(file, original.name).toString("utf8")).toBe(FIRM_TEXT);
  });

  it("survives a restart: the sweep at start keeps live packages and removes what a dead run left half written", async () => {
    const stray = path.join(workDir, `lawsuit-package-${"0".repeat(64)}.zip.0a0b0c0d0e0f.part`);
    fs.mkdirSync(workDir, { recursive: true });
    fs.writeFileSync(stray, "left by a process killed while writing");
    // Untouched for over an hour: no live run (which writes to its file all along) owns it.
    const longAgo = new Date(Date.now() - 2 * 60 * MINUTE);
    fs.utimesSync(stray, longAgo, longAgo);
    logsBeforeRestart.push(...t.logs);
    t = await restartTestApp(t, { seedDemo: false });
    expect(fs.existsSync(stray)).toBe(false);
    const zip = await download(answer.filePath);
    expect(zip.statusCode).toBe(200);
    expect(saved(zip.rawPayload, "after-restart.zip").entries).toContain("清单.txt");
  });

  it("expires: the ticket is refused past its time, its file and row removed", async () => {
    const ticket = new URL(answer.filePath, "http://localhost").searchParams.get("ticket")!;
    expect(storedPackages().length).toBeGreaterThan(0);
    t.clock.advance(LAWSUIT_PACKAGE_LINK_TTL_MS + 1);
    try {
      const refused = (await download(answer.filePath)).json();
      expect(refused).toMatchObject({ code: LawSuitPackageCode.downloadExpired, message: LAWSUIT_PACKAGE_MESSAGES.downloadExpired });
      await t.app.services.lawsuitPackage.packages.sweep();
      expect(storedPackages()).toEqual([]);
      expect(await lawsuitJobs()).toEqual([]);
      // Unknown tickets answer alike.
      expect((await download(`${webapiPath(ENDPOINTS.downloadLawSuitPackage)}?ticket=${ticket.slice(1)}A`)).json().code).toBe(LawSuitPackageCode.downloadExpired);
    } finally {
      // Later tests start from a fresh hour.
      t.clock.advance(60 * MINUTE);
    }
  });
});

describe("refusals", () => {
  it("answers a wrong ID and an unknown certificate with the same message", async () => {
    const ip = freshIp();
    const wrongId = await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: LICENCE }, ip);
    const unknown = await ask({ certificateNo: `${zhangEvidence.certificateNo.slice(0, -4)}ZZZZ`, idCardNo: PERSON_ID }, ip);
    const unverifiedHolder = await ask({ certificateNo: strangerEvidence.certificateNo, idCardNo: PERSON_ID }, ip);
    for (const refused of [wrongId, unknown, unverifiedHolder]) {
      expect(refused.code).toBe(LawSuitPackageCode.notHolder);
      expect(refused.message).toBe(LAWSUIT_PACKAGE_MESSAGES.notHolder);
    }
    expect(JSON.stringify(wrongId.extraData ?? null)).toBe(JSON.stringify(unknown.extraData ?? null));
  });

  it("refuses a wrong captcha and a used one", async () => {
    const ip = freshIp();
    const wrong = await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: PERSON_ID, verifyCode: "zzzz" }, ip);
    expect(wrong).toMatchObject({ code: LawSuitPackageCode.captchaInvalid, message: LAWSUIT_PACKAGE_MESSAGES.captchaInvalid });
    const solved = await captcha();
    expect((await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: LICENCE }, ip, solved)).code).toBe(LawSuitPackageCode.notHolder);
    // The right ID with the captcha a refusal used up.
    expect((await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: PERSON_ID }, ip, solved)).code).toBe(LawSuitPackageCode.captchaInvalid);
  });

  it(`refuses the ${LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR + 1}th attempt of an address within the hour, before looking at anything`, async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR; attempt++) {
      expect((await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: "110101199001011234", verifyCode: "zzzz" }, ip)).code).toBe(LawSuitPackageCode.captchaInvalid);
    }
    const limited = await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: PERSON_ID }, ip);
    expect(limited).toMatchObject({ code: LawSuitPackageCode.rateLimited, message: LAWSUIT_PACKAGE_MESSAGES.rateLimited });
    // Another address is not affected; the limited one may try again after the hour.
    expect((await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: PERSON_ID }, freshIp())).code).toBe(200);
    t.clock.advance(60 * MINUTE + 1);
    expect((await ask({ certificateNo: zhangEvidence.certificateNo, idCardNo: PERSON_ID }, ip)).code).toBe(200);
  });
});

describe("a build its process never finished", () => {
  it("is built again when the app starts, under the ticket it was asked with, and a finished package is not built again", async () => {
    const ticket = randomBytes(32).toString("base64url");
    secretsSeen.push(ticket);
    const no = zhangEvidence.certificateNo;
    const jobKey = createHash("sha256").update(ticket, "utf8").digest("hex");
    // What a process killed mid-build leaves: its job running with one attempt spent, its ticket only in the dead call.
    await t.app.database.db
      .insertInto("evidence_packages")
      .values({ kind: "lawsuit", job_key: jobKey, owner: "lawsuit:killed", state: "running", items_json: JSON.stringify([{ holderUserId: zhang.id, id: zhangEvidence.id }]), file_name: `诉讼包-${no}.zip`, total: 1, done: 0, units_total: 1, units_done: 0, attempts: 1, created_at: t.clock.now(), run_started_at: Date.now() })
      .execute();
    const job = async () => (await lawsuitJobs()).find((row) => row.job_key === jobKey)!;
    const link = `${webapiPath(ENDPOINTS.downloadLawSuitPackage)}?ticket=${ticket}`;
    expect((await download(link)).json().code).toBe(LawSuitPackageCode.downloadExpired);

    logsBeforeRestart.push(...t.logs);
    t = await restartTestApp(t, { seedDemo: false });
    for (const deadline = Date.now() + 30_000; (await job()).state !== "ready"; ) {
      if (Date.now() > deadline) throw new Error(`the package was not built again: ${JSON.stringify(await job())}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const built = await job();
    expect(built).toMatchObject({ attempts: 2, done: 1 });
    const files = JSON.parse(built.detail_json!) as LawSuitPackage["files"];
    const zip = await download(link);
    expect(zip.statusCode).toBe(200);
    expect(saved(zip.rawPayload, "rebuilt.zip").entries.sort()).toEqual(files.map((file) => file.name).sort());

    // Another start finds it ready and leaves it alone.
    const file = path.join(scratch, `lawsuit-package-${jobKey}.zip`);
    const writtenAt = fs.statSync(file).mtimeMs;
    logsBeforeRestart.push(...t.logs);
    t = await restartTestApp(t, { seedDemo: false });
    expect(await job()).toEqual(built);
    expect(fs.statSync(file).mtimeMs).toBe(writtenAt);
  });
});

describe("secrets", () => {
  it("never reach the logs or the package tables: ID numbers, captcha answers, tickets, addresses", async () => {
    const jobs = await lawsuitJobs();
    const attempts = await t.app.database.db.selectFrom("lawsuit_package_attempts").selectAll().execute();
    expect(jobs.length).toBeGreaterThan(0);
    expect(attempts.length).toBeGreaterThan(0);
    const rows = JSON.stringify([jobs, attempts]);
    const logs = [...logsBeforeRestart, ...t.logs].join("");
    expect(logs).toContain(webapiPath(ENDPOINTS.getLawSuitPackage));
    for (const secret of [PERSON_ID, PERSON_ID.toLowerCase(), LICENCE, LICENCE.toLowerCase(), ...secretsSeen]) {
      expect(logs).not.toContain(secret);
      expect(rows).not.toContain(secret);
    }
    expect(rows).not.toMatch(/10\.77\./);
    for (const name of storedPackages()) for (const secret of secretsSeen) expect(name).not.toContain(secret);
  });
});
