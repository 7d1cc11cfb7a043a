import { z } from "zod";
import {
  ENTERPRISE_NAME_MAX_LENGTH,
  ENTERPRISE_NAME_MIN_HAN,
  REAL_NAME_MAX_LENGTH,
  REAL_NAME_MIN_LENGTH,
} from "./constants";
import { isCalendarDate } from "./shanghai-time";
import { textRule } from "./string-rule";

/** People and organisations (spec §5) and the litigation-package identity check (spec §2, §5). */

// ---- National ID (GB 11643-1999) ----

/** 6-digit area code starting 1-9, birth date with year 1900-2010, 3-digit sequence, check char. */
export const NATIONAL_ID_PATTERN = /^[1-9]\d{5}(?:19\d{2}|200\d|2010)(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dX]$/;

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = "10X98765432";

/** ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function nationalIdCheckChar(first17: string): string {
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return CHECK_CHARS[sum % 11];
}

/** Shape, real birth date (19990231 is refused) and check character; a lowercase x is accepted. */
export function isNationalId(value: string): boolean {
  const id = value.toUpperCase();
  if (!NATIONAL_ID_PATTERN.test(id)) return false;
  const [year, month, day] = [id.slice(6, 10), id.slice(10, 12), id.slice(12, 14)].map(Number);
  return isCalendarDate(year, month, day) && nationalIdCheckChar(id.slice(0, 17)) === id[17];
}

export const NationalIdSchema = textRule({
  required: "请输入身份证号码",
  invalid: "请输入正确的身份证号码",
  test: isNationalId,
}).toUpperCase();

// ---- Names ----

const HAN = String.raw`\p{Script=Han}`;

/**
 * 2-20 characters of Chinese, counting the middle dot of minority names (买买提·艾力). The dot
 * must sit between two Chinese characters. Script=Han rather than \u4e00-\u9fa5 so that rare
 * characters of the extension blocks, which do occur in real names, are accepted; the `u` flag
 * makes the length count characters, not UTF-16 units.
 */
export const REAL_NAME_PATTERN = new RegExp(
  `^${HAN}(?:${HAN}|·(?=${HAN})){${REAL_NAME_MIN_LENGTH - 1},${REAL_NAME_MAX_LENGTH - 1}}$`,
  "u",
);

/**
 * Registered enterprise names contain more than Chinese: branch or region in brackets
 * (阿里巴巴（中国）有限公司), Latin letters and digits (TCL科技集团股份有限公司), a middle dot,
 * a hyphen or an ampersand. We therefore accept those characters, but require at least 3
 * Chinese characters (the spec's minimum) and at most 51 characters in total (its maximum).
 */
const ENTERPRISE_NAME_CHARS = new RegExp(`^[${HAN}A-Za-z0-9（）()·&\\-]{1,${ENTERPRISE_NAME_MAX_LENGTH}}$`, "u");
const HAN_CHAR = new RegExp(HAN, "gu");

export function isEnterpriseName(value: string): boolean {
  return ENTERPRISE_NAME_CHARS.test(value) && (value.match(HAN_CHAR)?.length ?? 0) >= ENTERPRISE_NAME_MIN_HAN;
}

export const RealNameSchema = textRule({ required: "请输入真实姓名", invalid: "请输入正确的真实姓名", test: REAL_NAME_PATTERN });
export const EnterpriseNameSchema = textRule({
  required: "请输入企业名称",
  invalid: "请输入正确的企业名称",
  test: isEnterpriseName,
});

// ---- Organisation numbers ----

/** Letters, digits and hyphens, with at least one letter or digit (the old 12345678-9 codes). */
export const ORGANISATION_CODE_PATTERN = /^(?=.*[A-Za-z0-9])[A-Za-z0-9-]+$/;
/** 15 characters (old registration numbers) or 18 (unified social credit codes). */
export const BUSINESS_LICENCE_PATTERN = /^(?:[A-Za-z0-9_-]{15}|[A-Za-z0-9_-]{18})$/;

export const OrganisationCodeSchema = textRule({
  required: "请输入组织机构代码",
  invalid: "请输入正确的组织机构代码",
  test: ORGANISATION_CODE_PATTERN,
});
export const BusinessLicenceSchema = textRule({
  required: "请输入营业执照号码",
  invalid: "请输入正确的营业执照号码",
  test: BUSINESS_LICENCE_PATTERN,
});

// ---- Litigation package identity check (help centre, HLSUITPACKAGE) ----

/**
 * Field names are those of getLawSuitPackage (spec §7). The spec gives no pattern rules, only
 * "required": idCardNo is a personal ID number or an enterprise's licence number.
 */
export const LitigationPackageQuerySchema = z.object({
  certificateNo: textRule({ required: "请输入证书编号" }),
  idCardNo: textRule({ required: "请输入证件号码" }),
  verifyCode: textRule({ required: "请输入验证码" }),
});
export type LitigationPackageQuery = z.infer<typeof LitigationPackageQuerySchema>;
