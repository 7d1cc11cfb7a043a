import { z } from "zod";
import { encryptedField } from "./account";
import { endpoint } from "./contract";
import { ImageCaptchaSchema, PasswordSchema, staffAccountRule } from "./credentials";
import { textRule } from "./string-rule";

/**
 * The notary offices' own sign-in (spec §2 /info/notaryOfficeLogin, §4 notary session, §6 notary
 * office user): contract shared by the browser, the server and the operator's CLI. The paths are
 * ours (DESIGN.md §4), the spec names none; the endpoints are at the end.
 */

export const NOTARY_ACCOUNT_REQUIRED_MESSAGE = "请输入公证处账号";
export const NOTARY_OFFICE_NAME_MAX_LENGTH = 60;
export const NOTARY_STAFF_NAME_MAX_LENGTH = 30;

/** A notary office staff account: the staff account rule (credentials.ts). */
export const NotaryAccountSchema = staffAccountRule(NOTARY_ACCOUNT_REQUIRED_MESSAGE);

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

const TAG = "公证处";

export const NOTARY_ENDPOINTS = {
  login: endpoint({
    method: "POST",
    path: "/notary/v2/login",
    input: z.object({
      encryptAccount: encryptedField("账号"),
      encryptPassword: encryptedField("密码"),
      vcode: z.string().max(10).optional().describe("图形验证码"),
    }),
    datas: NotaryLoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "公证处工作人员登录：账号 + 密码（MD5 后 RSA-OAEP 加密）+ 图形验证码；会话 8 小时无操作失效",
    description: "200 登录成功；1002 图形验证码错误；3010 账号或密码错误；3014 失败次数过多暂时锁定；3015 账号已停用。",
  }),
  logout: endpoint({
    method: "POST",
    path: "/notary/v2/logout",
    input: z.object({}),
    datas: z.null(),
    session: "notary",
    tag: TAG,
    summary: "公证处工作人员退出登录：结束当前公证处会话",
  }),
  getNotaryInfo: endpoint({
    method: "GET",
    path: "/notary/v2/getNotaryInfo",
    input: z.object({}),
    datas: NotaryInfoSchema,
    session: "notary",
    tag: TAG,
    summary: "当前登录的公证处工作人员",
  }),
};
