import { INSTITUTION_ENDPOINTS } from "../../../src/schema/console/appraisal-institutions.js";
import { INSTITUTION } from "../../fixtures/appraisal.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../../src/schema/evidence.js";
import { APPRAISAL_ENDPOINTS } from "../../../src/schema/judicial-expert.js";
import { signInOperator } from "./operator.js";
import { registerUser, type RegisteredUser } from "./personal-users.js";
import type { TestApp } from "./test-app.js";

/**
 * Judicial appraisal for server tests: institutions and their experts made the way operators make
 * them (the console's calls, by an operator holding the appraisal administrator's role), customers
 * with money and stored evidence, and commissions made through the applicant's call.
 */

const { id: _id, name: _name, ...INSTITUTION_FACTS } = INSTITUTION;
/** The console's form of a new institution, but for its name. */
export const INSTITUTION_FORM = { ...INSTITUTION_FACTS, acceptsCommissions: true };

export type Institution = { id: number; name: string; experts: RegisteredUser[] };

export async function consoleOperator(t: TestApp) {
  return signInOperator(t, { roles: ["appraisalAdmin"] });
}

/** An institution with `expertMobiles.length` experts (new accounts, attached by their mobile). */
export async function institutionWithExperts(t: TestApp, operatorToken: string, name: string, expertMobiles: string[]): Promise<Institution> {
  const created = (await t.call(INSTITUTION_ENDPOINTS.create, { ...INSTITUTION_FORM, name }, { token: operatorToken })).json();
  if (created.code !== 200) throw new Error(`institution not created: ${created.message}`);
  const experts: RegisteredUser[] = [];
  for (const [index, mobile] of expertMobiles.entries()) {
    const expert = await registerUser(t, mobile);
    const added = (await t.call(INSTITUTION_ENDPOINTS.addExpert, { institutionId: created.datas.id, account: mobile, name: `鉴定人${index + 1}` }, { token: operatorToken })).json();
    if (added.code !== 200) throw new Error(`expert not added: ${added.message}`);
    experts.push(expert);
  }
  return { id: created.datas.id, name, experts };
}

/** A customer with `fen` on the balance and one stored text evidence; answers the customer and the evidence id. */
export async function applicantWithEvidence(t: TestApp, mobile: string, fen: number) {
  const user = await registerUser(t, mobile);
  if (fen > 0) await t.app.services.billing.money.recharge(user.id, fen, `pay:${user.id}`);
  const saved = (await t.call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "聊天记录", content: "第一行\n第二行" }, { token: user.token })).json();
  if (saved.code !== 200) throw new Error(`evidence not stored: ${saved.message}`);
  return { user, evidenceId: saved.datas.id as number };
}

export function commissionForm(institutionId: number, evidenceIds: number[]) {
  return { institutionId, evidenceIds, matters: "鉴定聊天记录是否经过篡改", contactName: "张三", contactMobile: "13800000000" };
}

export async function commission(t: TestApp, applicant: RegisteredUser, institutionId: number, evidenceIds: number[]) {
  const created = (await t.call(APPRAISAL_ENDPOINTS.create, commissionForm(institutionId, evidenceIds), { token: applicant.token })).json();
  if (created.code !== 200) throw new Error(`commission not created: ${created.message}`);
  return created.datas as { id: number; commissionNo: string; state: string };
}
