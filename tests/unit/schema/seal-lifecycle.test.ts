import { describe, expect, it } from "vitest";
import { SEAL_LIFECYCLE, SEAL_STATES, SEAL_TRANSITIONS, type SealAction } from "../../../src/schema/seal";

/** Every legal move, written out again by hand: the table in src/schema/seal.ts must say exactly this. */
const LEGAL: Record<string, string> = {
  "unconfigured activate": "active",
  "active suspend": "suspended",
  "suspended resume": "active",
};

describe("the seal lifecycle", () => {
  const cases = SEAL_STATES.flatMap((state) => (Object.keys(SEAL_TRANSITIONS) as SealAction[]).map((action) => [state, action] as const));

  it("covers every state and action", () => expect(cases).toHaveLength(SEAL_STATES.length * 3));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(SEAL_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => SEAL_LIFECYCLE.next(state, action)).toThrow(SEAL_LIFECYCLE.Error);
  });

  it("refuses in Chinese, naming the state", () => {
    expect(() => SEAL_LIFECYCLE.next("suspended", "suspend")).toThrow("电子印章当前状态（已停用）不能进行此操作");
  });
});
