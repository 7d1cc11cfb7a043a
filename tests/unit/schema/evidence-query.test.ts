import { describe, expect, it } from "vitest";
import {
  CertificateQueryFormSchema,
  ExtractLoginFormSchema,
  ValidateQueryFormSchema,
} from "../../../src/schema/evidence-query.js";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("public evidence page forms", () => {
  it("require their fields with the spec-style 请输入 messages", () => {
    expect(firstMessage(ExtractLoginFormSchema.safeParse({ extractNo: " ", extractCode: "ab12" }))).toBe("请输入提取编号");
    expect(firstMessage(CertificateQueryFormSchema.safeParse({ certificateNo: "" }))).toBe("请输入证书编号");
  });

  it.each([
    ["", true],
    ["   ", true],
    ["a".repeat(64), true],
    ["0123456789ABCDEF".repeat(4), true],
    ["g".repeat(64), false],
    ["a".repeat(63), false],
  ])("validateQuery takes an optional 64-hex SHA-256: %j → %s", (fileHash, ok) => {
    const result = ValidateQueryFormSchema.safeParse({ certificateNo: "HZ-1", fileHash });
    expect(result.success).toBe(ok);
    if (!ok) expect(firstMessage(result)).toBe("SHA-256 值应为 64 位十六进制字符（0-9、a-f）");
  });

  it("carry each field's label and placeholder as metadata", () => {
    expect(ExtractLoginFormSchema.shape.extractCode.meta()).toMatchObject({ title: "提取码" });
    expect(ValidateQueryFormSchema.shape.fileHash.meta()).toMatchObject({ title: "文件 SHA-256（可选）" });
  });
});
