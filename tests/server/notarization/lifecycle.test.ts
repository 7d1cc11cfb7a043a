import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import {
  NOTARIZATION_ACTION_LABELS,
  NOTARIZATION_ENDPOINTS as USER,
  NOTARIZATION_LIFECYCLE,
  NOTARIZATION_MESSAGES,
  NOTARIZATION_STATE_LABELS,
  NOTARIZATION_STATES,
  NOTARIZATION_TRANSITIONS,
  NotarizationCode,
  type NotarizationAction,
  type NotarizationState,
} from "../../../src/schema/notarization.js";
import { NOTARY_CONSOLE_ENDPOINTS as OFFICE } from "../../../src/schema/notary-console.js";
import { postMultipart } from "../support/multipart.js";
import type { RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { applicationForm, balanceOf, boughtBundle, bundleState, outboxFor, recharge, staffOf, storedSnapshot, storedText, verifiedApplicant, type StaffMember } from "./notarization-world.js";

/**
 * Every edge of NOTARIZATION_LIFECYCLE through the calls that take it, legal and illegal: a legal
 * edge lands where the machine says; an illegal one is refused with the machine's Chinese message
 * and changes nothing. Then what the notary's edges do to the payment: approval consumes the bundle
 * (the consumption notice is in the outbox) or settles the fee, rejection returns either.
 */
let t: TestApp;
let applicant: RegisteredUser;
let notary: StaffMember;
let evidenceId: number;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, who: { token: string }) => (await t.call(endpoint, params, { token: who.token })).json();
const db = () => t.database.handle.db;
const stateOf = async (id: number) => (await db().selectFrom("notarization_applications").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;
const eventCount = async (id: number) => (await db().selectFrom("notarization_events").select("id").where("application_id", "=", id).execute()).length;

/** Takes `action` on application `id` through its call, as its side does; answers the envelope. */
async function take(action: NotarizationAction, id: number) {
  switch (action) {
    case "submit":
      return call(USER.submit, { id }, applicant);
    case "withdraw":
      return call(USER.withdraw, { id, reason: "不再需要" }, applicant);
    case "supplement":
      return (await postMultipart(t, webapiPath(USER.supplement), { id: String(id), note: "补充了原始合同" }, { token: applicant.token })).json();
    case "issue":
      return call(OFFICE.issueCertificate, { id }, notary);
    default:
      return call(OFFICE.decide, { id, action, note: "说明" }, notary);
  }
}

/** The shortest way to each state from a new draft (fee payment: nothing else to prepare). */
const PATHS: Record<NotarizationState, NotarizationAction[]> = {
  draft: [],
  submitted: ["submit"],
  accepted: ["submit", "accept"],
  reviewing: ["submit", "accept", "startReview"],
  supplementing: ["submit", "accept", "startReview", "requestMaterial"],
  approved: ["submit", "accept", "startReview", "approve"],
  issued: ["submit", "accept", "startReview", "approve", "issue"],
  rejected: ["submit", "reject"],
  withdrawn: ["withdraw"],
};

async function applicationIn(state: NotarizationState, payment: { bundleId?: number } = {}): Promise<number> {
  const form = applicationForm(notary.officeId, [evidenceId], payment.bundleId ? { bundleId: payment.bundleId } : { payment: "fee" });
  const draft = await call(USER.saveDraft, form as Record<string, unknown>, applicant);
  for (const action of PATHS[state]) expect((await take(action, draft.datas.id)).code, `${action} on the way to ${state}`).toBe(200);
  expect(await stateOf(draft.datas.id)).toBe(state);
  return draft.datas.id;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  applicant = await verifiedApplicant(t, "钱七");
  notary = await staffOf(t, "衡州市公证处", "hz.admin02");
  await db().updateTable("notary_offices").set({ fee_fen: 10_000 }).where("id", "=", notary.officeId).execute();
  expect((await call(OFFICE.issueSeal, {}, notary)).code).toBe(200);
  await recharge(t, applicant, 1_000_000);
  evidenceId = await storedText(t, applicant);
}, 60_000);
afterAll(async () => t?.close());
// The money journal balances after every scenario (the ledger appends run on beside the next one).
afterEach(async () => {
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("every edge of the machine", () => {
  const actions = Object.keys(NOTARIZATION_TRANSITIONS) as NotarizationAction[];
  const legal = NOTARIZATION_STATES.flatMap((state) => actions.filter((action) => NOTARIZATION_LIFECYCLE.can(state, action)).map((action) => [state, action] as const));
  const illegal = NOTARIZATION_STATES.flatMap((state) => actions.filter((action) => !NOTARIZATION_LIFECYCLE.can(state, action)).map((action) => [state, action] as const));

  it("has 14 legal edges and 67 illegal ones", () => {
    expect(legal).toHaveLength(14);
    expect(illegal).toHaveLength(67);
  });

  it.each(legal)("from %s, %s is taken", async (state, action) => {
    const id = await applicationIn(state);
    const answer = await take(action, id);
    expect(answer.code).toBe(200);
    expect(answer.datas.state).toBe(NOTARIZATION_TRANSITIONS[action].to);
    expect(await stateOf(id)).toBe(NOTARIZATION_TRANSITIONS[action].to);
  });

  it("refuses every illegal edge with the machine's Chinese message, changing nothing", async () => {
    for (const state of NOTARIZATION_STATES) {
      const id = await applicationIn(state);
      const events = await eventCount(id);
      for (const [, action] of illegal.filter(([from]) => from === state)) {
        const answer = await take(action, id);
        if (state === "draft" && NOTARIZATION_TRANSITIONS[action].by === "notary") {
          // A draft is the applicant's alone: the office does not see it at all.
          expect(answer, `${action} on a draft`).toMatchObject({ code: 404, message: NOTARIZATION_MESSAGES.notFound });
        } else {
          expect(answer, `${action} from ${state}`).toMatchObject({
            code: NotarizationCode.stateRefused,
            message: `公证申请当前状态为“${NOTARIZATION_STATE_LABELS[state]}”，不能${NOTARIZATION_ACTION_LABELS[action]}`,
          });
        }
        expect(await stateOf(id)).toBe(state);
      }
      expect(await eventCount(id)).toBe(events);
    }
  });

  it("requires the material asked for and a rejection's reason", async () => {
    const id = await applicationIn("reviewing");
    expect(await call(OFFICE.decide, { id, action: "requestMaterial" }, notary)).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.materialRequestRequired, extraData: { errors: { note: NOTARIZATION_MESSAGES.materialRequestRequired } } });
    expect(await call(OFFICE.decide, { id, action: "reject", note: "" }, notary)).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.reasonRequired });
    expect(await stateOf(id)).toBe("reviewing");
  });

  it("applies an edge once when it is asked twice at the same moment", async () => {
    const id = await applicationIn("submitted");
    const answers = await Promise.all([take("accept", id), take("accept", id), take("accept", id)]);
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === NotarizationCode.stateRefused)).toHaveLength(2);
    expect(await eventCount(id)).toBe(2);
  });
});

describe("the supplement round", () => {
  it("shows the open request, takes the applicant's note and files, and returns to review", async () => {
    const id = await applicationIn("reviewing");
    await call(OFFICE.decide, { id, action: "requestMaterial", note: "请补充与对方的聊天记录" }, notary);
    const asked = await call(USER.detail, { id }, applicant);
    expect(asked.datas).toMatchObject({ state: "supplementing", openMaterialRequest: "请补充与对方的聊天记录", actions: ["supplement"] });
    expect((await outboxFor(t, applicant.account))[0]).toContain("请补充：请补充与对方的聊天记录");

    const file = { name: "files", filename: "聊天记录.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 chat log") };
    const refused = await postMultipart(t, webapiPath(USER.supplement), { id: String(id) }, { token: applicant.token, files: [{ ...file, filename: "脚本.exe" }] });
    expect(refused.json()).toMatchObject({ code: 1001, message: "补充材料格式不正确（支持 PDF、图片、Office 文档和 ZIP）" });
    expect(await stateOf(id)).toBe("supplementing");
    expect(await postMultipart(t, webapiPath(USER.supplement), { id: String(id) }, { token: applicant.token }).then((answer) => answer.json())).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.supplementRequired });

    const supplied = (await postMultipart(t, webapiPath(USER.supplement), { id: String(id), note: "见附件" }, { token: applicant.token, files: [file] })).json();
    expect(supplied.datas).toMatchObject({ state: "reviewing", openMaterialRequest: null, materials: [{ fileName: "聊天记录.pdf", size: file.content.length }] });
    const materialId = supplied.datas.materials[0].id;
    const mine = await t.call(USER.downloadMaterial, { id, materialId }, { token: applicant.token });
    expect(mine.rawPayload.equals(file.content)).toBe(true);
    const office = await t.call(OFFICE.downloadMaterial, { id, materialId }, { token: notary.token });
    expect(office.rawPayload.equals(file.content)).toBe(true);
    await t.app.services.notarization.entries.idle();
    const content = await call(OFFICE.requestContent, { id }, notary);
    expect(content.datas.events.map((event: { action: string; actorName: string }) => [event.action, event.actorName])).toEqual([
      ["submit", "钱七"],
      ["accept", expect.stringMatching(/^公证员 /)],
      ["startReview", expect.stringMatching(/^公证员 /)],
      ["requestMaterial", expect.stringMatching(/^公证员 /)],
      ["supplement", "钱七"],
    ]);
    expect(content.datas.events.every((event: { ledgerIndex: number | null }) => event.ledgerIndex !== null)).toBe(true);
  });
});

describe("what the notary's edges do to the payment", () => {
  it("approval consumes the bundle and the consumption notice is in the outbox", async () => {
    const bundleId = await boughtBundle(t, applicant);
    const snapshot = await storedSnapshot(t, applicant);
    const draft = await call(USER.saveDraft, applicationForm(notary.officeId, [snapshot], { bundleId }) as Record<string, unknown>, applicant);
    const id = draft.datas.id;
    for (const action of ["submit", "accept", "startReview"] as const) expect((await take(action, id)).code).toBe(200);
    expect(await bundleState(t, bundleId)).toBe("frozen");
    expect((await take("approve", id)).code).toBe(200);
    expect(await bundleState(t, bundleId)).toBe("consumed");
    const outbox = await outboxFor(t, applicant.account);
    expect(outbox).toContainEqual(expect.stringContaining(`您的公证套餐（编号${bundleId}）已用于公证申请并审核通过，套餐已使用。`));
  });

  it("rejection returns the bundle to active", async () => {
    const bundleId = await boughtBundle(t, applicant);
    const draft = await call(USER.saveDraft, applicationForm(notary.officeId, [await storedSnapshot(t, applicant)], { bundleId }) as Record<string, unknown>, applicant);
    for (const action of ["submit", "accept", "startReview"] as const) await take(action, draft.datas.id);
    expect((await call(OFFICE.decide, { id: draft.datas.id, action: "reject", note: "证据与申请用途无关" }, notary)).datas.state).toBe("rejected");
    expect(await bundleState(t, bundleId)).toBe("active");
    expect((await outboxFor(t, applicant.account))[0]).toContain("驳回理由：证据与申请用途无关");
  });

  it("approval settles the held fee; rejection releases it", async () => {
    const before = await balanceOf(t, applicant.id);
    const approved = await applicationIn("approved");
    expect(await balanceOf(t, applicant.id)).toEqual({ available: before.available - 10_000, reserved: before.reserved });
    const reservation = async (id: number) => {
      const { reservation_id } = await db().selectFrom("notarization_applications").select("reservation_id").where("id", "=", id).executeTakeFirstOrThrow();
      return (await db().selectFrom("money_reservations").select("state").where("id", "=", reservation_id!).executeTakeFirstOrThrow()).state;
    };
    expect(await reservation(approved)).toBe("settled");
    const rejected = await applicationIn("rejected");
    expect(await reservation(rejected)).toBe("released");
    expect(await balanceOf(t, applicant.id)).toEqual({ available: before.available - 10_000, reserved: before.reserved });
  });
});
