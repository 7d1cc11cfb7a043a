import { describe, expect, it } from "vitest";
import { digestsEqual } from "../../../server/modules/security/digest-compare.js";

describe("digestsEqual", () => {
  it.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    [undefined, "abc", false],
    ["", "", true],
  ])("%s vs %s → %s", (a, b, expected) => {
    expect(digestsEqual(a, b)).toBe(expected);
  });
});
