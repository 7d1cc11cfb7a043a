import { describe, expect, it } from "vitest";
import {
  isActionAllowed,
  MOVE_REFUSALS,
  movedOrder,
  PUBLICATION_STATE_KEYS,
  PUBLICATION_TRANSITIONS,
  transitionOf,
  type PublicationAction,
  type PublicationState,
  type PublicationTarget,
} from "../../../../src/schema/console/publication";

/**
 * Every state against every action, written out by hand: a change to PUBLICATION_TRANSITIONS that
 * this table does not also make fails here.
 */
const EXPECTED: Record<PublicationState, Record<PublicationAction, PublicationTarget | "refused">> = {
  draft: { publish: "published", unpublish: "refused", delete: "deleted" },
  published: { publish: "refused", unpublish: "unpublished", delete: "refused" },
  unpublished: { publish: "published", unpublish: "refused", delete: "refused" },
};

const ACTIONS = Object.keys(PUBLICATION_TRANSITIONS) as PublicationAction[];
const CASES = PUBLICATION_STATE_KEYS.flatMap((state) => ACTIONS.map((action) => [state, action, EXPECTED[state][action]] as const));

describe("the publication state machine", () => {
  it("covers every state and every action", () => {
    expect(CASES).toHaveLength(9);
  });

  it.each(CASES)("%s → %s: %s", (state, action, expected) => {
    const outcome = transitionOf(state, action);
    if (expected === "refused") {
      expect(outcome).toEqual({ allowed: false, message: PUBLICATION_TRANSITIONS[action].refusal });
      expect(isActionAllowed(state, action)).toBe(false);
    } else {
      expect(outcome).toEqual({ allowed: true, to: expected });
      expect(isActionAllowed(state, action)).toBe(true);
    }
  });

  it("goes round draft → published → unpublished → published …", () => {
    let state: PublicationState = "draft";
    const visited: PublicationState[] = [state];
    for (const action of ["publish", "unpublish", "publish", "unpublish", "publish"] as const) {
      const outcome = transitionOf(state, action);
      if (!outcome.allowed || outcome.to === "deleted") throw new Error(`${action} refused from ${state}`);
      state = outcome.to;
      visited.push(state);
    }
    expect(visited).toEqual(["draft", "published", "unpublished", "published", "unpublished", "published"]);
  });

  it("has a Chinese refusal for every action", () => {
    for (const action of ACTIONS) expect(PUBLICATION_TRANSITIONS[action].refusal).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe("movedOrder", () => {
  it.each([
    [[1, 2, 3], 2, "up", [2, 1, 3]],
    [[1, 2, 3], 2, "down", [1, 3, 2]],
    [[1, 2, 3], 3, "up", [1, 3, 2]],
    [[1, 2, 3], 1, "down", [2, 1, 3]],
    [[1, 2, 3], 1, "up", null],
    [[1, 2, 3], 3, "down", null],
    [[1], 1, "up", null],
    [[1, 2, 3], 9, "down", null],
  ] as const)("%j: %s %s → %j", (order, id, direction, expected) => {
    expect(movedOrder(order, id, direction)).toEqual(expected);
  });

  it("leaves the given order alone", () => {
    const order = [1, 2, 3];
    movedOrder(order, 2, "up");
    expect(order).toEqual([1, 2, 3]);
  });

  it("says why a row at either end cannot move", () => {
    expect(MOVE_REFUSALS).toEqual({ up: "已经排在最前，无法上移", down: "已经排在最后，无法下移" });
  });
});
