import { textRule } from "./string-rule";

/** Contact details (spec §5). Patterns are anchored and flag-free, so `.test` is stateless. */

/** Local part without leading, trailing or doubled dots; domain labels; a 2-3 letter TLD. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,3}$/;

/** Mainland mobile numbers: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * Looser than MOBILE_PATTERN: anything shaped like a phone number (1 and ten more digits).
 * Used to decide that an account string is meant as a phone number (phone vs e-mail code),
 * so a mistyped number gets the mobile message rather than the e-mail one.
 */
export const MOBILE_LIKE_PATTERN = /^1\d{10}$/;

/** Optional area code (0 + 2-3 digits, optional hyphen), 7-8 digit number, optional extension. */
export const FIXED_PHONE_PATTERN = /^(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?$/;

/** A fax is a fixed line without an extension. */
export const FAX_PATTERN = /^(?:0\d{2,3}-?)?\d{7,8}$/;

export const POSTCODE_PATTERN = /^\d{6}$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
export const isMobile = (value: string) => MOBILE_PATTERN.test(value);
export const isMobileLike = (value: string) => MOBILE_LIKE_PATTERN.test(value);

export const EmailSchema = textRule({ required: "请输入邮箱", invalid: "请输入正确的邮箱", test: EMAIL_PATTERN });
export const MobileSchema = textRule({ required: "请输入手机号", invalid: "请输入正确的手机号", test: MOBILE_PATTERN });
export const FixedPhoneSchema = textRule({
  required: "请输入固定电话",
  invalid: "请输入正确的固定电话",
  test: FIXED_PHONE_PATTERN,
});
export const FaxSchema = textRule({ required: "请输入传真号码", invalid: "请输入正确的传真号码", test: FAX_PATTERN });
export const PostcodeSchema = textRule({
  required: "请输入邮政编码",
  invalid: "请输入正确的邮政编码",
  test: POSTCODE_PATTERN,
});
