import { describe, expect, it } from "vitest";
import { CAPTURE_LIFECYCLE, CAPTURE_STATES, CAPTURE_TRANSITIONS, CaptureStateError, type CaptureAction } from "../../../src/schema/capture";

/** Every legal move, written out again by hand: the table in src/schema/capture.ts must say exactly this. */
const LEGAL: Record<string, string> = {
  "queued start": "running",
  "running seal": "sealed",
  "running flag": "needsReview",
  "running fail": "failed",
  "running resume": "queued",
  "running abandon": "failed",
  "needsReview accept": "sealed",
  "needsReview discard": "failed",
  "needsReview retry": "queued",
  "needsReview expire": "failed",
  "failed retry": "queued",
};

describe("the capture lifecycle", () => {
  const cases = CAPTURE_STATES.flatMap((state) => (Object.keys(CAPTURE_TRANSITIONS) as CaptureAction[]).map((action) => [state, action] as const));

  it("covers every state and action", () => expect(cases).toHaveLength(CAPTURE_STATES.length * 10));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(CAPTURE_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => CAPTURE_LIFECYCLE.next(state, action)).toThrow(CaptureStateError);
  });

  it("refuses in Chinese, naming the state", () => {
    expect(() => CAPTURE_LIFECYCLE.next("sealed", "accept")).toThrow("当前状态（已存证）不能进行此操作");
  });

  it("ends only in sealed", () => {
    expect(CAPTURE_STATES.filter((state) => CAPTURE_LIFECYCLE.isFinal(state))).toEqual(["sealed"]);
  });
});
