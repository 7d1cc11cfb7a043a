import { describe, expect, it } from "vitest";
import { NotaryAccountSchema, NotaryLoginFormSchema } from "../../../src/schema/notary";

describe("notary account", () => {
  it.each([
    ["zhang.san", "zhang.san"],
    ["Office-01", "office-01"],
    ["  abcd  ", "abcd"],
    ["a".repeat(32), "a".repeat(32)],
  ])("accepts %j as %j", (input, expected) => {
    expect(NotaryAccountSchema.parse(input)).toBe(expected);
  });

  it.each([
    ["", "请输入公证处账号"],
    ["   ", "请输入公证处账号"],
    ["abc", "账号为4-32位字母、数字、下划线、点或连字符"],
    ["a".repeat(33), "账号为4-32位字母、数字、下划线、点或连字符"],
    [".abcd", "账号为4-32位字母、数字、下划线、点或连字符"],
    ["张三公证", "账号为4-32位字母、数字、下划线、点或连字符"],
    ["a b c d", "账号为4-32位字母、数字、下划线、点或连字符"],
  ])("refuses %j: %s", (input, message) => {
    const result = NotaryAccountSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe("notary login form", () => {
  it("uses the users' password and captcha rules (spec §5)", () => {
    const result = NotaryLoginFormSchema.safeParse({ account: "zhang.san", password: "123456", vCode: "ab" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["password", "密码长度为6-18位，至少包含1个字母和1个数字"],
      ["vCode", "验证码格式错误"],
    ]);
  });
});
