import { describe, expect, it } from "vitest";
import { applicationHistory } from "../../../src/pages/invoices/application-history";
import { INVOICE_STATES, type InvoiceState } from "../../../src/schema/invoice";

const T = { apply: 1_000, decide: 2_000, issue: 3_000, reverse: 4_000 };
const facts = (state: InvoiceState, overrides: Record<string, unknown> = {}) => ({
  state,
  applyTime: T.apply,
  decideTime: state === "pending" ? null : T.decide,
  issueTime: ["issued", "reversing", "reversed"].includes(state) ? T.issue : null,
  rejectReason: state === "rejected" ? "抬头有误" : null,
  reverseReason: ["reversing", "reversed"].includes(state) ? "更正抬头" : null,
  reverseTime: state === "reversed" ? T.reverse : null,
  ...overrides,
});

describe("an application's history, as its timeline shows it", () => {
  it.each<[InvoiceState, string[], string]>([
    ["pending", ["提交申请", "待审核"], "waiting"],
    ["withdrawn", ["提交申请", "用户撤销申请"], "cancelled"],
    ["rejected", ["提交申请", "申请被驳回"], "refused"],
    ["issuing", ["提交申请", "审核通过", "开票中"], "waiting"],
    ["issued", ["提交申请", "审核通过", "发票已开具"], "done"],
    ["reversing", ["提交申请", "审核通过", "发票已开具", "红冲处理中"], "waiting"],
    ["reversed", ["提交申请", "审核通过", "发票已开具", "已红冲（开具红字发票）"], "cancelled"],
  ])("%s: %j, ending %s", (state, titles, lastTone) => {
    const steps = applicationHistory(facts(state));
    expect(steps.map((step) => step.title)).toEqual(titles);
    expect(steps.at(-1)!.tone).toBe(lastTone);
  });

  it("covers every state of the machine", () => {
    for (const state of INVOICE_STATES) expect(applicationHistory(facts(state)).length, state).toBeGreaterThan(1);
  });

  it("says why it was rejected or reversed, and who decided", () => {
    expect(applicationHistory({ ...facts("rejected"), decidedBy: "王五" }).at(-1)).toMatchObject({ time: T.decide, note: "原因：抬头有误；审核人：王五" });
    expect(applicationHistory(facts("reversed")).at(-1)).toMatchObject({ time: T.reverse, note: "原因：更正抬头" });
    expect(applicationHistory(facts("issued")).map((step) => step.time)).toEqual([T.apply, T.decide, T.issue]);
  });
});
