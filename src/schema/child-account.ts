import { z } from "zod";
import { LoginAccountSchema } from "./credentials";
import { SetPasswordFormSchema } from "./password-forms";
import { textRule } from "./string-rule";

/**
 * Child accounts (spec §2 childAccountManagement, §6 sub-accounts): a main account creates
 * sub-accounts (accountType 3) that log in with their own mobile or e-mail and an initial password
 * they must change at first login. Paths are relative to /webapi.
 */
export const CHILD_ACCOUNT_ENDPOINTS = {
  list: "/childAccount/v2/list",
  detail: "/childAccount/v2/detail",
  create: "/childAccount/v2/create",
  update: "/childAccount/v2/update",
  disable: "/childAccount/v2/disable",
  enable: "/childAccount/v2/enable",
} as const;

export const ChildAccountCode = {
  /** A sub-account cannot create or manage sub-accounts of its own. */
  subAccountCannotManage: 3030,
} as const;

export const SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE = "子账号不能创建或管理子账号，请使用主账号操作";
export const CHILD_ACCOUNT_NOT_FOUND_MESSAGE = "子账号不存在";

export const CHILD_ACCOUNT_NAME_MAX_LENGTH = 20;
export const ChildAccountNameSchema = textRule({ required: "请输入子账号名称" }).max(CHILD_ACCOUNT_NAME_MAX_LENGTH, {
  error: `子账号名称不超过${CHILD_ACCOUNT_NAME_MAX_LENGTH}个字`,
});

export const CHILD_ACCOUNT_STATUSES = [
  { id: "active", name: "正常" },
  { id: "disabled", name: "已停用" },
] as const;
export const ChildAccountStatusSchema = z.enum(["active", "disabled"], { error: "账号状态只能是正常或已停用" });
export type ChildAccountStatus = z.infer<typeof ChildAccountStatusSchema>;
export const childAccountStatusName = (status: ChildAccountStatus) => CHILD_ACCOUNT_STATUSES.find((item) => item.id === status)!.name;

/** createChildAccount: the login account (spec §5 mobile or e-mail), a name and the initial password twice. */
export const CreateChildAccountFormSchema = z.intersection(
  z.object({ account: LoginAccountSchema, name: ChildAccountNameSchema }),
  SetPasswordFormSchema,
);
export type CreateChildAccountForm = z.infer<typeof CreateChildAccountFormSchema>;

export const ChildAccountSchema = z.object({
  id: z.number().int(),
  loginAccount: z.string(),
  mobile: z.string().nullable(),
  mail: z.string().nullable(),
  name: z.string(),
  status: ChildAccountStatusSchema,
  statusName: z.string(),
  /** The initial password is still in use: the next login asks for a new one (code 3011). */
  mustChangePassword: z.boolean(),
  createTime: z.string(),
});
export type ChildAccount = z.infer<typeof ChildAccountSchema>;

export const CHILD_ACCOUNT_KEYWORD_MAX_LENGTH = 50;
