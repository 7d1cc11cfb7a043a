import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import Fastify, { type FastifyInstance, type InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedBody, signedPostQuery, signedQuery } from "../../server/http/route-schema.js";
import { EvidenceLedgerWriter } from "../../server/modules/evidence/evidence-ledger-writer.js";
import { EvidenceRepository } from "../../server/modules/evidence/evidence.repository.js";
import { EXPOSED_TOKEN_REPAIR_MARKER } from "../../server/modules/session/exposed-token-repair.js";
import { multipartPlugin } from "../../server/plugins/multipart.js";
import { transportFieldsPlugin } from "../../server/plugins/transport-fields.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { canonicalJson } from "../../src/schema/canonical-json.js";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { EXPERT_ENDPOINTS } from "../../src/schema/judicial-expert.js";
import { WEBAPI_PREFIX, webapiPath, type Endpoint } from "../../src/schema/contract.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { SUBMITTED_EVIDENCE_KINDS, type SubmittedEvidenceKind } from "../../src/schema/evidence-entry.js";
import { EVIDENCE_ENDPOINTS, EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS as E, EXTRACTION_ENDPOINTS as X } from "../../src/schema/evidence-library.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { PROFILE_ENDPOINTS } from "../../src/schema/profile-form.js";
import { encryptorFor, solveCaptcha } from "./support/login-client.js";
import { encodeMultipart, postMultipart, type FilePart } from "./support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "./support/test-app.js";
import { readZip } from "./support/zip-reader.js";

/**
 * Issue 11: the transport fields of a /webapi call (the session token, the signature's timestamp
 * and signature, paramStr) are for the signature and session checks only. A voucher used to store
 * the holder's token in its original, which the holder's downloads, packages and a third party's
 * extraction then served. This file walks every evidence kind and every way its bytes are kept or
 * handed out, and looks for those fields in all of them.
 */

/** The names, written here on purpose rather than imported: the oracle must not follow the code. */
const TRANSPORT_FIELD_NAMES = ["token", "timestamp", "signature", "paramStr"];
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const sm3 = (bytes: Buffer | string) => createHash("sm3").update(bytes).digest("hex");
const file = (filename: string, content: Buffer, name = "file"): FilePart => ({ name, filename, contentType: "application/octet-stream", content });

describe("the transport-fields plugin", () => {
  let app: FastifyInstance;
  /** What the route-level preHandler (like the replay guard) and the handler saw. */
  const seen: { preHandler: Record<string, unknown>[]; handler: Record<string, unknown>[] } = { preHandler: [], handler: [] };

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(multipartPlugin);
    await app.register(transportFieldsPlugin);
    const preHandler = async (request: { query: unknown; body: unknown }) => void seen.preHandler.push({ ...(request.query as object), ...(request.body as object) });
    const handler = async (request: { query: unknown; body: unknown }) => {
      seen.handler.push({ ...(request.query as object), ...(request.body as object) });
      return { ok: true };
    };
    app.get("/webapi/echo", { schema: { querystring: signedQuery({ name: z.string() }) }, preHandler }, handler);
    app.post("/webapi/echo", { schema: { querystring: signedPostQuery(), body: signedBody({ name: z.string() }) }, preHandler }, handler);
    await app.ready();
  });
  afterAll(async () => app.close());

  const transport = { timestamp: "1767225600000", signature: "ab".repeat(32) };

  it.each([
    ["a GET query", { method: "GET", url: "/webapi/echo", query: { ...transport, token: "the-token", name: "x" } }],
    ["a JSON body", { method: "POST", url: "/webapi/echo", query: transport, payload: { token: "the-token", name: "x", paramStr: "p" } }],
    ["a multipart body", { method: "POST", url: "/webapi/echo", query: transport, ...multipart({ token: "the-token", name: "x" }) }],
  ] as [string, InjectOptions][])("keeps %s's fields for the hooks and takes them away before the handler", async (_label, request) => {
    seen.preHandler.length = 0;
    seen.handler.length = 0;
    expect((await app.inject(request)).json()).toEqual({ ok: true });
    expect(seen.preHandler[0]).toMatchObject({ token: "the-token", signature: transport.signature, timestamp: transport.timestamp, name: "x" });
    expect(seen.handler).toEqual([{ name: "x" }]);
  });

  function multipart(fields: Record<string, string>) {
    const { body, contentType } = encodeMultipart(fields, []);
    return { payload: body, headers: { "content-type": contentType } };
  }
});

describe("every evidence kind, every download", () => {
  let t: TestApp;
  let alice: RegisteredUser;
  /** Every signature sent to the app, recorded as the requests leave the test. */
  const signatures = new Set<string>();
  /** Every record: the top-level ones of each kind and an affair's children. */
  const ids: number[] = [];
  /** Everything the app answered, by where it came from. */
  const served: Found[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    recordSignatures(t.app, signatures);
    alice = await registerUser(t, "13700000031");
    for (const kind of SUBMITTED_EVIDENCE_KINDS) ids.push(...(await storeEvidence[kind]()));
    await touchSiblings(t, alice);
  }, 120_000);
  afterAll(async () => t?.close());

  /** One recipe per kind (a Record, so a new kind does not compile until it has one); each answers its record ids. */
  const storeEvidence: Record<SubmittedEvidenceKind, () => Promise<number[]>> = {
    file: async () => ok(await postMultipart(t, webapiPath(KINDS.file.create), { name: "合同" }, { token: alice.token, files: [file("contract.pdf", randomBytes(500))] })).map((record: { id: number }) => record.id),
    text: async () => [ok(await t.call(KINDS.text.create, { name: "聊天记录", content: "第一行\n第二行" }, { token: alice.token })).id],
    hash: async () => [await storeHashThenOriginal("hash", {})],
    voucher: async () => {
      const fields = { name: "货款凭证", voucherNo: "T20261122001", tradeTime: String(Date.UTC(2026, 10, 20)), amountFen: "150000", payer: "甲公司", payee: "乙公司", description: "十一月货款" };
      const attachments = [file("receipt.pdf", Buffer.from("%PDF-1.4 receipt"), "attachments"), file("invoice.txt", Buffer.from("发票"), "attachments")];
      return [ok(await postMultipart(t, webapiPath(KINDS.voucher.create), fields, { token: alice.token, files: attachments })).id];
    },
    affair: async () => {
      const affair = ok(await postMultipart(t, webapiPath(KINDS.affair.create), { name: "采购事务", description: "两份文件" }, { token: alice.token, files: [file("a.txt", Buffer.from("A")), file("b.txt", Buffer.from("B"))] }));
      const children = ok(await t.call(EVIDENCE_ENDPOINTS.affairChildList, { parentId: affair.id }, { token: alice.token })).list.map((child: { id: number }) => child.id);
      expect(children).toHaveLength(2);
      return [affair.id, ...children];
    },
    rightsFile: async () => {
      const fields = { name: "摄影作品", author: "张三", rightType: "2", creationTime: String(Date.UTC(2026, 0, 1)) };
      return [ok(await postMultipart(t, webapiPath(KINDS.rightsFile.create), fields, { token: alice.token, files: [file("photo.jpg", Buffer.from("jpeg"))] })).id];
    },
    rightsHash: async () => [await storeHashThenOriginal("rightsHash", { author: "李四", rightType: "2", creationTime: Date.UTC(2026, 0, 3) })],
    rightsWeb: async () => {
      const fields = { name: "网页文章", author: "王五", creationTime: String(Date.UTC(2026, 0, 2)), url: "https://example.com/article" };
      return [ok(await postMultipart(t, webapiPath(KINDS.rightsWeb.create), fields, { token: alice.token, files: [file("article.html", Buffer.from("<html>文章</html>"))] })).id];
    },
  };

  /** A digest-only record, then its original presented through applyHashCertificate (multipart, with the token). */
  async function storeHashThenOriginal(kind: "hash" | "rightsHash", extra: Record<string, unknown>) {
    const original = randomBytes(300);
    const digests = { fileName: "design.psd", size: original.length, sha256: sha256(original), sm3: sm3(original) };
    const record = ok(await t.call(KINDS[kind].create, { name: "设计稿", ...digests, ...extra }, { token: alice.token }));
    ok(await postMultipart(t, webapiPath(EVIDENCE_ENDPOINTS.applyHashCertificate), { id: String(record.id) }, { token: alice.token, files: [file("design.psd", original)] }));
    return record.id as number;
  }

  it("serves none of them: the holder's parts, details and certificate PDFs, packages, public verification, a third party's extraction", async () => {
    const holder = { token: alice.token };
    for (const id of ids) {
      const detail = await t.call(E.detail, { id }, holder);
      served.push({ label: `detail ${id}`, bytes: detail.rawPayload });
      const certificateNo = ok(detail).certificateNo as string;
      served.push({ label: `public verification ${id}`, bytes: (await t.call(CERTIFICATE_ENDPOINTS.verifyByCertificateNo, { certificateNo })).rawPayload });
    }
    const routes = await partDownloadRoutes();
    expect(Object.keys(routes)).toEqual(expect.arrayContaining([webapiPath(E.downloadItem), webapiPath(X.download)]));
    const isThirdParty = (route: string) => route.startsWith(`${WEBAPI_PREFIX}/extractEvidence/`);
    for (const [route, parts] of Object.entries(routes)) if (!isThirdParty(route)) served.push(...(await downloadEveryPart(route, parts, holder)));
    for (const id of ids) served.push({ label: `certificate PDF ${id}`, bytes: pdfOf(await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(id) }, holder)) });
    served.push({ label: "holder package", bytes: await packageOf(E.createPackage, E.packageStatus, E.downloadPackage, holder) });

    const extraction = ok(await t.call(E.createExtraction, { evidenceIds: ids, validDays: 7, remark: "提交法院" }, holder));
    const { cookies, answer } = await solveCaptcha(t);
    const login = await t.call(X.login, { extractNo: extraction.extractNo, extractCode: extraction.extractCode, vCode: answer }, { cookies, ip: freshIp() });
    expect(login.json().code).toBe(200);
    const third = { cookies: { hz_extract: login.cookies.find((cookie) => cookie.name === "hz_extract")!.value } };
    served.push({ label: "extraction list", bytes: (await t.call(X.list, {}, third)).rawPayload });
    for (const [route, parts] of Object.entries(routes)) if (isThirdParty(route)) served.push(...(await downloadEveryPart(route, parts, third)));
    served.push({ label: "extraction package", bytes: await packageOf(X.createPackage, X.packageStatus, X.downloadPackage, { ...third, ip: freshIp() }) });

    const findings = served.flatMap(({ label, bytes }) => expand(label, bytes)).flatMap((found) => leaksIn(found, [alice.token, ...signatures]));
    expect(findings).toEqual([]);
  }, 180_000);

  it("stores none of them: no table row, no file under the data folder, no ledger entry", async () => {
    const stored = [...(await everyTableRow(t)), ...everyFileUnder(t), ...(await everyLedgerEntry(t))];
    expect(stored.length).toBeGreaterThan(50);
    // The voucher's own original is among them: the walk reaches what used to leak.
    expect(stored.some(({ bytes }) => bytes.includes("T20261122001"))).toBe(true);
    const findings = stored.flatMap((found) => leaksIn(found, [alice.token, ...signatures]));
    expect(findings).toEqual([]);
  });

  it("logs neither the token nor any signature", () => {
    const logs = Buffer.from(t.logs.join(""));
    expect(logs.length).toBeGreaterThan(0);
    expect(leaksIn({ label: "logs", bytes: logs, keys: false }, [alice.token, ...signatures])).toEqual([]);
  });

  /**
   * Each part of each record, downloaded through `route`. The routes and their parts are read from
   * the OpenAPI document (the routes' own schemas), so a part or a part route added later is walked
   * too; each part must answer a file at least once, and otherwise "nothing to download" (404).
   */
  async function downloadEveryPart(route: string, parts: string[], who: { token?: string; cookies?: Record<string, string> }) {
    const answers: Found[] = [];
    const filesPerPart = new Map(parts.map((part) => [part, 0]));
    for (const id of ids) {
      for (const part of parts) {
        const label = `${route} ${part} of ${id}`;
        // `index` picks one of several files of a part (a voucher's attachments): the first is enough.
        const response = await t.get(route, { id, part, ...(routesWithIndex.has(route) ? { index: 0 } : {}) }, who);
        const isEnvelope = String(response.headers["content-type"]).startsWith("application/json");
        if (isEnvelope) expect(response.json(), label).toMatchObject({ code: 404 });
        else filesPerPart.set(part, filesPerPart.get(part)! + 1);
        answers.push({ label, bytes: response.rawPayload });
      }
    }
    for (const [part, files] of filesPerPart) expect(files, `files of part ${part} from ${route}`).toBeGreaterThan(0);
    return answers;
  }

  /** Routes whose query also takes an `index` (which file of a part). */
  const routesWithIndex = new Set<string>();

  /** Every GET route whose query has a `part`, with the parts its schema lists. */
  async function partDownloadRoutes(): Promise<Record<string, string[]>> {
    type Parameter = { name: string; in: string; required?: boolean; schema: { enum?: string[] } };
    const document = (await t.app.inject({ method: "GET", url: "/opendocs/json" })).json() as { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
    const routes: Record<string, string[]> = {};
    // An appraisal expert's download of commissioned evidence serves the same parts through the
    // library's own code, but only to an expert of the commissioned institution: this holder's walk
    // cannot reach it (tests/server/judicial-expert/commissions.test.ts downloads through it).
    const otherPartiesRoutes = new Set([webapiPath(EXPERT_ENDPOINTS.downloadEvidence)]);
    for (const [route, methods] of Object.entries(document.paths)) {
      if (otherPartiesRoutes.has(route)) continue;
      const parameters = methods.get?.parameters ?? [];
      const part = parameters.find((parameter) => parameter.in === "query" && parameter.name === "part");
      if (!part) continue;
      // A parameter this walk does not send would leave parts unreached: say so rather than skip them.
      const unknown = parameters.filter((parameter) => parameter.required && !["id", "part", "timestamp", "signature"].includes(parameter.name));
      expect(unknown.map((parameter) => parameter.name), `${route} needs parameters this walk does not send`).toEqual([]);
      expect(part.schema.enum?.length, `${route} lists its parts`).toBeGreaterThanOrEqual(3);
      routes[route] = part.schema.enum!;
      if (parameters.some((parameter) => parameter.in === "query" && parameter.name === "index")) routesWithIndex.add(route);
    }
    return routes;
  }

  async function packageOf(create: Endpoint, status: Endpoint, download: Endpoint, who: { token?: string; cookies?: Record<string, string>; ip?: string }) {
    const jobId = ok(await t.call(create, { evidenceIds: ids }, who)).jobId as string;
    for (;;) {
      const state = ok(await t.call(status, { jobId }, who));
      if (state.status === "ready") break;
      expect(state.status).toBe("packaging");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const zip = await t.call(download, { jobId }, who);
    expect(zip.headers["content-type"]).toBe("application/zip");
    return zip.rawPayload;
  }
});

describe("sessions whose token an earlier version stored in a voucher", () => {
  it("are ended at the next start, counted in the log; other sessions live on and the repair runs once", async () => {
    let t = await createTestApp({ seedDemo: false });
    try {
      const alice = await registerUser(t, "13700000041");
      const bob = await registerUser(t, "13700000042");
      const holder = (user: RegisteredUser) => t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: user.id }, { token: user.token });
      await storeVoucherTheOldWay(t, alice);
      // A database written by the earlier version has no marker of the repair.
      await t.app.database.db.deleteFrom("app_meta").where("key", "=", EXPOSED_TOKEN_REPAIR_MARKER).execute();

      t = await restartTestApp(t, { seedDemo: false });
      expect((await holder(alice)).json().code).toBe(3013);
      expect((await holder(bob)).json().code).toBe(200);
      const line = t.logs.map((text) => JSON.parse(text)).find((entry) => typeof entry.endedSessions === "number");
      expect(line).toMatchObject({ endedSessions: 1, level: 40 });
      expect(t.logs.join("")).not.toContain(alice.token);

      // Remembered: the next start does not scan again.
      const freshAlice = await registerUser(t, "13700000043");
      await storeVoucherTheOldWay(t, freshAlice);
      t = await restartTestApp(t, { seedDemo: false });
      expect((await holder(freshAlice)).json().code).toBe(200);
      expect(t.logs.some((text) => text.includes("endedSessions"))).toBe(false);
    } finally {
      await t.close();
    }
  }, 60_000);

  /** What the earlier saveVoucher wrote: the validated fields, token included, as the original and its details. */
  async function storeVoucherTheOldWay(t: TestApp, user: RegisteredUser) {
    const voucher = { voucherNo: "OLD-1", tradeTime: Date.UTC(2026, 10, 1), amountFen: 100, payer: "甲", payee: "乙", token: user.token };
    const content = Buffer.from(canonicalJson({ voucher, attachments: [] }), "utf8");
    const { db } = t.app.database;
    const repository = new EvidenceRepository(db);
    const writer = new EvidenceLedgerWriter({ db, repository, ledger: t.app.services.ledger, blobs: t.app.services.blobs, now: t.clock.now, log: t.app.log });
    const blobSha256 = await t.app.services.blobs.put(content);
    const draft = { kind: "voucher" as const, holderUserId: user.id, holderName: user.account, name: "旧凭证", size: content.length, sha256: sha256(content), sm3: sm3(content), blobSha256, details: { voucher, attachments: [] } };
    await writer.store(writer.prepare(draft));
  }
});

// ---- helpers ----

/** The `datas` of a successful envelope. */
function ok(response: { json(): { code: number; message?: string; datas?: unknown } }) {
  const body = response.json();
  expect(body, body.message).toMatchObject({ code: 200 });
  // Answers of many shapes; each use reads the fields it expects.
  return body.datas as any;
}

function pdfOf(response: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  expect(response.headers["content-type"]).toBe("application/pdf");
  return response.rawPayload;
}

/** Wraps inject so that the signature of every request made through it is remembered. */
function recordSignatures(app: FastifyInstance, into: Set<string>) {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<unknown>;
  (app as { inject: unknown }).inject = (options: InjectOptions) => {
    const signature = (options.query as Record<string, unknown> | undefined)?.signature;
    if (typeof signature === "string") into.add(signature);
    return inject(options);
  };
}

/**
 * Other calls whose bodies carry the token into services that store what they are given: a
 * profile, a real-name application, a sub-account, an avatar. The table walk then covers them too.
 */
async function touchSiblings(t: TestApp, user: RegisteredUser) {
  const session = { token: user.token };
  ok(await t.call(PROFILE_ENDPOINTS.updateProfile, { industryId: 4, province: "110000", city: "110100", district: "110101" }, session));
  ok(await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "张三", idNumber: "11010519491231002X" }, session));
  const { encryptPassword } = await encryptorFor(t);
  ok(await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: "13700000039", name: "法务部", encryptPassword: encryptPassword("init1234") }, { ...session, ip: freshIp() }));
}

/** Every row of every table, its values only (column names such as a TSA `token` column are not data). */
async function everyTableRow(t: TestApp) {
  const { db } = t.app.database;
  const tables = await db.introspection.getTables();
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["evidence_records", "sessions", "users"]));
  const rows: { label: string; bytes: Buffer }[] = [];
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    result.rows.forEach((row, index) => rows.push({ label: `table ${table.name} row ${index}`, bytes: Buffer.concat(Object.values(row).map(bytesOf)) }));
  }
  return rows;
}

function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return Buffer.concat([value, Buffer.from("\n")]);
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(value), Buffer.from("\n")]);
  return Buffer.from(`${value === null ? "" : String(value)}\n`);
}

/** Every file under the data folder: blobs, ledger tiles, keys, and a SQLite database with its journal. */
function everyFileUnder(t: TestApp): Found[] {
  const dir = t.database.dataDir;
  const target = t.app.database.target;
  const isDatabaseFile = (file: string) => target.kind === "sqlite" && file.startsWith(target.file);
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .flatMap((file) => (isDatabaseFile(file) ? [{ label: `file ${path.relative(dir, file)}`, bytes: fs.readFileSync(file), keys: false }] : expand(`file ${path.relative(dir, file)}`, fs.readFileSync(file))));
}

async function everyLedgerEntry(t: TestApp) {
  const size = (await t.app.services.ledger.latestCheckpoint())!.treeSize;
  const entries: { label: string; bytes: Buffer }[] = [];
  for (let index = 0; index < size; index++) entries.push({ label: `ledger entry ${index}`, bytes: Buffer.from((await t.app.services.ledger.entry(index))!) });
  return entries;
}

/** A served or stored thing as a reader sees it: a ZIP's entries inflated, a PDF's streams inflated and its text extracted. */
function expand(label: string, bytes: Buffer): { label: string; bytes: Buffer }[] {
  const own = { label, bytes };
  if (bytes.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1"))) {
    return [own, ...[...readZip(bytes)].flatMap(([name, content]) => expand(`${label} › ${name}`, content))];
  }
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    return [own, ...pdfStreams(bytes).map((stream, index) => ({ label: `${label} › stream ${index}`, bytes: stream })), { label: `${label} › text`, bytes: pdfText(bytes) }];
  }
  return [own];
}

function pdfStreams(pdf: Buffer): Buffer[] {
  const streams: Buffer[] = [];
  const text = pdf.toString("latin1");
  for (let start = text.indexOf("stream"); start >= 0; start = text.indexOf("stream", start + 6)) {
    if (text.slice(start - 3, start) === "end") continue;
    const body = start + 6 + (text[start + 6] === "\r" ? 2 : 1);
    const end = text.indexOf("endstream", body);
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(body, end)));
    } catch {
      // Not a Flate stream (an image, or already plain): the raw PDF bytes are searched anyway.
    }
  }
  return streams;
}

/** The text a PDF shows (glyphs are not stored as text in a content stream); nothing for what only looks like a PDF. */
function pdfText(pdf: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "transport-pdf-"));
  try {
    fs.writeFileSync(path.join(dir, "x.pdf"), pdf);
    return execFileSync("pdftotext", ["-q", path.join(dir, "x.pdf"), "-"]);
  } catch {
    return Buffer.alloc(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each place a transport field's name (as a JSON key) or a secret value appears, described.
 * `keys: false` for bytes whose structure is not ours to read: a database file quotes its column
 * names in its schema (kysely_migration."timestamp", ledger_timestamps."token").
 */
type Found = { label: string; bytes: Buffer; keys?: boolean };
function leaksIn({ label, bytes, keys = true }: Found, secrets: string[]): string[] {
  const findings: string[] = [];
  if (keys) for (const name of TRANSPORT_FIELD_NAMES) if (bytes.includes(`"${name}"`)) findings.push(`${label}: "${name}" as a key`);
  for (const secret of secrets) if (bytes.includes(secret)) findings.push(`${label}: the value ${secret.slice(0, 8)}…`);
  return findings;
}
