import { describe, expect, it } from "vitest";
import { RECORDING_LIFECYCLE, RECORDING_STATES, RECORDING_TRANSITIONS, RecordingStateError, type RecordingAction } from "../../../src/schema/recording";

/** Every legal move, written out again by hand: the table in src/schema/recording.ts must say exactly this. */
const LEGAL: Record<string, string> = {
  "recording stop": "sealing",
  "recording interrupt": "sealing",
  "recording discard": "failed",
  "sealing seal": "sealed",
  "sealing fail": "failed",
};

describe("the recording lifecycle", () => {
  const actions = Object.keys(RECORDING_TRANSITIONS) as RecordingAction[];
  const cases = RECORDING_STATES.flatMap((state) => actions.map((action) => [state, action] as const));

  it("covers every state and action", () => expect(cases).toHaveLength(RECORDING_STATES.length * 5));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(RECORDING_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => RECORDING_LIFECYCLE.next(state, action)).toThrow(RecordingStateError);
  });

  it("refuses in Chinese, naming the state", () => {
    expect(() => RECORDING_LIFECYCLE.next("sealed", "discard")).toThrow("当前状态（已存证）不能进行此操作");
  });

  it("ends in sealed or failed", () => {
    expect(RECORDING_STATES.filter((state) => RECORDING_LIFECYCLE.isFinal(state))).toEqual(["sealed", "failed"]);
  });
});
