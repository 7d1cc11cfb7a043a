import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INSUFFICIENT_BALANCE_MESSAGE } from "../../../src/schema/billing.js";
import { BUNDLE_USE_MESSAGE } from "../../../src/schema/bundle.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../../src/schema/child-account.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { parseNotarizationEntry } from "../../../src/schema/notarization-entry.js";
import { NOTARIZATION_ENDPOINTS as USER, NOTARIZATION_MESSAGES, NotarizationCode } from "../../../src/schema/notarization.js";
import { encryptorFor } from "../support/login-client.js";
import { postMultipart } from "../support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import {
  applicationForm,
  balanceOf,
  boughtBundle,
  bundleState,
  draftAndSubmit,
  newMobile,
  outboxFor,
  recharge,
  setOffice,
  staffOf,
  storedSnapshot,
  storedText,
  verifiedApplicant,
  type StaffMember,
} from "./notarization-world.js";

/**
 * The applicant's side through the real app: drafts, the submission's checks (account, identity,
 * office, evidence, payment), the bundle and fee effects of submit and withdraw, the ledger entry
 * of each change, and that an application is its owner's only.
 */
let t: TestApp;
let zhang: RegisteredUser;
let notary: StaffMember;
let officeId: number;
/** Zhang's stored evidence, made at once (one ledger block) and reused: an evidence may be in several applications. */
let zhangText: number;
let zhangSnapshots: number[];

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: { token: string }) => (await t.call(endpoint, params, { token: user.token })).json();
const db = () => t.database.handle.db;
const applicationRow = (id: number) => db().selectFrom("notarization_applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventsOf = (id: number) => db().selectFrom("notarization_events").selectAll().where("application_id", "=", id).orderBy("seq").execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  zhang = await verifiedApplicant(t);
  notary = await staffOf(t, "衡州市公证处", "hz.notary01");
  officeId = notary.officeId;
  await setOffice(t, officeId, { fee_fen: 30_000 });
  [zhangText, ...zhangSnapshots] = await Promise.all([storedText(t, zhang), storedSnapshot(t, zhang, "商品页"), storedSnapshot(t, zhang, "店铺页")]);
}, 60_000);
afterAll(async () => t?.close());
// The money journal balances after every scenario (the ledger appends run on beside the next one).
afterEach(async () => {
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("drafts", () => {
  it("lists the offices taking applications, with their fee", async () => {
    const offices = await call(USER.offices, {}, zhang);
    expect(offices.datas).toContainEqual(expect.objectContaining({ id: officeId, name: "衡州市公证处", feeFen: 30_000 }));
  });

  it("saves a draft and updates it; the draft names no applicant yet and touches no payment", async () => {
    const text = zhangText;
    const saved = await call(USER.saveDraft, applicationForm(officeId, [text], { payment: "fee" }), zhang);
    expect(saved).toMatchObject({ code: 200, datas: { state: "draft", applicantName: "", payment: "fee", evidenceCount: 1, actions: ["submit", "withdraw"] } });
    expect(saved.datas.applicationNo).toMatch(/^GZSQ\d{8}\d{6}$/);
    const updated = await call(USER.saveDraft, { ...applicationForm(officeId, [text, text], { purpose: "complaint", payment: "fee" }), id: saved.datas.id }, zhang);
    expect(updated.datas).toMatchObject({ id: saved.datas.id, purpose: "complaint", evidenceCount: 1 });
    expect(await eventsOf(saved.datas.id)).toEqual([]);
  });

  it("refuses evidence that is not the caller's, and a sub-account", async () => {
    const stranger = await registerUser(t, newMobile());
    const theirs = await storedText(t, stranger);
    expect(await call(USER.saveDraft, applicationForm(officeId, [theirs]), zhang)).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.evidenceNotYours });

    const { encryptPassword } = await encryptorFor(t);
    const childMobile = newMobile();
    const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: childMobile, name: "子账号", encryptPassword: encryptPassword("init1234") }, { token: zhang.token, ip: freshIp() })).json();
    expect(created.code).toBe(200);
    const child = await t.app.services.sessions.create(String(created.datas.id), "user");
    expect(await call(USER.saveDraft, applicationForm(officeId, [zhangText]), child)).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.subAccount });
  });

  it("answers another user's application as not found, on every call", async () => {
    const saved = await call(USER.saveDraft, applicationForm(officeId, [zhangText]), zhang);
    const stranger = await registerUser(t, newMobile());
    for (const [endpoint, params] of [
      [USER.detail, { id: saved.datas.id }],
      [USER.submit, { id: saved.datas.id }],
      [USER.withdraw, { id: saved.datas.id }],
      [USER.evidenceOfKind, { id: saved.datas.id, kind: "text" }],
      [USER.downloadCertificate, { id: saved.datas.id }],
      [USER.downloadMaterial, { id: saved.datas.id, materialId: 1 }],
    ] as const) {
      expect(await call(endpoint, params, stranger)).toMatchObject({ code: 404, message: NOTARIZATION_MESSAGES.notFound });
    }
    expect(await call(USER.saveDraft, { ...applicationForm(officeId, [await storedText(t, stranger)]), id: saved.datas.id }, stranger)).toMatchObject({ code: 404 });
    expect((await call(USER.list, { pageNumber: 1, pageSize: 50 }, stranger)).datas.totalRow).toBe(0);
  });
});

describe("submission's checks", () => {
  it("refuses an applicant without real-name verification (3600, the spec's prompt) and changes nothing", async () => {
    const plain = await registerUser(t, newMobile());
    const { id, submitted } = await draftAndSubmit(t, plain, applicationForm(officeId, [await storedSnapshot(t, plain)], { payment: "fee" }));
    expect(submitted).toMatchObject({ code: NotarizationCode.identityRequired, message: NOTARIZATION_MESSAGES.realNameRequired });
    expect(NOTARIZATION_MESSAGES.realNameRequired).toContain("实名认证很重要，去认证");
    expect((await applicationRow(id)).state).toBe("draft");
    const organisation = await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangSnapshots[0]], { applicantType: "organisation", payment: "fee" }));
    expect(organisation.submitted).toMatchObject({ code: NotarizationCode.identityRequired, message: NOTARIZATION_MESSAGES.enterpriseRequired });
  });

  it("refuses an office that takes no applications, and a fee the office has not set", async () => {
    const closed = await staffOf(t, "暂停受理公证处", "closed.admin");
    await setOffice(t, closed.officeId, { accepts_applications: 0 });
    expect((await draftAndSubmit(t, zhang, applicationForm(closed.officeId, [zhangSnapshots[0]], { payment: "fee" }))).submitted).toMatchObject({
      code: NotarizationCode.officeUnavailable,
      message: NOTARIZATION_MESSAGES.officeUnavailable,
    });
    const noFee = await staffOf(t, "只收套餐公证处", "nofee.admin");
    expect((await draftAndSubmit(t, zhang, applicationForm(noFee.officeId, [zhangSnapshots[0]], { payment: "fee" }))).submitted).toMatchObject({
      code: NotarizationCode.feeNotSet,
      message: NOTARIZATION_MESSAGES.feeNotSet,
    });
  });

  it("refuses a bundle for anything but snapshots, an unusable bundle, and no bundle, holding nothing", async () => {
    const bundleId = await boughtBundle(t, zhang);
    const text = await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangText], { bundleId }));
    expect(text.submitted).toMatchObject({ code: 1001, message: BUNDLE_USE_MESSAGE.snapshotsOnly });
    expect((await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangSnapshots[0]]))).submitted).toMatchObject({ code: 1001, message: NOTARIZATION_MESSAGES.bundleRequired });
    const stranger = await verifiedApplicant(t, "李四");
    const theirs = await boughtBundle(t, stranger);
    expect((await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangSnapshots[0]], { bundleId: theirs }))).submitted).toMatchObject({
      code: NotarizationCode.bundleUnavailable,
      message: NOTARIZATION_MESSAGES.bundleUnavailable,
    });
    expect(await bundleState(t, bundleId)).toBe("active");
    expect(await bundleState(t, theirs)).toBe("active");
  });

  it("refuses a fee the balance does not cover (301), creating nothing", async () => {
    const poor = await verifiedApplicant(t, "王五");
    const { id, submitted } = await draftAndSubmit(t, poor, applicationForm(officeId, [await storedSnapshot(t, poor)], { payment: "fee" }));
    expect(submitted).toMatchObject({ code: 301, message: INSUFFICIENT_BALANCE_MESSAGE });
    expect((await applicationRow(id)).state).toBe("draft");
    expect(await eventsOf(id)).toEqual([]);
    expect(await db().selectFrom("money_reservations").selectAll().where("reference", "=", (await applicationRow(id)).uid).execute()).toEqual([]);
  });
});

describe("submission and withdrawal", () => {
  it("with a bundle: submit freezes it and puts the covered evidence on the ledger; withdraw before review unfreezes it", async () => {
    const bundleId = await boughtBundle(t, zhang);
    const snapshots = zhangSnapshots;
    const { id, submitted } = await draftAndSubmit(t, zhang, applicationForm(officeId, snapshots, { bundleId }));
    expect(submitted).toMatchObject({ code: 200, datas: { state: "submitted", applicantName: "张三", bundleId, evidenceCount: 2, actions: ["withdraw"] } });
    expect(submitted.datas.applicantIdNumber).toMatch(/^110105/);
    expect(await bundleState(t, bundleId)).toBe("frozen");

    await t.app.services.notarization.entries.idle();
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ seq: 1, action: "submit", from_state: "draft", to_state: "submitted", actor: "applicant" });
    const logged = parseNotarizationEntry(Buffer.from((await t.app.services.ledger.entry(Number(event.ledger_index)))!).toString("utf8"));
    const application = await applicationRow(id);
    expect(logged).toMatchObject({ application: application.uid, seq: 1, action: "submit", to: "submitted", actor: "applicant", office: officeId });
    expect(logged!.evidence).toEqual(submitted.datas.evidence.map((item: { certificateNo: string; sha256: string }) => ({ certificateNo: item.certificateNo, sha256: item.sha256 })));
    // The entry names nobody.
    expect(JSON.stringify(logged)).not.toContain("张三");

    // A second submit (a double click) is refused by the machine, nothing held twice.
    expect(await call(USER.submit, { id }, zhang)).toMatchObject({ code: NotarizationCode.stateRefused, message: "公证申请当前状态为“已提交”，不能提交申请" });

    const withdrawn = await call(USER.withdraw, { id, reason: "已与对方和解" }, zhang);
    expect(withdrawn).toMatchObject({ code: 200, datas: { state: "withdrawn", actions: [] } });
    expect(await bundleState(t, bundleId)).toBe("active");
    expect((await eventsOf(id)).map((row) => [row.action, row.note])).toEqual([["submit", null], ["withdraw", "已与对方和解"]]);
    expect((await outboxFor(t, zhang.account))[0]).toContain(`公证申请（${application.application_no}）已撤回申请`);
  });

  it("with the fee: submit holds the office's fee (reservation, service notarisation, reference uid); withdraw releases it", async () => {
    await recharge(t, zhang, 50_000);
    const before = await balanceOf(t, zhang.id);
    const { id, submitted } = await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangText], { payment: "fee" }));
    expect(submitted).toMatchObject({ code: 200, datas: { state: "submitted", feeFen: 30_000 } });
    const application = await applicationRow(id);
    const reservation = await db().selectFrom("money_reservations").selectAll().where("id", "=", application.reservation_id!).executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({ service: "notarisation", reference: application.uid, state: "reserved", amount_fen: 30_000 });
    expect(Number(reservation.expires_at) - t.clock.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    expect(await balanceOf(t, zhang.id)).toEqual({ available: before.available - 30_000, reserved: before.reserved + 30_000 });

    expect((await call(USER.withdraw, { id }, zhang)).datas.state).toBe("withdrawn");
    expect(await balanceOf(t, zhang.id)).toEqual(before);
    expect((await db().selectFrom("money_reservations").select("state").where("id", "=", application.reservation_id!).executeTakeFirstOrThrow()).state).toBe("released");
  });

  it("withdraws a draft without touching any payment", async () => {
    const saved = await call(USER.saveDraft, applicationForm(officeId, [zhangSnapshots[0]], { payment: "fee" }), zhang);
    expect((await call(USER.withdraw, { id: saved.datas.id }, zhang)).datas).toMatchObject({ state: "withdrawn" });
    expect(await db().selectFrom("money_reservations").selectAll().where("reference", "=", (await applicationRow(saved.datas.id)).uid).execute()).toEqual([]);
  });

  it("refuses a supplement while none is asked for, storing nothing", async () => {
    const { id } = await draftAndSubmit(t, zhang, applicationForm(officeId, [zhangSnapshots[0]], { bundleId: await boughtBundle(t, zhang) }));
    const answer = await postMultipart(t, webapiPath(USER.supplement), { id: String(id), note: "补充说明" }, { token: zhang.token });
    expect(answer.json()).toMatchObject({ code: NotarizationCode.stateRefused, message: "公证申请当前状态为“已提交”，不能补充材料" });
    expect(await db().selectFrom("notarization_materials").selectAll().execute()).toEqual([]);
  });

  it("lists the caller's applications newest first, filtered by state", async () => {
    const all = await call(USER.list, { pageNumber: 1, pageSize: 50 }, zhang);
    expect(all.datas.totalRow).toBeGreaterThan(3);
    const withdrawn = await call(USER.list, { pageNumber: 1, pageSize: 50, state: "withdrawn" }, zhang);
    expect(withdrawn.datas.list.every((row: { state: string }) => row.state === "withdrawn")).toBe(true);
    expect(withdrawn.datas.list[0]).toMatchObject({ officeName: "衡州市公证处" });
  });
});
