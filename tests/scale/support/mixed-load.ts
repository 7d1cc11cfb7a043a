import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account.js";
import { CAPTURE_ENDPOINTS } from "../../../src/schema/capture.js";
import { CERTIFICATE_ENDPOINTS } from "../../../src/schema/certificate.js";
import { evidenceEndpoints } from "../../../src/schema/evidence.js";
import { call, loginWithPassword, registerUser, uniqueMobile, type LoginResult } from "../../e2e/support/api-accounts.js";
import { uploadEvidence } from "../../e2e/support/evidence-upload.js";
import { buySnapshotBundle } from "../../e2e/support/snapshot-bundle.js";

/** An upload the platform acknowledged as stored: what must still be there after any crash. */
export type AcknowledgedUpload = { certificateNo: string; sha256: string; ledgerIndex: number; token: string };
/** A capture the platform accepted (queued): it must end sealed exactly once. */
export type AcceptedCapture = { id: number; token: string };

export type LoadOptions = {
  /** The round-robin front every request goes through. */
  baseUrl: string;
  users: number;
  durationMs: number;
  /** Loopback pages to capture; no captures when empty. */
  captureUrls: string[];
  /** Captures each user asks for during the run (each takes a browser for seconds). */
  capturesPerUser: number;
  /** Public verifications (limited per address, so one load generator meets the limit); on unless false. */
  verifications?: boolean;
  /** Users signed in by an earlier run, used instead of registering `users` new ones (sign-up codes are limited per address and minute). */
  sessions?: LoginResult[];
};

export type LoadResult = {
  uploads: AcknowledgedUpload[];
  captures: AcceptedCapture[];
  sessions: LoginResult[];
  /** Every request's latency (ms) and whether it was answered with code 200. */
  requests: { kind: string; ms: number; ok: boolean }[];
  elapsedMs: number;
};

const PASSWORD = "abc12345";

/**
 * A bounded mixed load (issue 20's scale test and bench/scale.bench.ts): each user registers, logs in
 * with a password and a captcha, buys snapshots, then until the time is up uploads evidence files,
 * reads its user info, verifies one of its certificates publicly and asks for a few captures of
 * loopback pages. Requests cut off by a killed process count as not acknowledged; nothing else is
 * recorded as stored unless the platform answered 200 with status "stored".
 */
export async function runMixedLoad(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = { uploads: [], captures: [], sessions: [], requests: [], elapsedMs: 0 };
  const timed = async <T>(kind: string, work: () => Promise<T>, isOk: (value: T) => boolean): Promise<T | undefined> => {
    const started = performance.now();
    try {
      const value = await work();
      result.requests.push({ kind, ms: performance.now() - started, ok: isOk(value) });
      return value;
    } catch {
      result.requests.push({ kind, ms: performance.now() - started, ok: false });
      return undefined;
    }
  };
  const started = performance.now();
  const deadline = started + options.durationMs;

  const signIn = async () => {
    const mobile = uniqueMobile();
    const registered = await registerUser(options.baseUrl, mobile, PASSWORD);
    return (await timed("login", () => loginWithPassword(options.baseUrl, mobile, PASSWORD), () => true)) ?? registered;
  };
  const user = async (userIndex: number) => {
    const session = options.sessions?.[userIndex] ?? (await signIn());
    result.sessions.push(session);
    if (options.captureUrls.length > 0) await buySnapshotBundle(options.baseUrl, session);
    let captures = 0;
    for (let step = 0; performance.now() < deadline; step++) {
      switch (step % 4) {
        case 0:
        case 2: {
          const content = randomBytes(20_000 + ((userIndex * 7919 + step * 104_729) % 60_000));
          const answer = await timed("upload", () => uploadEvidence(options.baseUrl, evidenceEndpoints("file").create, session.token, {}, [{ name: `scale-${userIndex}-${step}.pdf`, content }]), (body) => body.code === 200);
          if (answer?.code !== 200) break;
          for (const record of answer.datas as { certificateNo: string; status: string; sha256: string; ledgerIndex: number }[]) {
            if (record.status !== "stored") throw new Error(`an upload was answered 200 but not stored: ${JSON.stringify(record)}`);
            result.uploads.push({ certificateNo: record.certificateNo, sha256: createHash("sha256").update(content).digest("hex"), ledgerIndex: record.ledgerIndex, token: session.token });
          }
          break;
        }
        case 1: {
          const own = options.verifications === false ? undefined : result.uploads.find((upload) => upload.token === session.token);
          if (own) await timed("verify", () => call(options.baseUrl, CERTIFICATE_ENDPOINTS.verifyByCertificateNo, { certificateNo: own.certificateNo }), ({ body }) => body.code === 200);
          else await timed("userInfo", () => call(options.baseUrl, ACCOUNT_ENDPOINTS.getUserInfo, { userId: String(session.loginUser.id), token: session.token }), ({ body }) => body.code === 200);
          break;
        }
        case 3: {
          if (captures < options.capturesPerUser && options.captureUrls.length > 0) {
            captures++;
            const url = options.captureUrls[(userIndex + captures) % options.captureUrls.length];
            const answer = await timed("capture", () => call(options.baseUrl, CAPTURE_ENDPOINTS.create, { name: `规模测试取证 ${userIndex}-${captures}`, urls: url, token: session.token }), ({ body }) => body.code === 200);
            if (answer?.body.code === 200) for (const created of answer.body.datas) result.captures.push({ id: created.id, token: session.token });
          } else {
            await timed("userInfo", () => call(options.baseUrl, ACCOUNT_ENDPOINTS.getUserInfo, { userId: String(session.loginUser.id), token: session.token }), ({ body }) => body.code === 200);
          }
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.sessions?.length ?? options.users }, (_, index) => user(index)));
  result.elapsedMs = performance.now() - started;
  return result;
}

/** Sustained requests per second and latency percentiles of a load's requests. */
export function summarise(result: LoadResult) {
  const latencies = result.requests.map((request) => request.ms).sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  const kinds = [...new Set(result.requests.map((request) => request.kind))];
  const byKind = kinds.map((kind) => {
    const of = result.requests.filter((request) => request.kind === kind);
    return `${kind} ${of.filter((request) => request.ok).length}/${of.length}`;
  });
  return {
    requests: latencies.length,
    failed: result.requests.filter((request) => !request.ok).length,
    /** "kind answered/asked" for each kind of request, e.g. "verify 58/140" (the rest refused or cut off). */
    byKind: byKind.join(", "),
    perSecond: latencies.length / (result.elapsedMs / 1000),
    p50: at(0.5),
    p99: at(0.99),
  };
}
