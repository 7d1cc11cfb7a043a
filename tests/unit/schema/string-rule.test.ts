import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalText, textRule } from "../../../src/schema/string-rule";
import { firstMessage } from "./first-issue";

const Digits = textRule({ required: "必填", invalid: "格式错误", test: /^\d{3}$/ });
const Spaced = textRule({ required: "必填", invalid: "格式错误", test: (v) => v.length === 5, keepSpaces: true });
const RequiredOnly = textRule({ required: "必填" });

describe("textRule", () => {
  it.each([
    ["123", null],
    ["  123 ", null],
    ["", "必填"],
    ["   ", "必填"],
    [undefined, "必填"],
    [null, "必填"],
    [123, "必填"],
    ["12a", "格式错误"],
  ])("pattern rule %j → %s", (value, message) => {
    expect(firstMessage(Digits, value)).toBe(message);
  });

  it("reports a single message for an empty value", () => {
    expect(Digits.safeParse("").error?.issues).toHaveLength(1);
  });

  it("trims the output unless spaces are kept", () => {
    expect(Digits.parse(" 123 ")).toBe("123");
    expect(Spaced.parse(" abc ")).toBe(" abc ");
  });

  it.each([
    ["x", null],
    [" ", "必填"],
  ])("required-only rule %j → %s", (value, message) => {
    expect(firstMessage(RequiredOnly, value)).toBe(message);
  });
});

describe("optionalText", () => {
  const Optional = z.object({ code: optionalText(Digits) });
  it.each([
    [{}, null],
    [{ code: "" }, null],
    [{ code: "  " }, null],
    [{ code: "123" }, null],
    [{ code: "12" }, "格式错误"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(Optional, value)).toBe(message);
  });

  it("turns a blank value into undefined", () => {
    expect(Optional.parse({ code: " " })).toEqual({ code: undefined });
  });
});
