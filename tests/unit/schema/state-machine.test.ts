import { describe, expect, it } from "vitest";
import { defineStateGraph, defineStateMachine, StateTransitionError } from "../../../src/schema/state-machine";

/** A door: small enough to write every answer out by hand, with two actors and a final state. */
const door = defineStateMachine("door", {
  open: { from: ["closed"], to: "open", by: "guest" },
  close: { from: ["open"], to: "closed", by: "guest" },
  lock: { from: ["closed"], to: "locked", by: "porter" },
  unlock: { from: ["locked"], to: "closed", by: "porter" },
  brickUp: { from: ["open", "closed", "locked"], to: "bricked", by: "porter" },
});
type DoorState = "open" | "closed" | "locked" | "bricked";
type DoorAction = "open" | "close" | "lock" | "unlock" | "brickUp";

const STATES: DoorState[] = ["open", "closed", "locked", "bricked"];
const ACTIONS: DoorAction[] = ["open", "close", "lock", "unlock", "brickUp"];

/** Every legal move, independently of the table above. */
const LEGAL: [DoorState, DoorAction, DoorState][] = [
  ["closed", "open", "open"],
  ["open", "close", "closed"],
  ["closed", "lock", "locked"],
  ["locked", "unlock", "closed"],
  ["open", "brickUp", "bricked"],
  ["closed", "brickUp", "bricked"],
  ["locked", "brickUp", "bricked"],
];
const legalTarget = (state: DoorState, action: DoorAction) => LEGAL.find(([from, move]) => from === state && move === action)?.[2];
const EVERY_MOVE = STATES.flatMap((state) => ACTIONS.map((action) => [state, action] as const));

describe("defineStateMachine", () => {
  it.each(EVERY_MOVE)("%s + %s: next, can and edge agree with the hand-written table", (state, action) => {
    const to = legalTarget(state, action);
    expect(door.can(state, action)).toBe(to !== undefined);
    if (to) {
      expect(door.next(state, action)).toBe(to);
      expect(door.edge(state, action)).toBe(door.transitions[action]);
    } else {
      expect(() => door.next(state, action)).toThrow(door.Error);
      expect(() => door.edge(state, action)).toThrow(StateTransitionError);
    }
  });

  it("refuses with an error carrying the machine, the state and the action", () => {
    const error = (() => {
      try {
        door.next("bricked", "open");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(door.Error);
    expect(error).toMatchObject({ machine: "door", state: "bricked", action: "open", message: 'door in state "bricked" cannot open' });
  });

  it("says a refusal in the machine's own words when it has them", () => {
    const polite = defineStateMachine("polite door", door.transitions, { refusal: (state, action) => `门当前为「${state}」，不能${action}` });
    expect(() => polite.next("locked", "open")).toThrow("门当前为「locked」，不能open");
    expect(() => polite.next("locked", "open")).toThrow(polite.Error);
  });

  it("keeps each machine's refusals apart, so catching one never swallows another's", () => {
    const other = defineStateMachine("door", door.transitions);
    expect(() => other.next("open", "open")).not.toThrow(door.Error);
    expect(() => other.next("open", "open")).toThrow(StateTransitionError);
  });

  it.each([
    ["closed", undefined, ["open", "lock", "brickUp"]],
    ["closed", "guest", ["open"]],
    ["closed", "porter", ["lock", "brickUp"]],
    ["open", "porter", ["brickUp"]],
    ["locked", "guest", []],
    ["bricked", undefined, []],
  ] as const)("from %s, %s may take %j", (state, by, actions) => {
    expect(door.actionsFrom(state, by)).toEqual(actions);
  });

  it.each([
    ["open", false],
    ["closed", false],
    ["locked", false],
    ["bricked", true],
  ] as const)("%s is final: %s", (state, final) => {
    expect(door.isFinal(state)).toBe(final);
  });
});

describe("defineStateGraph", () => {
  const moves = { draft: ["sent"], sent: ["read", "bounced"], bounced: ["sent"], read: [] } as const satisfies Record<string, readonly string[]>;
  type Letter = keyof typeof moves;
  const letter = defineStateGraph<Letter>("letter", moves);
  const LETTERS = Object.keys(moves) as Letter[];
  const LEGAL_MOVES: [Letter, Letter][] = [
    ["draft", "sent"],
    ["sent", "read"],
    ["sent", "bounced"],
    ["bounced", "sent"],
  ];

  it.each(LETTERS.flatMap((from) => LETTERS.map((to) => [from, to] as const)))("%s → %s", (from, to) => {
    const legal = LEGAL_MOVES.some(([a, b]) => a === from && b === to);
    expect(letter.can(from, to)).toBe(legal);
    if (legal) expect(letter.next(from, to)).toBe(to);
    else expect(() => letter.next(from, to)).toThrow(`letter cannot move from ${from} to ${to}`);
  });

  it("refuses with the machine's error and names only the final states final", () => {
    expect(() => letter.next("read", "sent")).toThrow(letter.Error);
    expect(LETTERS.filter(letter.isFinal)).toEqual(["read"]);
  });
});
