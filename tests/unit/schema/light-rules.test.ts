import { describe, expect, it } from "vitest";
import { checkCertificateNo } from "../../../src/schema/certificate-no-rule";
import { CertificateNoSchema } from "../../../src/schema/certificate-no";
import { Sha256HexSchema } from "../../../src/schema/evidence-query";
import { SHA256_HEX_RULE } from "../../../src/schema/sha256-hex-rule";
import { checkText } from "../../../src/schema/text-check";

/** The light pages check with the same rules the zod schemas are built from: both answer alike. */
const zodAnswer = (result: { success: true; data: string } | { success: false; error: { issues: { message: string }[] } }) =>
  result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0].message };

describe("rules without zod", () => {
  it.each(["", "   ", "hz-1234", "HZ0123456789ABCDEFGHJKMN", "hz 0123-4567 89ab cdef ghjk mn", "HZ0123456789ABCDEFGHJKMNO"])("certificate number %j: the page's check and the schema agree", (typed) => {
    expect(checkCertificateNo(typed)).toEqual(zodAnswer(CertificateNoSchema.safeParse(typed)));
  });

  it("normalises a typed number and names what is wrong", () => {
    expect(checkCertificateNo("hz 0123-4567 89ab cdef ghjk mn")).toEqual({ ok: true, value: "HZ0123456789ABCDEFGHJKMN" });
    expect(checkCertificateNo(" ")).toEqual({ ok: false, message: "请输入证书编号" });
    expect(checkCertificateNo("HZ123")).toEqual({ ok: false, message: "证书编号格式不正确" });
  });

  it.each(["", "  ", "abc", "a".repeat(64), ` ${"A".repeat(64)} `, `${"a".repeat(63)}\u202e`])("SHA-256 %j: the page's check and the schema agree", (typed) => {
    expect(checkText(SHA256_HEX_RULE, typed)).toEqual(zodAnswer(Sha256HexSchema.safeParse(typed)));
  });
});
