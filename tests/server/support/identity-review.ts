import { IDENTITY_REVIEW_ENDPOINTS, type IdentityApplicationRow, type ReviewDecision } from "../../../src/schema/console/identity-review.js";
import { signInOperator } from "./operator.js";
import type { TestApp } from "./test-app.js";

/** An identity reviewer signed in with both factors (a new one each time: the test clock may have run past an older session). */
export async function signInReviewer(t: TestApp): Promise<string> {
  return (await signInOperator(t, { roles: ["identityReviewer"] })).token;
}

/** The newest pending application of a customer's account, as the review list finds it. */
export async function pendingApplicationOf(t: TestApp, token: string, account: string): Promise<IdentityApplicationRow> {
  const listed = (await t.call(IDENTITY_REVIEW_ENDPOINTS.list, { keyword: account, pageSize: 200 }, { token })).json();
  if (listed.code !== 200) throw new Error(`review list failed: ${JSON.stringify(listed)}`);
  const application = (listed.datas.list as IdentityApplicationRow[]).filter((row) => row.account === account).at(-1);
  if (!application) throw new Error(`nothing pending for ${account}`);
  return application;
}

/** What a reviewer does in the console: 通过 or 驳回 (with its reason) on the newest pending application of an account. */
export async function decideInConsole(t: TestApp, account: string, decision: ReviewDecision, reason?: string) {
  const token = await signInReviewer(t);
  const { kind, id } = await pendingApplicationOf(t, token, account);
  return t.call(IDENTITY_REVIEW_ENDPOINTS.decide, { kind, id, decision, ...(reason === undefined ? {} : { reason }) }, { token });
}
