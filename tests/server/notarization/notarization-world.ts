import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { DEV_ENDPOINTS } from "../../../src/schema/dev-tools.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../../src/schema/identity.js";
import { NOTARIZATION_ENDPOINTS, type NotarizationForm } from "../../../src/schema/notarization.js";
import type { NotaryRole } from "../../../src/schema/notary-console.js";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { PURCHASE_ENDPOINTS } from "../../../src/schema/purchase.js";
import { decideInConsole } from "../support/identity-review.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";

/**
 * The people and things a notarisation test needs, made the way the platform makes them:
 * registered applicants with a reviewer-approved real name, stored evidence, bundles bought with
 * recharged money, notary offices and their staff (with a notary session, as the login makes one).
 */

let nextMobile = 13900000001;
let nextId = 100;
export const newMobile = () => String(nextMobile++);

/** An applicant whose real name a reviewer approved in the console (the ID number is a valid one). */
export async function verifiedApplicant(t: TestApp, realName = "张三"): Promise<RegisteredUser> {
  const user = await registerUser(t, newMobile());
  const first17 = `11010519900307${String(nextId++).padStart(3, "0")}`;
  expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName, idNumber: first17 + nationalIdCheckChar(first17) }, { token: user.token })).json().code).toBe(200);
  expect((await decideInConsole(t, user.account, "approve")).json().code).toBe(200);
  return user;
}

/** A snapshot as the capture module stores one (its package in the blob store, on the ledger). */
export async function storedSnapshot(t: TestApp, user: RegisteredUser, name = "网页快照"): Promise<number> {
  const content = randomBytes(64);
  const blob = await t.app.services.blobs.put(content);
  return t.app.services.evidence.savePlatformContent(user.id, {
    kind: "snapshot",
    certificateNo: t.app.services.evidence.newCertificateNo(),
    name,
    size: content.length,
    sha256: blob,
    sm3: createHash("sm3").update(content).digest("hex"),
    blobSha256: blob,
    details: { url: "https://www.example.com/" },
  });
}

/** A text evidence stored through its own call. */
export async function storedText(t: TestApp, user: RegisteredUser, name = "会议纪要"): Promise<number> {
  const answer = (await t.call(EVIDENCE_KIND_ENDPOINTS.text.create, { name, content: `双方确认交付日期 ${randomBytes(4).toString("hex")}` }, { token: user.token })).json();
  expect(answer.code).toBe(200);
  return answer.datas.id;
}

/** Recharges `fen` (a confirmed payment) to the user's balance. */
export async function recharge(t: TestApp, user: RegisteredUser, fen: number): Promise<void> {
  await t.app.services.billing.money.recharge(user.id, fen, `pay:${user.id}:${randomBytes(4).toString("hex")}`);
}

/** One bundle of 10 snapshots bought with recharged money; answers its id. */
export async function boughtBundle(t: TestApp, user: RegisteredUser): Promise<number> {
  await recharge(t, user, 280_000);
  const bought = (await t.call(PURCHASE_ENDPOINTS.purchase, { uid: user.id, productCode: "bundle-10", quantity: 1, attemptId: `attempt-${randomBytes(4).toString("hex")}` }, { token: user.token })).json();
  expect(bought.code).toBe(200);
  const held = (await t.call(PURCHASE_ENDPOINTS.myPackages, { uid: user.id }, { token: user.token })).json().datas.bundles as { id: number }[];
  return held[0].id;
}

export const bundleState = async (t: TestApp, id: number) => (await t.database.handle.db.selectFrom("customer_bundles").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;

export const balanceOf = async (t: TestApp, userId: number) => {
  const row = await t.database.handle.db.selectFrom("billing_accounts").select(["balance_fen", "reserved_fen"]).where("user_id", "=", userId).executeTakeFirst();
  return { available: Number(row?.balance_fen ?? 0), reserved: Number(row?.reserved_fen ?? 0) };
};

export type StaffMember = { id: number; token: string; officeId: number };

/** A staff account of `officeName` (the office made when new) with a notary session, as a login would start one. */
export async function staffOf(t: TestApp, officeName: string, account: string, role?: NotaryRole): Promise<StaffMember> {
  const user = await t.app.services.notary.staff.createUser({ officeName, account, name: `公证员${account.slice(-2)}`, password: "gongzheng123" }, role ? { role } : {});
  const { token } = await t.app.services.sessions.create(String(user.id), "notary");
  const row = (await t.app.services.notary.users.findById(user.id))!;
  return { id: user.id, token, officeId: row.office_id };
}

/** Sets an office's fee (fen; null: bundles only) and whether it takes applications, as its administrator would. */
export async function setOffice(t: TestApp, officeId: number, changes: { fee_fen?: number | null; accepts_applications?: number }) {
  await t.database.handle.db.updateTable("notary_offices").set(changes).where("id", "=", officeId).execute();
}

/** The application form with sensible answers. */
export function applicationForm(officeId: number, evidenceIds: number[], overrides: Partial<NotarizationForm> = {}): NotarizationForm {
  return {
    evidenceIds,
    purpose: "litigation",
    useDescription: "向法院提交证据",
    applicantType: "person",
    officeId,
    contactName: "张三",
    contactMobile: "13900009999",
    payment: "bundle",
    ...overrides,
  };
}

/** A draft saved and submitted; answers the submission's envelope. */
export async function draftAndSubmit(t: TestApp, user: RegisteredUser, form: NotarizationForm) {
  const draft = (await t.call(NOTARIZATION_ENDPOINTS.saveDraft, form as Record<string, unknown>, { token: user.token })).json();
  expect(draft.code).toBe(200);
  return { id: draft.datas.id as number, submitted: (await t.call(NOTARIZATION_ENDPOINTS.submit, { id: draft.datas.id }, { token: user.token })).json() };
}

/** What the development notifier wrote for `to`, newest first. */
export async function outboxFor(t: TestApp, to: string): Promise<string[]> {
  return ((await t.call(DEV_ENDPOINTS.outbox, { to })).json().datas.list as { text: string }[]).map((message) => message.text);
}
