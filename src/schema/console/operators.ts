import { z } from "zod";
import { encryptedField } from "../account";
import { endpoint } from "../contract";
import { pagePSchema, PageQuerySchema } from "../paging";
import { OperatorAccountSchema, OperatorNameSchema, OperatorRoleSchema, OperatorRolesSchema } from "./operator-auth";
import { OPERATOR_ROLES, OPERATOR_ROLE_KEYS } from "./permissions";

/**
 * The operators page of the console (issue 13): administrators create operators, change their
 * names and roles, disable and re-enable them, and reset a lost second factor. Every change is an
 * audited action (audit.ts) and appended to the ledger.
 */

export const OPERATOR_STATUSES = { active: "正常", disabled: "已停用" } as const;
export const OperatorStatusSchema = z.enum(["active", "disabled"], { error: "状态只能是正常或已停用" });
export type OperatorStatus = z.infer<typeof OperatorStatusSchema>;

export const OPERATOR_ROLE_LABELS: Record<string, string> = Object.fromEntries(OPERATOR_ROLE_KEYS.map((role) => [role, OPERATOR_ROLES[role].title]));

export const OperatorManagementCode = {
  /** The change would lock the console out: disabling oneself, or the last active administrator. */
  changeRefused: 3104,
} as const;

export const OPERATOR_MESSAGES = {
  notFound: "操作员不存在",
  cannotDisableSelf: "不能停用自己的账号",
  lastAdministrator: "至少需要保留一名启用状态的管理员",
} as const;

export const OperatorRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  account: z.string().meta({ title: "账号", copyable: true, mono: true }),
  name: z.string().meta({ title: "姓名" }),
  roles: z.array(OperatorRoleSchema).meta({ title: "角色", labels: OPERATOR_ROLE_LABELS }),
  status: OperatorStatusSchema.meta({ title: "状态", labels: OPERATOR_STATUSES, colors: { active: "success", disabled: "default" } }),
  /** The authenticator is bound; false until the next login's enrolment (new, or reset). */
  hasSecondFactor: z.boolean().meta({ title: "身份验证器", labels: { true: "已绑定", false: "未绑定（下次登录时绑定）" } }),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int().meta({ title: "剩余恢复码" }),
  createTime: z.number().meta({ title: "创建时间", format: "datetime" }),
  lastLoginTime: z.number().nullable().meta({ title: "最近登录", format: "datetime", row: "ifPresent" }),
});
export type OperatorRecord = z.infer<typeof OperatorRecordSchema>;

export const OPERATOR_KEYWORD_MAX_LENGTH = 50;
export const OperatorListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  keyword: z
    .string()
    .trim()
    .max(OPERATOR_KEYWORD_MAX_LENGTH, `关键字不超过${OPERATOR_KEYWORD_MAX_LENGTH}个字`)
    .optional()
    .meta({ title: "关键字", placeholder: "账号或姓名", width: 220 }),
  role: OperatorRoleSchema.optional().meta({ title: "角色", placeholder: "全部角色", labels: OPERATOR_ROLE_LABELS, width: 160 }),
  status: OperatorStatusSchema.optional().meta({ title: "状态", placeholder: "全部状态", labels: OPERATOR_STATUSES, width: 140 }),
});
export type OperatorListQuery = z.infer<typeof OperatorListQuerySchema>;

const operatorId = z.coerce.number({ error: "操作员编号不正确" }).int("操作员编号不正确").positive("操作员编号不正确");
export const AUDIT_REASON_MAX_LENGTH = 200;
/** Why an operator did something: kept with the audit record. */
export const ActionReasonSchema = z
  .string()
  .trim()
  .max(AUDIT_REASON_MAX_LENGTH, `原因不超过${AUDIT_REASON_MAX_LENGTH}个字`)
  .optional()
  .meta({ title: "原因", widget: "textarea" });
const OperatorActionSchema = z.object({ id: operatorId, reason: ActionReasonSchema });

/** The create form as the administrator fills it in; the password is sent MD5'd and RSA-OAEP encrypted. */
export const OperatorFormSchema = z.object({
  account: OperatorAccountSchema.meta({ title: "账号" }),
  name: OperatorNameSchema.meta({ title: "姓名" }),
  roles: OperatorRolesSchema.meta({ title: "角色", labels: OPERATOR_ROLE_LABELS }),
});

const TAG = "运营后台·操作员";
const manage = { session: "operator", permission: "operators.manage", tag: TAG } as const;

export const OPERATOR_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/listOperators",
    input: OperatorListQuerySchema,
    datas: pagePSchema(OperatorRecordSchema),
    ...manage,
    summary: "操作员列表（分页 pageP），可按关键字（账号或姓名）、角色与状态筛选",
  }),
  one: endpoint({ method: "GET", path: "/console/v2/getOperator", input: z.object({ id: operatorId }), datas: OperatorRecordSchema, ...manage, summary: "操作员详情" }),
  create: endpoint({
    method: "POST",
    path: "/console/v2/createOperator",
    input: OperatorFormSchema.extend({ encryptPassword: encryptedField("初始密码") }),
    datas: OperatorRecordSchema,
    ...manage,
    summary: "创建操作员：账号、姓名、角色、初始密码（MD5 后 RSA-OAEP 加密）；首次登录时绑定身份验证器",
    description: "3003 账号已存在。",
  }),
  update: endpoint({
    method: "POST",
    path: "/console/v2/updateOperator",
    input: z.object({ id: operatorId, name: OperatorNameSchema, roles: OperatorRolesSchema, reason: ActionReasonSchema }),
    datas: OperatorRecordSchema,
    ...manage,
    summary: "修改操作员姓名与角色",
    description: "3104 会使平台失去最后一名启用状态的管理员。",
  }),
  disable: endpoint({
    method: "POST",
    path: "/console/v2/disableOperator",
    input: OperatorActionSchema,
    datas: OperatorRecordSchema,
    ...manage,
    summary: "停用操作员：其会话随即结束",
    description: "3104 不能停用自己，也不能停用最后一名启用状态的管理员。",
  }),
  enable: endpoint({ method: "POST", path: "/console/v2/enableOperator", input: OperatorActionSchema, datas: OperatorRecordSchema, ...manage, summary: "启用操作员" }),
  resetSecondFactor: endpoint({
    method: "POST",
    path: "/console/v2/resetOperatorSecondFactor",
    input: OperatorActionSchema,
    datas: OperatorRecordSchema,
    ...manage,
    summary: "重置二次验证（身份验证器丢失时）：原密钥与恢复码作废，其会话随即结束，下次登录时重新绑定",
  }),
};
