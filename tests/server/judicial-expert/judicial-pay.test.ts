import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPERT_ENDPOINTS } from "../../../src/schema/judicial-expert.js";
import { JUDICIAL_PAY_ENDPOINTS, JUDICIAL_PAY_MESSAGES } from "../../../src/schema/judicial-pay.js";
import { PURCHASE_ENDPOINTS } from "../../../src/schema/purchase.js";
import { applicantWithEvidence, commission, consoleOperator, institutionWithExperts, type Institution } from "../support/appraisal.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/**
 * Judicial pay: every judicial payment of the account in one list, newest first across billing's
 * reservations (appraisal and notarisation fees, by service name) and bundle purchases, with the
 * state the money is in (held, paid, refunded); one payment's detail; nobody else's.
 */

let t: TestApp;
let institution: Institution;
let payer: RegisteredUser;
let other: RegisteredUser;
const MINUTE = 60_000;
const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: { token: string }) => (await t.call(endpoint, params, { token: user.token })).json();
const money = () => t.app.services.billing.money;
const notarisation = (reference: string, fen: number) => money().reserve(payer.id, fen, { service: "notarisation", reference, expiresAt: t.clock.now() + 365 * 24 * 60 * MINUTE });
const list = async (params: Record<string, unknown> = {}, user = payer) => (await call(JUDICIAL_PAY_ENDPOINTS.list, params, user)).datas;

let appraisalPaymentId: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const operator = await consoleOperator(t);
  institution = await institutionWithExperts(t, operator.token, "己司法鉴定所", ["13792000001"]);
  const applicant = await applicantWithEvidence(t, "13792000002", 5_000_000);
  payer = applicant.user;
  other = await registerUser(t, "13792000003");

  // Oldest first, a minute apart: a bundle, a held notarisation fee, a paid one, a refunded one, an appraisal fee, more bundles.
  expect((await call(PURCHASE_ENDPOINTS.purchase, { uid: payer.id, productCode: "bundle-10", quantity: 2, attemptId: "attempt-00000001" }, payer)).code).toBe(200);
  t.clock.advance(MINUTE);
  await notarisation("a".repeat(32), 30_000);
  t.clock.advance(MINUTE);
  await money().settle(await notarisation("b".repeat(32), 30_000));
  t.clock.advance(MINUTE);
  await money().release(await notarisation("c".repeat(32), 30_000));
  t.clock.advance(MINUTE);
  // Money held for something else (a capture) is no judicial payment.
  await money().reserve(payer.id, 100, { service: "capture", reference: "capture-1", expiresAt: t.clock.now() + MINUTE * 60 });
  const made = await commission(t, payer, institution.id, [applicant.evidenceId]);
  expect((await call(EXPERT_ENDPOINTS.quote, { id: made.id, feeFen: 88_800, expectedDays: 10 }, institution.experts[0])).code).toBe(200);
  const paid = await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: made.id, feeFen: 88_800 }, payer);
  expect(paid.datas).toMatchObject({ kind: "appraisalFee", state: "held", amountFen: 88_800, reference: made.commissionNo, commissionId: made.id });
  appraisalPaymentId = paid.datas.id;
  for (let attempt = 2; attempt <= 9; attempt++) {
    t.clock.advance(MINUTE);
    expect((await call(PURCHASE_ENDPOINTS.purchase, { uid: payer.id, productCode: "bundle-30", quantity: 1, attemptId: `attempt-0000000${attempt}` }, payer)).code).toBe(200);
  }
}, 60_000);
afterAll(async () => t?.close());

describe("the judicial payments list", () => {
  it("shows every judicial payment, newest first across the sources, paged", async () => {
    const first = await list({ pageSize: 10 });
    expect(first.totalRow).toBe(13);
    expect(first.totalPage).toBe(2);
    expect(first.list.map((row: { kind: string }) => row.kind)).toEqual([...Array(8).fill("bundlePurchase"), "appraisalFee", "notarisationFee"]);
    expect(first.list[8]).toMatchObject({ id: appraisalPaymentId, state: "held", amountFen: 88_800, subject: expect.stringContaining("己司法鉴定所") });
    const second = await list({ pageSize: 10, pageNumber: 2 });
    expect(second.list.map((row: { kind: string; state: string }) => `${row.kind} ${row.state}`)).toEqual(["notarisationFee paid", "notarisationFee held", "bundlePurchase paid"]);
    expect(second.list[2]).toMatchObject({ amountFen: 560_000, subject: expect.stringContaining("× 2") });
  });

  it("filters by kind and by the state of the money", async () => {
    expect((await list({ kind: "notarisationFee" })).list.map((row: { state: string }) => row.state)).toEqual(["refunded", "paid", "held"]);
    expect((await list({ state: "held" })).list.map((row: { kind: string }) => row.kind)).toEqual(["appraisalFee", "notarisationFee"]);
    expect((await list({ state: "refunded" })).totalRow).toBe(1);
    expect((await list({ kind: "bundlePurchase", state: "held" })).totalRow).toBe(0);
    expect((await list({ kind: "appraisalFee", state: "paid" })).totalRow).toBe(0);
    expect((await call(JUDICIAL_PAY_ENDPOINTS.list, { kind: "capture" }, payer)).code).toBe(1001);
  });

  it("is the account's own: another account sees none of it", async () => {
    expect(await list({}, other)).toMatchObject({ list: [], totalRow: 0 });
  });
});

describe("one payment", () => {
  it("shows its detail, and nobody else's", async () => {
    const detail = await call(JUDICIAL_PAY_ENDPOINTS.detail, { id: appraisalPaymentId }, payer);
    expect(detail.datas).toMatchObject({ kind: "appraisalFee", state: "held", stateNote: expect.stringContaining("冻结"), closeTime: null });
    const purchaseId = (await list({ kind: "bundlePurchase", pageSize: 10 })).list[0].id;
    expect((await call(JUDICIAL_PAY_ENDPOINTS.detail, { id: purchaseId }, payer)).datas).toMatchObject({ kind: "bundlePurchase", state: "paid", quantity: 1, reference: "bundle-30" });
    const captureReservation = await t.database.handle.db.selectFrom("money_reservations").select("id").where("service", "=", "capture").executeTakeFirstOrThrow();
    for (const id of [appraisalPaymentId, purchaseId]) expect(await call(JUDICIAL_PAY_ENDPOINTS.detail, { id }, other)).toMatchObject({ code: 404, message: JUDICIAL_PAY_MESSAGES.notFound });
    expect(await call(JUDICIAL_PAY_ENDPOINTS.detail, { id: `r${captureReservation.id}` }, payer)).toMatchObject({ code: 404 });
    for (const id of ["x1", "r", "r0", "1"]) expect(await call(JUDICIAL_PAY_ENDPOINTS.detail, { id }, payer)).toMatchObject({ code: 1001, message: JUDICIAL_PAY_MESSAGES.notFound });
  });
});
