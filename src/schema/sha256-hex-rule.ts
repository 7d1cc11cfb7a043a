import type { TextRule } from "./text-check";

/** A file's SHA-256 as somebody types it: 64 hexadecimal characters, either case. */
export const SHA256_HEX_PATTERN = /^[0-9a-fA-F]{64}$/;

/** The rule of a typed SHA-256, without zod: the zod schema (evidence-query.ts) and the verification page (issue 20) check with it. */
export const SHA256_HEX_RULE: TextRule = {
  required: "请输入文件的 SHA-256 值",
  invalid: "SHA-256 值应为 64 位十六进制字符（0-9、a-f）",
  test: SHA256_HEX_PATTERN,
};
