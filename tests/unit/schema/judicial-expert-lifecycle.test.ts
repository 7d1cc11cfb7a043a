import { describe, expect, it } from "vitest";
import { COMMISSION_ACTIONS, COMMISSION_LIFECYCLE, COMMISSION_STATES, COMMISSION_TRANSITIONS } from "../../../src/schema/judicial-expert";
import { bundleSizeFor, judicialPayStateOf } from "../../../src/schema/judicial-pay";

/** Every legal move, written out again by hand: the table in src/schema/judicial-expert.ts must say exactly this. */
const LEGAL: Record<string, string> = {
  "submitted quote": "quoted",
  "submitted decline": "declined",
  "submitted withdraw": "withdrawn",
  "quoted pay": "paid",
  "quoted decline": "declined",
  "quoted withdraw": "withdrawn",
  "paid start": "inProgress",
  "paid decline": "declined",
  "inProgress complete": "completed",
  "inProgress decline": "declined",
};

describe("an appraisal commission's lifecycle", () => {
  const cases = COMMISSION_STATES.flatMap((state) => COMMISSION_ACTIONS.map((action) => [state, action] as const));

  it("covers every state and action", () => expect(cases).toHaveLength(COMMISSION_STATES.length * 6));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(COMMISSION_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => COMMISSION_LIFECYCLE.next(state, action)).toThrow(COMMISSION_LIFECYCLE.Error);
  });

  it("refuses in Chinese, naming the state and the action", () => {
    expect(() => COMMISSION_LIFECYCLE.next("paid", "withdraw")).toThrow("鉴定委托当前状态为“已付费”，不能撤回委托");
  });

  it("gives each side its own actions", () => {
    expect(COMMISSION_LIFECYCLE.actionsFrom("quoted", "applicant")).toEqual(["pay", "withdraw"]);
    expect(COMMISSION_LIFECYCLE.actionsFrom("quoted", "expert")).toEqual(["decline"]);
    expect(COMMISSION_LIFECYCLE.actionsFrom("inProgress", "expert")).toEqual(["complete", "decline"]);
    expect(["completed", "declined", "withdrawn"].every((state) => COMMISSION_LIFECYCLE.isFinal(state as never))).toBe(true);
  });

  it("moves the fee on payment, completion and decline only", () => {
    const fees = Object.fromEntries(Object.entries(COMMISSION_TRANSITIONS).map(([action, edge]) => [action, "fee" in edge ? edge.fee : null]));
    expect(fees).toEqual({ quote: null, pay: "reserve", start: null, complete: "settle", decline: "release", withdraw: null });
  });
});

describe("judicial pay helpers", () => {
  it.each([
    [1, 10],
    [10, 10],
    [11, 30],
    [30, 30],
    [31, 50],
    [50, 50],
    [51, null],
    [0, null],
    [2.5, null],
  ])("%s snapshots fit the %s bundle", (snapshots, size) => expect(bundleSizeFor(snapshots)).toBe(size));

  it.each([
    ["reserved", "held"],
    ["settled", "paid"],
    ["released", "refunded"],
    ["expired", "refunded"],
  ])("a %s reservation is %s", (state, payState) => expect(judicialPayStateOf(state)).toBe(payState));
});
