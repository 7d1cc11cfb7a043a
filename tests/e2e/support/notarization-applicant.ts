import { inject } from "vitest";
import { CAPTURE_ENDPOINTS, type CaptureRecord } from "../../../src/schema/capture.js";
import { nationalIdCheckChar } from "../../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { PURCHASE_ENDPOINTS } from "../../../src/schema/purchase.js";
import { call, expectSuccess, registerUser, uniqueMobile, type LoginResult } from "./api-accounts.js";
import { decideInConsole } from "./console-reviewer.js";
import { rechargeAndBuy } from "./snapshot-bundle.js";

/** A stored web-page snapshot as an application picks it. */
export interface StoredSnapshot {
  evidenceId: number;
  certificateNo: string;
}

export interface NotarizationApplicant {
  session: LoginResult;
  mobile: string;
  realName: string;
  /** The account's active notarisation bundles (bundle-10), by id. */
  bundleIds: number[];
  snapshots: StoredSnapshot[];
}

const FIRST_17 = "33010219900307002";

/** Waits for the captures to be sealed (a capture QA flagged is accepted as it is, as its holder may). */
async function sealedSnapshots(baseUrl: string, token: string, captures: readonly CaptureRecord[]): Promise<StoredSnapshot[]> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const states = expectSuccess("capture progress", (await call(baseUrl, CAPTURE_ENDPOINTS.progress, { ids: captures.map((capture) => capture.id).join(","), token })).body);
    for (const capture of states.filter((candidate) => candidate.state === "needsReview")) expectSuccess("accept capture", (await call(baseUrl, CAPTURE_ENDPOINTS.accept, { id: capture.id, token })).body);
    const failed = states.find((capture) => capture.state === "failed");
    if (failed) throw new Error(`a capture failed: ${failed.failure?.message}`);
    if (states.every((capture) => capture.state === "sealed")) return states.map((capture) => ({ evidenceId: capture.evidenceId!, certificateNo: capture.certificateNo! }));
    if (Date.now() > deadline) throw new Error(`captures not sealed in time: ${states.map((capture) => capture.state).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * A main account ready to apply for notarisation with a bundle, prepared over real HTTP as a
 * customer gets there: registered, real name submitted and approved in the operator console, two
 * notarisation bundles bought from a recharged balance, and the shared server's test article
 * captured as web-page snapshots (paid from the bundles' snapshot allowance) until sealed.
 */
export async function notarizationApplicant(baseUrl: string, server: { url: string; dataDir: string }, realName: string): Promise<NotarizationApplicant> {
  const mobile = uniqueMobile();
  const session = await registerUser(baseUrl, mobile, "abc12345");
  const { token } = session;
  expectSuccess("submitRealName", (await call(baseUrl, PERSONAL_ENDPOINTS.submitRealName, { realName, idNumber: FIRST_17 + nationalIdCheckChar(FIRST_17), token })).body);
  await decideInConsole(server, mobile, "approve");
  // One recharge pays for one bundle.
  await rechargeAndBuy(baseUrl, session, "bundle-10");
  await rechargeAndBuy(baseUrl, session, "bundle-10");
  const article = inject("captureArticle");
  const captures = expectSuccess("capture", (await call(baseUrl, CAPTURE_ENDPOINTS.create, { name: "侵权文章页面", urls: `${article.entryUrl}\n${article.articleUrl}`, token })).body);
  const snapshots = await sealedSnapshots(baseUrl, token, captures);
  const owned = expectSuccess("my packages", (await call(baseUrl, PURCHASE_ENDPOINTS.myPackages, { uid: session.loginUser.id, token })).body);
  return { session, mobile, realName, bundleIds: owned.bundles.filter((bundle) => bundle.status === "active").map((bundle) => bundle.id), snapshots };
}
