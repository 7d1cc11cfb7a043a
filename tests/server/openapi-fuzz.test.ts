import { performance } from "node:perf_hooks";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sha256Hex } from "../../server/plugins/signature.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS, EXTRACTION_ENDPOINTS } from "../../src/schema/evidence-library.js";
import { LAWSUIT_PACKAGE_ENDPOINTS } from "../../src/schema/lawsuit-package.js";
import { computeSignature } from "../../src/schema/signature.js";
import { solveCaptcha } from "./support/login-client.js";
import { encodeParts, jsonText, KINDS, readOperations, type Draft, type Operation, type Part } from "./support/openapi-fuzz.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { onPostgres } from "./support/test-database.js";

/**
 * Every documented route, every kind of mistake (tests/server/support/openapi-fuzz.ts), each
 * sent without and with valid credentials, signed correctly so it reaches validation. Bounded and
 * seeded: FUZZ_SEED=<n> explores another set, FUZZ_RUNS=<n> sends n cases per route and kind
 * (1 in `npm test`); a failure names its seed, kind, route and request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const SLOWEST_MS = 1000;
/** A refusal is a sentence, never an echo of what was sent. */
const LONGEST_MESSAGE = 300;
const CJK = /[\u4e00-\u9fff]/;

let t: TestApp;
let alice: RegisteredUser;
let notaryId = "";
let extractCookie = "";
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t, "13800138091");
  notaryId = String((await t.app.services.notary.staff.createUser({ officeName: "衡州市公证处", account: "fuzz.notary", name: "测试", password: "gongzheng123" })).id);
  // A record and an extraction of it, so ids 1… exist and the extraction calls have a session.
  const saved = (await t.call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "合同", content: "甲方乙方" }, { token: alice.token })).json();
  const extraction = (await t.call(EVIDENCE_LIBRARY_ENDPOINTS.createExtraction, { evidenceIds: [saved.datas.id], validDays: 7 }, { token: alice.token })).json().datas;
  const { cookies, answer } = await solveCaptcha(t);
  const login = await t.call(EXTRACTION_ENDPOINTS.login, { extractNo: extraction.extractNo, extractCode: extraction.extractCode, vCode: answer }, { cookies });
  extractCookie = login.cookies.find((cookie) => cookie.name === "hz_extract")?.value ?? "";
  operations = readOperations((await t.app.inject({ method: "GET", url: "/opendocs/json" })).json());
  // The first certificates of a process load the 19 MB CJK font and warm pdfkit (seconds, once);
  // the bound below is about what each request costs, so that is paid here.
  for (let i = 0; i < 2; i++) await t.call(EVIDENCE_LIBRARY_ENDPOINTS.downloadItem, { id: saved.datas.id, part: "certificate" }, { token: alice.token });
  // The principles document is drawn (PDF and page images) once per installation, at its first request.
  expect((await t.call(LAWSUIT_PACKAGE_ENDPOINTS.getEleEvidencePdf)).json().code).toBe(200);
}, 60_000);
afterAll(async () => t.close());

let requestCount = 0;
/** Each request from its own address: per-address limits would otherwise stop the run early. */
const nextAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

/** FNV-1a: a stable seed per case from its description. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash ^ SEED) | 0;
}

type Credentials = { token: string; cookies: Record<string, string> };

/** A fresh session per request, so a logout among the cases ends only its own. */
async function credentialsFor(operation: Operation): Promise<Credentials> {
  const isNotary = operation.path.includes("/notary/");
  const { token } = await t.app.services.sessions.create(isNotary ? notaryId : String(alice.id), isNotary ? "notary" : "user");
  return { token, cookies: extractCookie ? { hz_extract: extractCookie } : {} };
}

/** The parameters the server will parse from what is sent: the query (a repeated name as a list), then the body's fields. */
function parsedParams(query: string, jsonBody: string | null, parts: Part[] | null): Record<string, unknown> {
  const fromQuery = new Map<string, unknown>();
  for (const [name, value] of new URLSearchParams(query)) fromQuery.set(name, fromQuery.has(name) ? [fromQuery.get(name), value].flat() : value);
  let body: unknown = null;
  if (parts) body = Object.fromEntries(parts.filter((part) => part.filename === undefined && part.contentType !== "application/octet-stream").map((part) => [part.name, fieldValue(part)]));
  else if (jsonBody !== null) body = parseOrNull(jsonBody);
  const fromBody = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.entries(body) : [];
  // fromEntries defines own properties, so "__proto__" is signed as the server sees it.
  return Object.fromEntries([...fromQuery, ...fromBody]);
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** @fastify/multipart parses a field sent as application/json. */
const fieldValue = (part: Part): unknown => (part.contentType?.startsWith("application/json") ? (parseOrNull(String(part.value)) ?? String(part.value)) : String(part.value));

function signatureOver(params: Record<string, unknown>): string {
  try {
    return computeSignature(params, sha256Hex);
  } catch {
    // Nested too deep for JSON.stringify here as well: the server refuses it before checking.
    return "0".repeat(64);
  }
}

const jsonObject = (entries: [string, unknown][]) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${jsonText(value)}`).join(",")}}`;

/** The draft as the request a client would send, with the transport fields where the draft puts them. */
function toRequest(operation: Operation, draft: Draft, credentials: Credentials | null): InjectOptions {
  const query: [string, string][] = [...draft.query];
  const { body } = draft;
  const entries = body.kind === "json" ? [...body.entries] : null;
  const parts = body.kind === "multipart" && !body.raw ? [...body.parts] : null;
  const toQuery = (name: string, value: string) => void query.push([name, value]);
  const toBody = (name: string, value: string) => void (entries ? entries.push([name, value]) : parts ? parts.push({ name, value }) : toQuery(name, value));
  const toTransport = draft.transportIn === "body" ? toBody : toQuery;
  const search = () => [new URLSearchParams(query).toString(), draft.rawQuery].filter(Boolean).join("&");

  if (credentials) (operation.method === "GET" ? toQuery : toBody)("token", credentials.token);
  toTransport("timestamp", String(t.clock.now()));
  toTransport("signature", signatureOver(parsedParams(search(), entries && jsonObject(entries), parts)));

  const request: InjectOptions = { method: operation.method, url: `${draft.path ?? operation.path}?${search()}`, remoteAddress: nextAddress(), cookies: credentials?.cookies };
  const withBody = (contentType: string | null, payload: string | Buffer): InjectOptions => ({ ...request, headers: contentType === null ? {} : { "content-type": contentType }, payload });
  if (entries) return withBody("application/json", jsonObject(entries));
  if (parts) return withBody("multipart/form-data; boundary=fuzzboundary", encodeParts(parts, "fuzzboundary"));
  if (body.kind === "multipart" && body.raw) return withBody(body.raw.contentType, body.raw.payload);
  if (body.kind === "raw") return withBody(body.contentType, body.payload);
  return request;
}

/** What is wrong with an answer, if anything. /witness speaks C2SP tlog-witness (plain text), not the envelope. */
function problemsOf(operation: Operation, response: LightMyRequestResponse, elapsedMs: number): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`);
  if (elapsedMs > SLOWEST_MS) problems.push(`took ${Math.round(elapsedMs)} ms`);
  if (!operation.path.startsWith("/webapi/")) return problems;
  const type = String(response.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) {
    // Downloads and images answer their file; only a success may do so.
    if (response.statusCode !== 200) problems.push(`HTTP ${response.statusCode} ${type || "without a type"}, not the envelope`);
    return problems;
  }
  let body: { code?: unknown; message?: unknown; datas?: unknown };
  try {
    body = response.json();
  } catch {
    return [...problems, "JSON that does not parse"];
  }
  if (typeof body.code !== "number" || typeof body.message !== "string" || !("datas" in body)) return [...problems, `not the envelope: ${response.body.slice(0, 200)}`];
  if (body.code !== 200 && !CJK.test(body.message)) problems.push(`code ${body.code} with a message that is not Chinese: ${body.message.slice(0, 200)}`);
  if (body.message.length > LONGEST_MESSAGE) problems.push(`a message of ${body.message.length} characters`);
  return problems;
}

/**
 * Kinds a parser refuses before any handler runs, or that reach the handlers with plausible values
 * only (the plausible kind's ground): the database plays no part, so they run once, on SQLite.
 */
const REFUSED_BEFORE_ANY_QUERY = new Set(["transport fields in the body", "bad URL encoding", "content type", "malformed multipart"]);

it.for(Object.keys(KINDS))("%s: every documented route answers the envelope, in Chinese, without a 5xx, within a second", { timeout: 120_000 }, async (kind, { skip }) => {
  if (onPostgres && REFUSED_BEFORE_ANY_QUERY.has(kind)) skip("refused before any query: proven on SQLite");
  expect(operations.length).toBeGreaterThan(100);
  const failures: string[] = [];
  for (const operation of operations.filter(KINDS[kind].applies)) {
    const drafts = fc.sample(KINDS[kind].draft(operation), { seed: seedOf(`${kind} ${operation.method} ${operation.path}`), numRuns: RUNS });
    for (const [draft, credentials] of drafts.flatMap((draft) => [[draft, null], [draft, "valid"]] as const)) {
      const request = toRequest(operation, draft, credentials && (await credentialsFor(operation)));
      const started = performance.now();
      const response = await t.app.inject(request);
      const problems = problemsOf(operation, response, performance.now() - started);
      if (problems.length) failures.push(`${operation.method} ${operation.path} ${credentials ? "(credentials)" : "(anonymous)"}: ${problems.join("; ")} [${String(request.url).slice(0, 160)} ${String(request.payload ?? "").slice(0, 160)}]`);
    }
  }
  expect(failures, `seed ${SEED}`).toEqual([]);
});
