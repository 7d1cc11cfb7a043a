import { z } from "zod";
import { endpoint } from "./contract";
import { LoginAccountSchema } from "./credentials";
import { keywordQuery, PageQuerySchema, pagePSchema } from "./paging";
import { SetPasswordFormSchema } from "./password-forms";
import { textRule } from "./string-rule";

/**
 * Child accounts (spec §2 childAccountManagement, §6 sub-accounts): a main account creates
 * sub-accounts (accountType 3) that log in with their own mobile or e-mail and an initial password
 * they must change at first login.
 */

export const ChildAccountCode = {
  /** A sub-account cannot create or manage sub-accounts of its own. */
  subAccountCannotManage: 3030,
} as const;

export const SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE = "子账号不能创建或管理子账号，请使用主账号操作";
export const CHILD_ACCOUNT_NOT_FOUND_MESSAGE = "子账号不存在";
/** enable: the platform disabled the sub-account too; only the platform can lift that (issue 13). */
export const CHILD_DISABLED_BY_PLATFORM_MESSAGE = "该子账号已被平台停用，请联系客服";

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

const STATUS_LABELS = Object.fromEntries(CHILD_ACCOUNT_STATUSES.map((status) => [status.id, status.name]));

export const ChildAccountSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  loginAccount: z.string().meta({ title: "登录账号" }),
  mobile: z.string().nullable().meta({ title: "手机号" }),
  mail: z.string().nullable().meta({ title: "邮箱" }),
  name: z.string().meta({ title: "名称" }),
  status: ChildAccountStatusSchema.meta({ title: "状态", labels: STATUS_LABELS, colors: { active: "success", disabled: "default" } }),
  statusName: z.string().meta({ title: "状态名称", row: "never" }),
  /** The initial password is still in use: the next login asks for a new one (code 3011). */
  mustChangePassword: z.boolean().meta({ title: "初始密码", labels: { true: "未修改（首次登录须修改）", false: "已修改" } }),
  createTime: z.string().meta({ title: "创建时间" }),
});
export type ChildAccount = z.infer<typeof ChildAccountSchema>;

export const CHILD_ACCOUNT_KEYWORD_MAX_LENGTH = 50;

const TAG = "子账号";
const childId = z.coerce.number({ error: "子账号编号不正确" }).int("子账号编号不正确").positive("子账号编号不正确");
const ChildIdSchema = z.object({ id: childId });

export const ChildAccountListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  keyword: keywordQuery(CHILD_ACCOUNT_KEYWORD_MAX_LENGTH, { placeholder: "登录账号或名称", width: 260 }),
  status: ChildAccountStatusSchema.optional().meta({ title: "状态", placeholder: "全部状态", labels: STATUS_LABELS, width: 140 }),
});

export const CHILD_ACCOUNT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/childAccount/v2/list",
    input: ChildAccountListQuerySchema,
    datas: pagePSchema(ChildAccountSchema),
    session: "user",
    tag: TAG,
    summary: "子账号列表（分页 pageP），可按关键字（账号或名称）与状态筛选",
  }),
  detail: endpoint({
    method: "GET",
    path: "/childAccount/v2/detail",
    input: ChildIdSchema,
    datas: ChildAccountSchema,
    session: "user",
    tag: TAG,
    summary: "子账号详情（仅限本账号创建的子账号）",
  }),
  create: endpoint({
    method: "POST",
    path: "/childAccount/v2/create",
    input: z.object({
      account: LoginAccountSchema,
      name: ChildAccountNameSchema,
      encryptPassword: z.string({ error: "请输入密码" }).min(1, "请输入密码").max(2048),
    }),
    datas: ChildAccountSchema,
    session: "user",
    tag: TAG,
    summary: "创建子账号：登录账号（手机号或邮箱）、名称、初始密码（MD5 后 RSA-OAEP 加密）；首次登录须修改密码",
  }),
  update: endpoint({
    method: "POST",
    path: "/childAccount/v2/update",
    input: z.object({ id: childId, name: ChildAccountNameSchema }),
    datas: ChildAccountSchema,
    session: "user",
    tag: TAG,
    summary: "修改子账号名称",
  }),
  disable: endpoint({
    method: "POST",
    path: "/childAccount/v2/disable",
    input: ChildIdSchema,
    datas: ChildAccountSchema,
    session: "user",
    tag: TAG,
    summary: "停用子账号：其登录随即失效（3013）",
  }),
  enable: endpoint({ method: "POST", path: "/childAccount/v2/enable", input: ChildIdSchema, datas: ChildAccountSchema, session: "user", tag: TAG, summary: "启用子账号" }),
};
