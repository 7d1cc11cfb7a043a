import { z } from "zod";
import { endpoint } from "../contract";
import { AppraisalInstitutionSchema } from "../judicial-expert";
import { keywordQuery, PageQuerySchema, pagePSchema } from "../paging";
import { freeText, optionalText, requiredFreeText, textRule } from "../string-rule";

/**
 * The appraisal institutions the platform works with (issue 17), kept by operators in the console
 * (/console/customers/appraisalInstitutions): an institution is created with its licence and contact
 * details, and user accounts are attached to it as its experts (by mobile, e-mail or login
 * account); from then on those accounts see the institution's commissions on /judicialStatus.
 * Every change goes through the console's audit trail.
 */

export const INSTITUTION_LIMITS = { nameMax: 60, licenseMax: 40, regionMax: 40, addressMax: 120, phoneMax: 30, scopeMax: 500, introductionMax: 1000, expertNameMax: 20 } as const;

export const INSTITUTION_MESSAGES = {
  notFound: "鉴定机构不存在",
  nameTaken: "已有同名的鉴定机构",
  accountNotFound: "没有找到该账号，请核对手机号、邮箱或登录账号",
  accountNotMain: "子账号不能作为鉴定人，请使用主账号",
  alreadyExpert: (institution: string) => `该账号已是“${institution}”的鉴定人`,
  expertNotFound: "该账号不是本机构的鉴定人",
} as const;

const required = (title: string, max: number) => textRule({ required: `请输入${title}` }).max(max, `${title}不能超过${max}个字`).meta({ title });

export const InstitutionFormSchema = z.object({
  name: required("机构名称", INSTITUTION_LIMITS.nameMax),
  licenseNo: required("司法鉴定许可证号", INSTITUTION_LIMITS.licenseMax),
  region: required("所在地区", INSTITUTION_LIMITS.regionMax),
  address: required("地址", INSTITUTION_LIMITS.addressMax),
  phone: required("联系电话", INSTITUTION_LIMITS.phoneMax),
  scope: requiredFreeText(INSTITUTION_LIMITS.scopeMax, { required: "请输入业务范围", tooLong: `业务范围不能超过${INSTITUTION_LIMITS.scopeMax}个字` }, { multiline: true }).meta({ title: "业务范围", widget: "textarea" }),
  introduction: optionalText(freeText(INSTITUTION_LIMITS.introductionMax, `简介不能超过${INSTITUTION_LIMITS.introductionMax}个字`, { multiline: true })).meta({ title: "简介", widget: "textarea" }),
  acceptsCommissions: z.boolean().default(true).meta({ title: "受理委托" }),
});
export type InstitutionForm = z.input<typeof InstitutionFormSchema>;
export type InstitutionFormValues = z.output<typeof InstitutionFormSchema>;

const institutionId = z.coerce.number({ error: INSTITUTION_MESSAGES.notFound }).int().positive(INSTITUTION_MESSAGES.notFound);
export const InstitutionIdSchema = z.object({ id: institutionId });

export const ExpertFormSchema = z.object({
  account: textRule({ required: "请输入鉴定人的手机号、邮箱或登录账号" }).max(100, "账号不能超过100个字").meta({ title: "鉴定人账号", placeholder: "手机号、邮箱或登录账号" }),
  name: required("鉴定人姓名", INSTITUTION_LIMITS.expertNameMax),
});

export const InstitutionListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  keyword: keywordQuery(INSTITUTION_LIMITS.nameMax, { placeholder: "机构名称或许可证号", width: 260 }),
});
export type InstitutionListQuery = z.infer<typeof InstitutionListQuerySchema>;

// ---- records ----

const ACCEPTS_LABELS = { true: "受理中", false: "暂停受理" };

export const InstitutionSummarySchema = AppraisalInstitutionSchema.extend({
  id: z.number().int().meta({ title: "编号", mono: true }),
  acceptsCommissions: z.boolean().meta({ title: "受理委托", labels: ACCEPTS_LABELS, colors: { true: "success", false: "default" } }),
  expertCount: z.number().int().meta({ title: "鉴定人数" }),
  createTime: z.number().int().meta({ title: "创建时间", format: "datetime" }),
});
export type InstitutionSummary = z.infer<typeof InstitutionSummarySchema>;

export const InstitutionExpertSchema = z.object({
  userId: z.number().int().meta({ title: "用户编号", mono: true }),
  name: z.string().meta({ title: "鉴定人姓名" }),
  account: z.string().meta({ title: "账号" }),
  addTime: z.number().int().meta({ title: "加入时间", format: "datetime" }),
});
export type InstitutionExpert = z.infer<typeof InstitutionExpertSchema>;

export const InstitutionDetailSchema = InstitutionSummarySchema.extend({
  experts: z.array(InstitutionExpertSchema).meta({ title: "鉴定人", row: "never" }),
});
export type InstitutionDetail = z.infer<typeof InstitutionDetailSchema>;

// ---- the calls ----

const ACCESS = { session: "operator", permission: "appraisalInstitutions.manage", tag: "运营后台·司法鉴定机构" } as const;

export const INSTITUTION_ENDPOINTS = {
  list: endpoint({ method: "GET", path: "/console/v2/listAppraisalInstitutions", input: InstitutionListQuerySchema, datas: pagePSchema(InstitutionSummarySchema), ...ACCESS, summary: "司法鉴定机构列表（分页 pageP），可按名称或许可证号查找" }),
  one: endpoint({ method: "GET", path: "/console/v2/getAppraisalInstitution", input: InstitutionIdSchema, datas: InstitutionDetailSchema, ...ACCESS, summary: "一家鉴定机构及其鉴定人" }),
  create: endpoint({ method: "POST", path: "/console/v2/createAppraisalInstitution", input: InstitutionFormSchema, datas: InstitutionDetailSchema, ...ACCESS, summary: "新建鉴定机构" }),
  update: endpoint({ method: "POST", path: "/console/v2/updateAppraisalInstitution", input: InstitutionFormSchema.extend(InstitutionIdSchema.shape), datas: InstitutionDetailSchema, ...ACCESS, summary: "修改鉴定机构的资料，暂停或恢复受理委托" }),
  addExpert: endpoint({
    method: "POST",
    path: "/console/v2/addAppraisalExpert",
    input: ExpertFormSchema.extend({ institutionId }),
    datas: InstitutionDetailSchema,
    ...ACCESS,
    summary: "按手机号、邮箱或登录账号把一个主账号加为机构的鉴定人（一个账号只属于一家机构）",
  }),
  removeExpert: endpoint({
    method: "POST",
    path: "/console/v2/removeAppraisalExpert",
    input: z.object({ institutionId, userId: z.coerce.number({ error: INSTITUTION_MESSAGES.expertNotFound }).int().positive(INSTITUTION_MESSAGES.expertNotFound) }),
    datas: InstitutionDetailSchema,
    ...ACCESS,
    summary: "移除机构的一位鉴定人：其账号随即不能再查看本机构的委托",
  }),
};
