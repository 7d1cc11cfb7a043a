import { describe, expect, it } from "vitest";
import {
  accountKind,
  AgreementSchema,
  BindAccountFormSchema,
  CodeLoginFormSchema,
  ImageCaptchaSchema,
  LoginAccountSchema,
  PasswordLoginFormSchema,
  PasswordSchema,
  SendCodeFormSchema,
  VerificationCodeSchema,
} from "../../../src/schema/credentials";
import { firstMessage, issuesOf } from "./first-issue";

const ACCOUNT = "请输入正确的手机号或邮箱";
const PASSWORD_EMPTY = "请输入密码";
const PASSWORD_FORM = "密码长度为6-18位，至少包含1个字母和1个数字";
const CODE_EMPTY = "请输入验证码";
const CAPTCHA_FORM = "验证码格式错误";
const AGREEMENT = "请勾选用户注册协议和隐私协议";

describe("LoginAccountSchema", () => {
  it.each([
    ["13800138000", null],
    ["user@example.com", null],
    [" 13800138000 ", null],
    ["", ACCOUNT],
    ["12800138000", ACCOUNT],
    ["user@example", ACCOUNT],
    ["admin", ACCOUNT],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(LoginAccountSchema, value)).toBe(message);
  });
});

describe("accountKind", () => {
  it.each([
    ["13800138000", "mobile"],
    [" user@example.com ", "email"],
    ["12800138000", null],
    ["admin", null],
  ])("%j → %s", (value, kind) => {
    expect(accountKind(value)).toBe(kind);
  });
});

describe("PasswordSchema", () => {
  it.each([
    ["abc123", null],
    ["A1b2C3d4E5f6G7h8I9", null],
    ["", PASSWORD_EMPTY],
    [undefined, PASSWORD_EMPTY],
    ["ab12", PASSWORD_FORM],
    ["A1b2C3d4E5f6G7h8I9j", PASSWORD_FORM],
    ["abcdef", PASSWORD_FORM],
    ["123456", PASSWORD_FORM],
    ["abc 123", PASSWORD_FORM],
    [" abc123", PASSWORD_FORM],
    ["abc123!", PASSWORD_FORM],
    ["密码abc123", PASSWORD_FORM],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(PasswordSchema, value)).toBe(message);
  });
});

describe("ImageCaptchaSchema", () => {
  it.each([
    ["ab12", null],
    ["ABCD", null],
    ["1234", null],
    ["", CODE_EMPTY],
    ["abc", CAPTCHA_FORM],
    ["abcde", CAPTCHA_FORM],
    ["ab-1", CAPTCHA_FORM],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(ImageCaptchaSchema, value)).toBe(message);
  });
});

describe("VerificationCodeSchema", () => {
  it.each([
    ["123456", null],
    ["x", null],
    ["", CODE_EMPTY],
    ["  ", CODE_EMPTY],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(VerificationCodeSchema, value)).toBe(message);
  });
});

describe("AgreementSchema", () => {
  it.each([
    [true, null],
    [false, AGREEMENT],
    [undefined, AGREEMENT],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(AgreementSchema, value)).toBe(message);
  });
});

describe("login forms", () => {
  it.each([
    [PasswordLoginFormSchema, { userName: "13800138000", passWord: "abc123", vCode: "ab12" }, []],
    [
      PasswordLoginFormSchema,
      { userName: "x", passWord: "", vCode: "abc" },
      [`userName: ${ACCOUNT}`, `passWord: ${PASSWORD_EMPTY}`, `vCode: ${CAPTCHA_FORM}`],
    ],
    [CodeLoginFormSchema, { userName: "user@example.com", vCode: "654321", agreement: true }, []],
    [
      CodeLoginFormSchema,
      { userName: "user@example.com", vCode: "", agreement: false },
      [`vCode: ${CODE_EMPTY}`, `agreement: ${AGREEMENT}`],
    ],
    [SendCodeFormSchema, { userName: "13800138000", agreement: true }, []],
    [SendCodeFormSchema, { userName: "13800138000", agreement: false }, [`agreement: ${AGREEMENT}`]],
    [SendCodeFormSchema, { userName: "", agreement: true }, [`userName: ${ACCOUNT}`]],
    [BindAccountFormSchema, { userName: "13800138000", passWord: "abc123", vCode: "ab12", agreement: true }, []],
    [
      BindAccountFormSchema,
      { userName: "13800138000", passWord: "abc123", vCode: "ab12", agreement: false },
      [`agreement: ${AGREEMENT}`],
    ],
  ])("%#: issues", (schema, value, issues) => {
    expect(issuesOf(schema, value)).toEqual(issues);
  });

  it("keeps the password as typed and trims the account", () => {
    expect(PasswordLoginFormSchema.parse({ userName: " 13800138000 ", passWord: "abc123", vCode: "ab12" })).toEqual({
      userName: "13800138000",
      passWord: "abc123",
      vCode: "ab12",
    });
  });
});
