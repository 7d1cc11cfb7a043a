import { describe, expect, it } from "vitest";
import {
  EmailSchema,
  FaxSchema,
  FixedPhoneSchema,
  isMobileLike,
  MobileSchema,
  PostcodeSchema,
} from "../../../src/schema/contact";
import { firstMessage } from "./first-issue";

describe("EmailSchema", () => {
  it.each([
    ["user@example.com", null],
    ["first.last+tag@mail.example.cn", null],
    ["a_b-c%d@sub-domain.example.org", null],
    [" user@example.com ", null],
    ["", "请输入邮箱"],
    ["user@example", "请输入正确的邮箱"],
    ["user@example.info", "请输入正确的邮箱"],
    ["user@example.c", "请输入正确的邮箱"],
    ["user.@example.com", "请输入正确的邮箱"],
    [".user@example.com", "请输入正确的邮箱"],
    ["us..er@example.com", "请输入正确的邮箱"],
    ["user@-example.com", "请输入正确的邮箱"],
    ["user@@example.com", "请输入正确的邮箱"],
    ["用户@example.com", "请输入正确的邮箱"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(EmailSchema, value)).toBe(message);
  });
});

describe("MobileSchema", () => {
  it.each([
    ["13800138000", null],
    ["19912345678", null],
    ["", "请输入手机号"],
    ["12800138000", "请输入正确的手机号"],
    ["1380013800", "请输入正确的手机号"],
    ["138001380001", "请输入正确的手机号"],
    ["+8613800138000", "请输入正确的手机号"],
    ["1380013800a", "请输入正确的手机号"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(MobileSchema, value)).toBe(message);
  });
});

describe("isMobileLike", () => {
  it.each([
    ["13800138000", true],
    ["12000000000", true],
    ["1380013800", false],
    ["user@example.com", false],
  ])("%j → %s", (value, expected) => {
    expect(isMobileLike(value)).toBe(expected);
  });
});

describe("FixedPhoneSchema", () => {
  it.each([
    ["1234567", null],
    ["12345678", null],
    ["010-12345678", null],
    ["0755-1234567", null],
    ["01012345678", null],
    ["010-12345678-8001", null],
    ["", "请输入固定电话"],
    ["123456", "请输入正确的固定电话"],
    ["123456789", "请输入正确的固定电话"],
    ["10-12345678", "请输入正确的固定电话"],
    ["010-1234567a", "请输入正确的固定电话"],
    ["010-12345678-", "请输入正确的固定电话"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(FixedPhoneSchema, value)).toBe(message);
  });
});

describe("FaxSchema", () => {
  it.each([
    ["021-87654321", null],
    ["87654321", null],
    ["", "请输入传真号码"],
    ["021-87654321-12", "请输入正确的传真号码"],
    ["8765", "请输入正确的传真号码"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(FaxSchema, value)).toBe(message);
  });
});

describe("PostcodeSchema", () => {
  it.each([
    ["100000", null],
    ["518057", null],
    ["", "请输入邮政编码"],
    ["10000", "请输入正确的邮政编码"],
    ["1000000", "请输入正确的邮政编码"],
    ["10000a", "请输入正确的邮政编码"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(PostcodeSchema, value)).toBe(message);
  });
});
