import { describe, expect, it } from "vitest";
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  RegisterFormSchema,
  ResetPasswordFormSchema,
  SetPasswordFormSchema,
} from "../../../src/schema/password-forms";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("password forms", () => {
  it.each<[string, { passWord: string; confirmPassword: string }, Record<string, string>]>([
    ["matching passwords pass", { passWord: "abc123", confirmPassword: "abc123" }, {}],
    ["a different repetition", { passWord: "abc123", confirmPassword: "abc124" }, { confirmPassword: PASSWORD_MISMATCH_MESSAGE }],
    ["a missing repetition", { passWord: "abc123", confirmPassword: "" }, { confirmPassword: CONFIRM_PASSWORD_REQUIRED_MESSAGE }],
    [
      "a malformed password, repeated differently",
      { passWord: "abc", confirmPassword: "abd" },
      { passWord: "密码长度为6-18位，至少包含1个字母和1个数字", confirmPassword: PASSWORD_MISMATCH_MESSAGE },
    ],
  ])("set password: %s", (_case, form, expected) => {
    expect(messages(SetPasswordFormSchema.safeParse(form))).toEqual(expected);
  });

  it("registration shows a mismatch even while the code is still empty", () => {
    const result = RegisterFormSchema.safeParse({ userName: "13800138000", vCode: "", passWord: "abc123", confirmPassword: "abc12", agreement: true });
    expect(messages(result)).toEqual({ vCode: "请输入验证码", confirmPassword: PASSWORD_MISMATCH_MESSAGE });
  });

  it("registration needs the agreement; reset does not ask for it", () => {
    const form = { userName: "a@b.cn", vCode: "123456", passWord: "abc123", confirmPassword: "abc123" };
    expect(messages(RegisterFormSchema.safeParse({ ...form, agreement: false }))).toEqual({ agreement: "请勾选用户注册协议和隐私协议" });
    expect(ResetPasswordFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([null, undefined, "text"])("refuses %s instead of throwing in the comparison", (value) => {
    expect(SetPasswordFormSchema.safeParse(value).success).toBe(false);
    expect(RegisterFormSchema.safeParse(value).success).toBe(false);
  });
});
