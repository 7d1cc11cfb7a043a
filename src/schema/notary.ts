import { z } from "zod";
import { ImageCaptchaSchema, PasswordSchema } from "./credentials";
import { textRule } from "./string-rule";

/**
 * The notary offices' own sign-in (spec §2 /info/notaryOfficeLogin, §4 notary session, §6 notary
 * office user): contract shared by the browser, the server and the operator's CLI. Paths are
 * relative to /webapi; they are ours (DESIGN.md §4), the spec names none.
 */
export const NOTARY_ENDPOINTS = {
  login: "/notary/v2/login",
  logout: "/notary/v2/logout",
  getNotaryInfo: "/notary/v2/getNotaryInfo",
} as const;

/**
 * Staff accounts are handed out by an operator, not registered, so they are plain names rather
 * than phone numbers: 4-32 letters, digits, "_", "." or "-", starting with a letter or digit.
 * Compared without regard to case, stored in lower case.
 */
export const NOTARY_ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$/;
export const NOTARY_ACCOUNT_REQUIRED_MESSAGE = "请输入公证处账号";
export const NOTARY_ACCOUNT_FORMAT_MESSAGE = "账号为4-32位字母、数字、下划线、点或连字符";
export const NOTARY_OFFICE_NAME_MAX_LENGTH = 60;
export const NOTARY_STAFF_NAME_MAX_LENGTH = 30;

export const NotaryAccountSchema = textRule({
  required: NOTARY_ACCOUNT_REQUIRED_MESSAGE,
  invalid: NOTARY_ACCOUNT_FORMAT_MESSAGE,
  test: NOTARY_ACCOUNT_PATTERN,
}).toLowerCase();

/** The login form: account, password and image captcha (the same rules as a user's login, spec §5). */
export const NotaryLoginFormSchema = z.object({
  account: NotaryAccountSchema,
  password: PasswordSchema,
  vCode: ImageCaptchaSchema,
});
export type NotaryLoginForm = z.infer<typeof NotaryLoginFormSchema>;

/** A staff account as an operator creates it (server/cli/create-notary-user.ts). */
export const NewNotaryUserSchema = z.object({
  officeName: textRule({ required: "请输入公证处名称" }).max(NOTARY_OFFICE_NAME_MAX_LENGTH, {
    error: `公证处名称不能超过${NOTARY_OFFICE_NAME_MAX_LENGTH}个字符`,
  }),
  account: NotaryAccountSchema,
  name: textRule({ required: "请输入工作人员姓名" }).max(NOTARY_STAFF_NAME_MAX_LENGTH, {
    error: `姓名不能超过${NOTARY_STAFF_NAME_MAX_LENGTH}个字符`,
  }),
  password: PasswordSchema,
});
export type NewNotaryUser = z.infer<typeof NewNotaryUserSchema>;

/** The notary user as the browser keeps it (spec §3 "Notary user"); the browser adds the login timestamp. */
export const NotaryUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  officeName: z.string(),
});
export type NotaryUser = z.infer<typeof NotaryUserSchema>;

export const NotaryLoginResultSchema = z.object({ notaryUser: NotaryUserSchema, token: z.string() });
export type NotaryLoginResult = z.infer<typeof NotaryLoginResultSchema>;

export const NotaryInfoSchema = z.object({ notaryUser: NotaryUserSchema });
export type NotaryInfo = z.infer<typeof NotaryInfoSchema>;
