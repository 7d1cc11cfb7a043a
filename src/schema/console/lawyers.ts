import { z } from "zod";
import { endpoint } from "../contract";
import { LawyerProfileSchema, PRACTICE_AREA_LABELS, PRACTICE_AREAS } from "../lawyer-service";
import { textRule } from "../string-rule";
import { CustomerIdSchema, customerId, CustomerReasonSchema } from "./customers";

/**
 * Lawyers in the console (issue 17): an operator holding "lawyers.manage" marks a customer account
 * as a lawyer on the customer's page, entering the lawyer's profile (the name users see, law firm,
 * practice areas, licence number), edits it, and takes the mark away. Only an account whose
 * real-name verification passed may be marked. Every change goes through the audit trail with the
 * profile before and after; the lawyer keeps up only their introduction (src/schema/lawyer-service.ts).
 */

export const LAWYER_PERMISSION = "lawyers.manage" as const;

export const LAWYER_NAME_MAX = 20;
export const LAW_FIRM_MAX = 60;
export const PRACTICE_AREAS_MAX = 5;
/** A PRC lawyer's practice licence number (律师执业证号) is 17 digits. */
export const LICENCE_NO_PATTERN = /^\d{17}$/;

export const LAWYER_CONSOLE_MESSAGES = {
  notVerified: "该账号尚未通过实名认证，不能标记为律师",
  subAccount: "子账号不能标记为律师",
  notActive: "该账号已停用或注销，不能标记为律师",
  notMarked: "该账号不是律师",
  licenceTaken: "该执业证号已登记在其他账号",
} as const;

export const LawyerProfileFormSchema = z.object({
  displayName: textRule({ required: "请输入律师姓名" }).max(LAWYER_NAME_MAX, `律师姓名不能超过${LAWYER_NAME_MAX}个字`).meta({ title: "律师姓名" }),
  lawFirm: textRule({ required: "请输入执业机构" }).max(LAW_FIRM_MAX, `执业机构不能超过${LAW_FIRM_MAX}个字`).meta({ title: "执业机构" }),
  practiceAreas: z
    .array(z.enum(PRACTICE_AREAS), { error: "请选择擅长领域" })
    .min(1, "请选择擅长领域")
    .max(PRACTICE_AREAS_MAX, `擅长领域最多选择${PRACTICE_AREAS_MAX}项`)
    .refine((areas) => new Set(areas).size === areas.length, "擅长领域有重复")
    .meta({ title: "擅长领域", labels: PRACTICE_AREA_LABELS }),
  licenceNo: textRule({ required: "请输入执业证号", invalid: "执业证号为17位数字", test: LICENCE_NO_PATTERN }).meta({ title: "执业证号" }),
  reason: CustomerReasonSchema,
});
export type LawyerProfileForm = z.input<typeof LawyerProfileFormSchema>;

/** The lawyer side of one customer for the console: whether it may be marked, and its profile (active or not). */
export const CustomerLawyerSchema = z.object({
  /** Real-name verified, an active main account: the mark may be given. */
  isEligible: z.boolean(),
  /** Why not, when not. */
  ineligibleReason: z.string().nullable(),
  isLawyer: z.boolean().meta({ title: "律师账号", labels: { true: "是", false: "否" } }),
  profile: LawyerProfileSchema.extend({
    markTime: z.number().int().meta({ title: "标记时间", format: "datetime" }),
    updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
  }).nullable(),
});
export type CustomerLawyer = z.infer<typeof CustomerLawyerSchema>;

const TAG = "运营后台·客户";

export const CUSTOMER_LAWYER_ENDPOINTS = {
  detail: endpoint({
    method: "GET",
    path: "/console/v2/customerLawyer",
    input: CustomerIdSchema,
    datas: CustomerLawyerSchema,
    session: "operator",
    permission: "customers.read",
    tag: TAG,
    summary: "客户的律师标记与律师资料，以及能否标记（须通过实名认证的正常主账号）",
  }),
  mark: endpoint({
    method: "POST",
    path: "/console/v2/markCustomerLawyer",
    input: LawyerProfileFormSchema.extend({ id: customerId }),
    datas: CustomerLawyerSchema,
    session: "operator",
    permission: LAWYER_PERMISSION,
    tag: TAG,
    summary: "标记客户为律师并登记律师资料，或修改已登记的资料（须填写原因，记入审计）；仅限通过实名认证的正常主账号",
  }),
  unmark: endpoint({
    method: "POST",
    path: "/console/v2/unmarkCustomerLawyer",
    input: z.object({ id: customerId, reason: CustomerReasonSchema }),
    datas: CustomerLawyerSchema,
    session: "operator",
    permission: LAWYER_PERMISSION,
    tag: TAG,
    summary: "取消律师标记（须填写原因，记入审计）：不再出现在律师列表中，已有咨询仍可继续与查阅",
  }),
};
