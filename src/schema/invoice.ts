import { z } from "zod";
import { AccountLimitCode } from "./billing";
import { MobileSchema } from "./contact";
import { endpoint } from "./contract";
import { PageQuerySchema, pagePSchema } from "./paging";
import { RECHARGE_CHANNEL_LABELS, RECHARGE_CHANNELS } from "./recharge";
import { RegionSelectionSchema } from "./regions";
import { defineStateMachine } from "./state-machine";
import { FINANCE_PERMISSION } from "./console/finance";
import { freeText, optionalText, textRule } from "./string-rule";
import { checkTimeRange } from "./time-range";

/**
 * Invoices (issue 14, spec §2 /personal/invoiceAdmin): invoice titles (发票信息), mailing addresses
 * (收件地址), applications against paid recharge orders (开票记录), the invoices issued for them
 * (发票列表) and the finance operators' review in the console.
 *
 * What can be invoiced: paid recharge orders only, i.e. the money the platform actually received.
 * A purchase paid from the balance spends money that was already invoiced (or is invoiceable) as
 * its recharge, so invoicing it as well would invoice the same money twice: purchases are never
 * invoiceable on their own. An order is on at most one live application; a rejected, withdrawn or
 * red-reversed application frees its orders for a new one.
 */

// ---- Invoice kinds ----

/**
 * normal: 增值税普通发票, electronic, sent to an e-mail address and downloadable.
 * special: 增值税专用发票, paper, mailed; it needs an organisation's title with full bank details.
 */
export const INVOICE_KINDS = ["normal", "special"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Readonly<Record<InvoiceKind, string>> = {
  normal: "增值税普通发票（电子）",
  special: "增值税专用发票（纸质）",
};
export const InvoiceKindSchema = z.enum(INVOICE_KINDS, { error: "请选择发票类型" });

// ---- Titles (发票信息) ----

export const TITLE_KINDS = ["person", "organisation"] as const;
export type TitleKind = (typeof TITLE_KINDS)[number];
export const TITLE_KIND_LABELS: Readonly<Record<TitleKind, string>> = { person: "个人", organisation: "单位" };

/** A unified social credit code is 18 characters; older taxpayer ids 15 or 20. Letters upper-cased. */
export const TAXPAYER_ID_PATTERN = /^[0-9A-Z]{15,20}$/;
export const TITLE_NAME_MAX_LENGTH = 100;
export const TITLE_ADDRESS_MAX_LENGTH = 100;
export const BANK_NAME_MAX_LENGTH = 50;
export const BANK_ACCOUNT_PATTERN = /^\d{8,30}$/;
/** A registered phone: a fixed line with area code and extension, or a mobile number. */
export const TITLE_PHONE_PATTERN = /^(?:(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?|1[3-9]\d{9})$/;
/** How many titles and addresses one account keeps: enough for a group of companies, small enough to list. */
export const TITLES_PER_ACCOUNT = 20;
export const ADDRESSES_PER_ACCOUNT = 20;

export const INVOICE_MESSAGES = {
  subAccount: "子账号不能使用发票管理，请使用主账号操作",
  titleKind: "请选择抬头类型（个人或单位）",
  titleName: "请输入发票抬头",
  titleNameTooLong: `发票抬头不能超过${TITLE_NAME_MAX_LENGTH}个字`,
  taxpayerIdRequired: "单位抬头请输入纳税人识别号",
  taxpayerIdInvalid: "纳税人识别号应为15至20位数字或字母",
  titleAddressTooLong: `注册地址不能超过${TITLE_ADDRESS_MAX_LENGTH}个字`,
  titlePhoneInvalid: "请输入正确的注册电话（固定电话或手机号）",
  bankNameTooLong: `开户银行不能超过${BANK_NAME_MAX_LENGTH}个字`,
  bankAccountInvalid: "银行账号应为8至30位数字",
  titleLimit: `最多保存${TITLES_PER_ACCOUNT}个发票抬头，请先删除不用的抬头`,
  titleNotFound: "发票抬头不存在",
  recipient: "请输入收件人",
  recipientTooLong: "收件人不能超过20个字",
  addressDetail: "请输入详细地址",
  addressDetailTooLong: "详细地址不能超过100个字",
  addressLimit: `最多保存${ADDRESSES_PER_ACCOUNT}个收件地址，请先删除不用的地址`,
  addressNotFound: "收件地址不存在",
  ordersRequired: "请选择要开票的订单",
  tooManyOrders: "一次最多选择100笔订单开票",
  ordersUnavailable: "所选订单中有已开票、正在开票或不可开票的订单，请刷新后重新选择",
  emailRequired: "请输入接收电子发票的邮箱",
  specialNeedsOrganisation: "增值税专用发票的抬头须为单位",
  specialNeedsBankInfo: "增值税专用发票须有注册地址、注册电话、开户银行和银行账号，请先在发票信息中补全",
  specialNeedsAddress: "增值税专用发票为纸质发票，请选择收件地址",
  remarkTooLong: "备注不能超过100个字",
  applicationNotFound: "开票申请不存在",
  noProvider: "本站尚未配置开票服务，暂不能开具发票，申请仍为待审核",
  invoiceNotFound: "发票不存在",
  invoiceFileMissing: "发票文件尚未生成，请稍后再试",
  reasonRequired: "请填写原因（2-200个字），用户将看到这一原因",
  reasonTooShort: "原因至少2个字",
  reasonTooLong: "原因不能超过200个字",
  applied: "开票申请已提交，财务审核后将为您开具发票",
  withdrawn: "开票申请已撤销，所选订单可重新申请开票",
  saved: "保存成功",
  deleted: "删除成功",
} as const;

/** Why an application went back: the issuer's own words after ours. */
export const issuerRefusal = (reason: string) => `开票服务未能开具发票：${reason}`;
export const reversalRefusal = (reason: string) => `开票服务未能红冲该发票：${reason}`;

/** A sub-account is refused every invoice call with the code its other paid features use (spec §6). */
export const INVOICE_SUB_ACCOUNT_CODE = AccountLimitCode.subAccountNotAllowed;

const upperCased = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value);
const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const TitleIdSchema = idField(INVOICE_MESSAGES.titleNotFound);
export const AddressIdSchema = idField(INVOICE_MESSAGES.addressNotFound);
export const ApplicationIdSchema = idField(INVOICE_MESSAGES.applicationNotFound);
export const InvoiceIdSchema = idField(INVOICE_MESSAGES.invoiceNotFound);

const optionalDetail = <T extends z.ZodType>(schema: T) => optionalText(schema);

/**
 * A title as the user saves it (create without id, update with it). A person's title is a name
 * only (titleFieldsToKeep drops the rest). An organisation needs its taxpayer id; the
 * address, phone, bank and account are optional here and required only when a 专票 is applied for
 * with it (INVOICE_MESSAGES.specialNeedsBankInfo), so one title serves both kinds.
 */
export const SaveTitleSchema = z
  .object({
    id: TitleIdSchema.optional().meta({ title: "抬头编号", row: "never" }),
    kind: z.enum(TITLE_KINDS, { error: INVOICE_MESSAGES.titleKind }).meta({ title: "抬头类型", labels: TITLE_KIND_LABELS }),
    name: textRule({ required: INVOICE_MESSAGES.titleName }).pipe(z.string().max(TITLE_NAME_MAX_LENGTH, INVOICE_MESSAGES.titleNameTooLong)).meta({ title: "发票抬头" }),
    taxpayerId: optionalDetail(z.preprocess(upperCased, z.string().regex(TAXPAYER_ID_PATTERN, INVOICE_MESSAGES.taxpayerIdInvalid))).meta({ title: "纳税人识别号" }),
    registeredAddress: optionalDetail(freeText(TITLE_ADDRESS_MAX_LENGTH, INVOICE_MESSAGES.titleAddressTooLong)).meta({ title: "注册地址" }),
    registeredPhone: optionalDetail(z.string().trim().regex(TITLE_PHONE_PATTERN, INVOICE_MESSAGES.titlePhoneInvalid)).meta({ title: "注册电话" }),
    bankName: optionalDetail(freeText(BANK_NAME_MAX_LENGTH, INVOICE_MESSAGES.bankNameTooLong)).meta({ title: "开户银行" }),
    bankAccount: optionalDetail(z.string().trim().regex(BANK_ACCOUNT_PATTERN, INVOICE_MESSAGES.bankAccountInvalid)).meta({ title: "银行账号" }),
  })
  .superRefine((title, ctx) => {
    if (title.kind === "organisation" && title.taxpayerId === undefined) ctx.addIssue({ code: "custom", path: ["taxpayerId"], message: INVOICE_MESSAGES.taxpayerIdRequired });
  });
export type SaveTitleInput = z.input<typeof SaveTitleSchema>;
export type SaveTitle = z.output<typeof SaveTitleSchema>;

/** A person's title is a name only: what a form left in the organisation fields is not kept. */
export function titleFieldsToKeep(title: SaveTitle): SaveTitle {
  if (title.kind === "organisation") return title;
  return { id: title.id, kind: title.kind, name: title.name };
}

/** The fields a 专票 needs on its title, beyond the organisation's name and taxpayer id. */
export const SPECIAL_INVOICE_TITLE_FIELDS = ["registeredAddress", "registeredPhone", "bankName", "bankAccount"] as const;

/** Whether a title can carry a 增值税专用发票: an organisation with every bank detail. */
export function titleAllowsSpecial(title: { kind: TitleKind; taxpayerId: string | null } & Record<(typeof SPECIAL_INVOICE_TITLE_FIELDS)[number], string | null>): boolean {
  return title.kind === "organisation" && title.taxpayerId !== null && SPECIAL_INVOICE_TITLE_FIELDS.every((field) => title[field] !== null && title[field] !== "");
}

export const InvoiceTitleSchema = z.object({
  id: z.number().int().meta({ title: "抬头编号", row: "never" }),
  kind: z.enum(TITLE_KINDS).meta({ title: "抬头类型", labels: TITLE_KIND_LABELS, colors: { person: "blue", organisation: "purple" } }),
  name: z.string().meta({ title: "发票抬头" }),
  taxpayerId: z.string().nullable().meta({ title: "纳税人识别号", mono: true, row: "ifPresent" }),
  registeredAddress: z.string().nullable().meta({ title: "注册地址", row: "ifPresent" }),
  registeredPhone: z.string().nullable().meta({ title: "注册电话", row: "ifPresent" }),
  bankName: z.string().nullable().meta({ title: "开户银行", row: "ifPresent" }),
  bankAccount: z.string().nullable().meta({ title: "银行账号", mono: true, row: "ifPresent" }),
  /** Whether this title can carry a 专票 (titleAllowsSpecial), so the apply form offers it. */
  allowsSpecial: z.boolean().meta({ title: "可开专票", row: "never" }),
  updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
});
export type InvoiceTitle = z.infer<typeof InvoiceTitleSchema>;

// ---- Addresses (收件地址) ----

export const SaveAddressSchema = RegionSelectionSchema.safeExtend({
  id: AddressIdSchema.optional().meta({ title: "地址编号", row: "never" }),
  recipient: textRule({ required: INVOICE_MESSAGES.recipient }).pipe(z.string().max(20, INVOICE_MESSAGES.recipientTooLong)).meta({ title: "收件人" }),
  mobile: MobileSchema.meta({ title: "手机号" }),
  detail: textRule({ required: INVOICE_MESSAGES.addressDetail }).pipe(z.string().max(100, INVOICE_MESSAGES.addressDetailTooLong)).meta({ title: "详细地址" }),
});
export type SaveAddressInput = z.input<typeof SaveAddressSchema>;
export type SaveAddress = z.output<typeof SaveAddressSchema>;

export const InvoiceAddressSchema = z.object({
  id: z.number().int().meta({ title: "地址编号", row: "never" }),
  recipient: z.string().meta({ title: "收件人" }),
  mobile: z.string().meta({ title: "手机号", mono: true }),
  province: z.string().meta({ title: "省份编码", row: "never" }),
  city: z.string().meta({ title: "城市编码", row: "never" }),
  district: z.string().meta({ title: "区县编码", row: "never" }),
  /** 省 市 区 as names, e.g. "广东省 深圳市 南山区". */
  regionText: z.string().meta({ title: "所在地区" }),
  detail: z.string().meta({ title: "详细地址" }),
  updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
});
export type InvoiceAddress = z.infer<typeof InvoiceAddressSchema>;

// ---- The application's life, as data ----

export const INVOICE_STATES = ["pending", "issuing", "issued", "rejected", "withdrawn", "reversing", "reversed"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Readonly<Record<InvoiceState, string>> = {
  pending: "待审核",
  issuing: "开票中",
  issued: "已开票",
  rejected: "已驳回",
  withdrawn: "已撤销",
  reversing: "红冲中",
  reversed: "已红冲",
};
export const INVOICE_STATE_COLORS: Readonly<Record<InvoiceState, string>> = {
  pending: "processing",
  issuing: "processing",
  issued: "success",
  rejected: "error",
  withdrawn: "default",
  reversing: "warning",
  reversed: "default",
};
export const InvoiceStateSchema = z.enum(INVOICE_STATES, { error: "开票状态不正确" });

/**
 * An application's life, like a real issuer's: the user applies (pending) and may withdraw while
 * it waits; finance rejects it with a reason or approves it, which hands it to the invoice provider
 * (issuing); the provider issues it (issued) or refuses it (rejected, with the provider's reason).
 * Finance may red-reverse an issued invoice with a reason: the provider issues the red invoice
 * (reversing → reversed), or refuses it and the blue invoice stands (back to issued). Issuing and reversing are states of their own because a real provider
 * answers later; a crash inside one leaves the state a retry completes.
 */
export const INVOICE_TRANSITIONS = {
  withdraw: { from: ["pending"], to: "withdrawn", by: "user" },
  approve: { from: ["pending"], to: "issuing", by: "finance" },
  reject: { from: ["pending"], to: "rejected", by: "finance" },
  issue: { from: ["issuing"], to: "issued", by: "provider" },
  refuse: { from: ["issuing"], to: "rejected", by: "provider" },
  reverse: { from: ["issued"], to: "reversing", by: "finance" },
  completeReversal: { from: ["reversing"], to: "reversed", by: "provider" },
  refuseReversal: { from: ["reversing"], to: "issued", by: "provider" },
} as const satisfies Record<string, { from: readonly InvoiceState[]; to: InvoiceState; by: "user" | "finance" | "provider" }>;
export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;
export type InvoiceActor = (typeof INVOICE_TRANSITIONS)[InvoiceAction]["by"];

/** What the state refusals say to the person who tried, e.g. "该申请当前为「已开票」，不能撤销". */
export const INVOICE_ACTION_LABELS: Readonly<Record<InvoiceAction, string>> = {
  withdraw: "撤销",
  approve: "审核通过",
  reject: "驳回",
  issue: "开具发票",
  refuse: "拒绝开票",
  reverse: "红冲",
  completeReversal: "完成红冲",
  refuseReversal: "拒绝红冲",
};
export const invoiceStateRefusal = (state: InvoiceState, action: InvoiceAction) => `该申请当前为「${INVOICE_STATE_LABELS[state]}」，不能${INVOICE_ACTION_LABELS[action]}`;

/** States in which the application holds its orders; in every other state they are free to apply again. */
export const INVOICE_STATES_HOLDING_ORDERS = ["pending", "issuing", "issued", "reversing"] as const satisfies readonly InvoiceState[];
export const holdsOrders = (state: InvoiceState) => (INVOICE_STATES_HOLDING_ORDERS as readonly InvoiceState[]).includes(state);

export const INVOICE_LIFECYCLE = defineStateMachine("invoice", INVOICE_TRANSITIONS, { refusal: invoiceStateRefusal });

/** A transition the application's state does not allow (withdrawing an issued one, approving twice), in the user's words. */
export const InvoiceStateError = INVOICE_LIFECYCLE.Error;
export type InvoiceStateError = InstanceType<typeof InvoiceStateError>;

/** The state `action` leads to from `state`; throws InvoiceStateError when the machine has no such edge. */
export const invoiceTransition = INVOICE_LIFECYCLE.next;

/** The actions `actor` may take on an application in `state` (which buttons a page shows). */
export const invoiceActionsFor = (state: InvoiceState, actor: InvoiceActor): InvoiceAction[] => INVOICE_LIFECYCLE.actionsFrom(state, actor);

// ---- Invoiceable orders (可开票订单) ----

export const InvoiceableOrderSchema = z.object({
  merchantOrderNo: z.string().meta({ title: "订单号", mono: true, copyable: true }),
  amountFen: z.number().int().meta({ title: "可开票金额", format: "money" }),
  channel: z.enum(RECHARGE_CHANNELS).meta({ title: "支付方式", labels: RECHARGE_CHANNEL_LABELS }),
  paidTime: z.number().int().meta({ title: "支付时间", format: "datetime" }),
});
export type InvoiceableOrder = z.infer<typeof InvoiceableOrderSchema>;

/** The invoiceable total over the whole filtered range, not only the page shown. */
export const InvoiceableTotalsSchema = z.object({
  totalFen: z.number().int().describe("筛选范围内可开票金额合计（分）"),
  totalRow: z.number().int().describe("筛选范围内可开票订单笔数"),
});
export type InvoiceableTotals = z.infer<typeof InvoiceableTotalsSchema>;

// ---- List filters ----

const DATE_RULE = "日期格式应为 YYYY-MM-DD";
const dateField = () => optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_RULE));

function withRangeRule<T extends z.ZodObject<{ startTime: ReturnType<typeof dateField>; endTime: ReturnType<typeof dateField> } & z.ZodRawShape>>(schema: T) {
  return schema.superRefine(({ startTime, endTime }, ctx) => {
    const problem = checkTimeRange(startTime as string | undefined, endTime as string | undefined);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field === "start" ? "startTime" : "endTime"], message: problem.message });
  });
}

/** Paging plus a date range (Shanghai calendar days, inclusive at both ends, both or neither). */
const RangedPageQuery = (dateTitle: string) => z.object({ ...PageQuerySchema.shape, startTime: dateField().meta({ title: dateTitle }), endTime: dateField() });

export const InvoiceableOrderQuerySchema = withRangeRule(RangedPageQuery("支付时间"));
export const ApplicationListQuerySchema = withRangeRule(
  RangedPageQuery("申请时间").extend({ state: InvoiceStateSchema.optional().meta({ title: "开票状态", placeholder: "全部状态", labels: INVOICE_STATE_LABELS }) }),
);
export const IssuedInvoiceListQuerySchema = withRangeRule(RangedPageQuery("开票时间"));
export const TitleListQuerySchema = PageQuerySchema;
export const AddressListQuerySchema = PageQuerySchema;
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

/** The list filter bars' fields (describeFilters). */
export const INVOICE_RANGE_FILTERS = [["startTime", "endTime"]] as const;
export const APPLICATION_FILTERS = [["startTime", "endTime"], "state"] as const;

// ---- Applying (申请开票) ----

export const MAX_ORDERS_PER_APPLICATION = 100;
export const INVOICE_REMARK_MAX_LENGTH = 100;

const OrderNoListSchema = z
  .array(z.string({ error: INVOICE_MESSAGES.ordersUnavailable }).min(1, INVOICE_MESSAGES.ordersUnavailable).max(64, INVOICE_MESSAGES.ordersUnavailable), { error: INVOICE_MESSAGES.ordersRequired })
  .min(1, INVOICE_MESSAGES.ordersRequired)
  .max(MAX_ORDERS_PER_APPLICATION, INVOICE_MESSAGES.tooManyOrders)
  .refine((list) => new Set(list).size === list.length, INVOICE_MESSAGES.ordersUnavailable);

/**
 * An application: whole orders (never a part of one), one title, and where the invoice goes: an
 * e-mail address for the electronic 普票, a mailing address for the paper 专票. Whether the title
 * suits a 专票 is checked by the server against the saved title.
 */
export const ApplyInvoiceSchema = z
  .object({
    invoiceKind: InvoiceKindSchema.meta({ title: "发票类型", labels: INVOICE_KIND_LABELS }),
    titleId: TitleIdSchema.meta({ title: "发票抬头" }),
    merchantOrderNos: OrderNoListSchema.meta({ title: "开票订单" }),
    email: optionalText(textRule({ required: INVOICE_MESSAGES.emailRequired, invalid: "请输入正确的邮箱", test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ }).pipe(z.string().max(100, "邮箱不能超过100个字符"))).meta({
      title: "接收邮箱",
    }),
    addressId: optionalText(AddressIdSchema).meta({ title: "收件地址" }),
    remark: optionalText(freeText(INVOICE_REMARK_MAX_LENGTH, INVOICE_MESSAGES.remarkTooLong)).meta({ title: "备注" }),
  })
  .superRefine((application, ctx) => {
    if (application.invoiceKind === "normal" && application.email === undefined) ctx.addIssue({ code: "custom", path: ["email"], message: INVOICE_MESSAGES.emailRequired });
    if (application.invoiceKind === "special" && application.addressId === undefined) ctx.addIssue({ code: "custom", path: ["addressId"], message: INVOICE_MESSAGES.specialNeedsAddress });
  });
export type ApplyInvoiceInput = z.input<typeof ApplyInvoiceSchema>;
export type ApplyInvoice = z.output<typeof ApplyInvoiceSchema>;

// ---- Applications (开票记录) and issued invoices (发票列表) ----

const stateField = () => InvoiceStateSchema.meta({ title: "开票状态", labels: INVOICE_STATE_LABELS, colors: INVOICE_STATE_COLORS });
const kindField = () => InvoiceKindSchema.meta({ title: "发票类型", labels: INVOICE_KIND_LABELS });

/** One application as the lists show it. */
export const InvoiceApplicationRowSchema = z.object({
  id: z.number().int().meta({ title: "申请编号", mono: true }),
  invoiceKind: kindField(),
  titleName: z.string().meta({ title: "发票抬头" }),
  amountFen: z.number().int().meta({ title: "开票金额", format: "money" }),
  orderCount: z.number().int().meta({ title: "订单数" }),
  state: stateField(),
  applyTime: z.number().int().meta({ title: "申请时间", format: "datetime" }),
  /** The blue invoice's number once issued. */
  invoiceNo: z.string().nullable().meta({ title: "发票号码", mono: true, empty: "—" }),
});
export type InvoiceApplicationRow = z.infer<typeof InvoiceApplicationRowSchema>;

/** blue: the invoice itself; red: the negative invoice of a 红冲 that cancels it. */
export const INVOICE_DIRECTIONS = ["blue", "red"] as const;
export type InvoiceDirection = (typeof INVOICE_DIRECTIONS)[number];
export const INVOICE_DIRECTION_LABELS: Readonly<Record<InvoiceDirection, string>> = { blue: "蓝字发票", red: "红字发票" };

/** An invoice the provider issued; a red one's amount is negative. */
export const IssuedInvoiceSchema = z.object({
  id: z.number().int().meta({ title: "发票编号", row: "never" }),
  applicationId: z.number().int().meta({ title: "申请编号", mono: true }),
  invoiceNo: z.string().meta({ title: "发票号码", mono: true, copyable: true }),
  direction: z.enum(INVOICE_DIRECTIONS).meta({ title: "发票性质", labels: INVOICE_DIRECTION_LABELS, colors: { blue: "blue", red: "red" } }),
  invoiceKind: kindField(),
  titleName: z.string().meta({ title: "发票抬头" }),
  amountFen: z.number().int().meta({ title: "金额", format: "money" }),
  issueTime: z.number().int().meta({ title: "开票时间", format: "datetime" }),
  /** The issuer that produced it; "development" marks a sample, never a tax invoice. */
  provider: z.string().meta({ title: "开票服务" }),
  /** Lowercase hex SHA-256 of the PDF, as appended to the ledger. */
  fileSha256: z.string().meta({ title: "文件摘要（SHA-256）", mono: true, copyable: true, row: "ifPresent" }),
  /** The ledger entry's index that records the digest. */
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号", mono: true, row: "ifPresent" }),
  /** Whether a red invoice has cancelled this blue one. */
  reversed: z.boolean().meta({ title: "已红冲" }),
});
export type IssuedInvoice = z.infer<typeof IssuedInvoiceSchema>;

/** The title and delivery as they were when the user applied: later edits of a title never change an application. */
export const InvoiceApplicationSchema = InvoiceApplicationRowSchema.extend({
  titleKind: z.enum(TITLE_KINDS).meta({ title: "抬头类型", labels: TITLE_KIND_LABELS }),
  taxpayerId: z.string().nullable().meta({ title: "纳税人识别号", mono: true, row: "ifPresent" }),
  registeredAddress: z.string().nullable().meta({ title: "注册地址", row: "ifPresent" }),
  registeredPhone: z.string().nullable().meta({ title: "注册电话", row: "ifPresent" }),
  bankName: z.string().nullable().meta({ title: "开户银行", row: "ifPresent" }),
  bankAccount: z.string().nullable().meta({ title: "银行账号", mono: true, row: "ifPresent" }),
  email: z.string().nullable().meta({ title: "接收邮箱", row: "ifPresent" }),
  /** The mailing address of a 专票 in one line: recipient, mobile, region and detail. */
  mailingAddress: z.string().nullable().meta({ title: "收件地址", row: "ifPresent" }),
  remark: z.string().nullable().meta({ title: "备注", row: "ifPresent" }),
  /** Why finance or the issuer rejected it. */
  rejectReason: z.string().nullable().meta({ title: "驳回原因", row: "ifPresent" }),
  decideTime: z.number().int().nullable().meta({ title: "审核时间", format: "datetime", row: "ifPresent" }),
  issueTime: z.number().int().nullable().meta({ title: "开票时间", format: "datetime", row: "ifPresent" }),
  reverseReason: z.string().nullable().meta({ title: "红冲原因", row: "ifPresent" }),
  reverseTime: z.number().int().nullable().meta({ title: "红冲时间", format: "datetime", row: "ifPresent" }),
  orders: z.array(InvoiceableOrderSchema).meta({ title: "开票订单", row: "never" }),
  /** The blue invoice and, after a 红冲, its red one. */
  invoices: z.array(IssuedInvoiceSchema).meta({ title: "发票", row: "never" }),
  /** What the user may do now (withdraw while pending). */
  actions: z.array(z.enum(Object.keys(INVOICE_TRANSITIONS) as [InvoiceAction, ...InvoiceAction[]])).meta({ title: "可执行操作", row: "never" }),
});
export type InvoiceApplication = z.infer<typeof InvoiceApplicationSchema>;

/** The title an application keeps from when the user applied, in the order its pages show it. */
export const APPLIED_TITLE_FIELDS = ["titleKind", "titleName", "taxpayerId", ...SPECIAL_INVOICE_TITLE_FIELDS] as const satisfies readonly (keyof InvoiceApplication)[];

/** One invoice with what it was issued for. */
export const IssuedInvoiceDetailSchema = IssuedInvoiceSchema.extend({
  application: InvoiceApplicationSchema.meta({ title: "开票申请", row: "never" }),
});
export type IssuedInvoiceDetail = z.infer<typeof IssuedInvoiceDetailSchema>;

/** The downloaded file's name. */
export const invoiceFileName = (invoiceNo: string) => `发票-${invoiceNo}.pdf`;

/** What the development provider writes on every sample, so nobody mistakes it for a tax invoice. */
export const DEVELOPMENT_SAMPLE_MARK = "开发环境样张";
export const DEVELOPMENT_SAMPLE_NOTE = "非税务发票，仅用于开发与测试，不具有任何税务效力";

/** The instructions page (invoiceInstructions), one paragraph per item. */
export const INVOICE_INSTRUCTIONS = [
  "可开票范围：已支付的在线充值订单，按实际支付的金额整笔开具。使用账户余额购买套餐或服务所花的钱，已包含在充值金额之中，不再单独开票，以免同一笔款项开出两张发票。",
  "增值税普通发票为电子发票，开具后发送到您填写的邮箱，也可以在发票列表中下载 PDF 文件。",
  "增值税专用发票为纸质发票，抬头须为单位，并填写完整的纳税人识别号、注册地址、注册电话、开户银行和银行账号；开具后邮寄到您选择的收件地址。",
  "提交申请后由财务审核，审核通过即开具发票。待审核的申请可以撤销；申请被撤销或驳回后，所选订单可以重新申请开票。",
  "已开具的发票需要作废或更正时，请联系客服，由财务开具红字发票冲销（红冲）；红冲后，原订单可以重新申请开票。",
  "子账号不能使用发票管理，请使用主账号申请。",
] as const;

/** The result pages after applying (invoiceSuccess, invoiceUnsuccess). */
export const INVOICE_RESULT_TEXTS = {
  success: { title: "开票申请已提交", description: "财务审核通过后将为您开具发票，您可以在开票记录中查看进度。" },
  failure: { title: "开票申请未能提交", description: "所选订单可能已在其他申请中，或信息不完整，请返回检查后重新提交。" },
} as const;

// ---- Console review ----

export const INVOICE_REASON_MIN_LENGTH = 2;
export const INVOICE_REASON_MAX_LENGTH = 200;
export const InvoiceReasonSchema = z
  .string({ error: INVOICE_MESSAGES.reasonRequired })
  .pipe(freeText(INVOICE_REASON_MAX_LENGTH, INVOICE_MESSAGES.reasonTooLong))
  .pipe(z.string().min(INVOICE_REASON_MIN_LENGTH, INVOICE_MESSAGES.reasonTooShort));

export const ConsoleApplicationListQuerySchema = withRangeRule(
  RangedPageQuery("申请时间").extend({
    state: InvoiceStateSchema.default("pending").meta({ title: "开票状态", placeholder: "待审核", labels: INVOICE_STATE_LABELS, width: 130 }),
    keyword: optionalText(z.string().trim().max(50, "关键字不超过50个字")).meta({ title: "关键字", placeholder: "客户账号或发票抬头", width: 240 }),
  }),
);
export type ConsoleApplicationListQuery = z.infer<typeof ConsoleApplicationListQuerySchema>;

export const ConsoleApplicationRowSchema = InvoiceApplicationRowSchema.extend({
  account: z.string().meta({ title: "客户账号", copyable: true }),
});
export type ConsoleApplicationRow = z.infer<typeof ConsoleApplicationRowSchema>;

export const ConsoleApplicationSchema = InvoiceApplicationSchema.extend({
  account: z.string().meta({ title: "客户账号", copyable: true }),
  userId: z.number().int().meta({ title: "客户编号", row: "never" }),
  decidedBy: z.string().nullable().meta({ title: "审核人", row: "ifPresent" }),
});
export type ConsoleApplication = z.infer<typeof ConsoleApplicationSchema>;

/**
 * The audit trail's action names (target type "invoiceApplication"); the issued PDF's digest is
 * appended to the ledger under INVOICE_LEDGER_KIND.
 */
export const INVOICE_AUDIT_ACTIONS = { approve: "invoice.approve", reject: "invoice.reject", reverse: "invoice.reverse" } as const;
export const INVOICE_APPLICATION_TARGET = "invoiceApplication";
export const INVOICE_LEDGER_KIND = "invoice";

export const ApplicationRefSchema = z.object({ id: ApplicationIdSchema });
export const InvoiceRefSchema = z.object({ id: InvoiceIdSchema });
export const ReasonedApplicationSchema = z.object({ id: ApplicationIdSchema, reason: InvoiceReasonSchema.meta({ title: "原因" }) });

// ---- Endpoints ----

const TAG = "发票";
const CONSOLE_TAG = "运营后台·发票";
const SUB_ACCOUNT_NOTE = `子账号调用时答 ${INVOICE_SUB_ACCOUNT_CODE}（子账号不能使用发票管理）；他人的记录一律答不存在。`;

export const INVOICE_ENDPOINTS = {
  listTitles: endpoint({
    method: "GET",
    path: "/personal/v2/listInvoiceTitles",
    input: TitleListQuerySchema,
    datas: pagePSchema(InvoiceTitleSchema),
    session: "user",
    tag: TAG,
    summary: "发票信息（发票抬头）列表，分页 pageP，最近更新的在前",
    description: SUB_ACCOUNT_NOTE,
  }),
  getTitle: endpoint({
    method: "GET",
    path: "/personal/v2/getInvoiceTitle",
    input: z.object({ id: TitleIdSchema }),
    datas: InvoiceTitleSchema,
    session: "user",
    tag: TAG,
    summary: "一个发票抬头的全部信息",
    description: SUB_ACCOUNT_NOTE,
  }),
  saveTitle: endpoint({
    method: "POST",
    path: "/personal/v2/saveInvoiceTitle",
    input: SaveTitleSchema,
    datas: InvoiceTitleSchema,
    session: "user",
    tag: TAG,
    summary: `新增（无 id）或修改（带 id）发票抬头：个人只需抬头名称；单位须填纳税人识别号（15-20 位数字或字母），开专票另须注册地址、电话、开户银行与账号；每个账号最多 ${TITLES_PER_ACCOUNT} 个`,
    description: SUB_ACCOUNT_NOTE,
  }),
  deleteTitle: endpoint({
    method: "POST",
    path: "/personal/v2/deleteInvoiceTitle",
    input: z.object({ id: TitleIdSchema }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "删除发票抬头；已提交的申请保留申请时的抬头信息，不受影响",
    description: SUB_ACCOUNT_NOTE,
  }),
  listAddresses: endpoint({
    method: "GET",
    path: "/personal/v2/listInvoiceAddresses",
    input: AddressListQuerySchema,
    datas: pagePSchema(InvoiceAddressSchema),
    session: "user",
    tag: TAG,
    summary: "收件地址列表（寄送纸质专票），分页 pageP",
    description: SUB_ACCOUNT_NOTE,
  }),
  getAddress: endpoint({
    method: "GET",
    path: "/personal/v2/getInvoiceAddress",
    input: z.object({ id: AddressIdSchema }),
    datas: InvoiceAddressSchema,
    session: "user",
    tag: TAG,
    summary: "一个收件地址",
    description: SUB_ACCOUNT_NOTE,
  }),
  saveAddress: endpoint({
    method: "POST",
    path: "/personal/v2/saveInvoiceAddress",
    input: SaveAddressSchema,
    datas: InvoiceAddressSchema,
    session: "user",
    tag: TAG,
    summary: `新增（无 id）或修改（带 id）收件地址：收件人、手机号、省市区（须相互对应）与详细地址；每个账号最多 ${ADDRESSES_PER_ACCOUNT} 个`,
    description: SUB_ACCOUNT_NOTE,
  }),
  deleteAddress: endpoint({
    method: "POST",
    path: "/personal/v2/deleteInvoiceAddress",
    input: z.object({ id: AddressIdSchema }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "删除收件地址；已提交的申请保留申请时的地址",
    description: SUB_ACCOUNT_NOTE,
  }),
  listInvoiceableOrders: endpoint({
    method: "GET",
    path: "/personal/v2/listInvoiceableOrders",
    input: InvoiceableOrderQuerySchema,
    datas: pagePSchema(InvoiceableOrderSchema),
    extraData: InvoiceableTotalsSchema,
    session: "user",
    tag: TAG,
    summary: "可开票订单：已支付、尚未开票（或其申请已驳回、撤销、红冲）的充值订单，分页 pageP；extraData 为筛选范围内的合计。余额购买套餐不单独开票（其金额已在充值时开票）",
    description: SUB_ACCOUNT_NOTE,
  }),
  apply: endpoint({
    method: "POST",
    path: "/personal/v2/applyInvoice",
    input: ApplyInvoiceSchema,
    datas: InvoiceApplicationSchema,
    session: "user",
    tag: TAG,
    summary: "申请开票：选择整笔订单（最多 100 笔）、抬头与发票类型；电子普票须填邮箱，纸质专票须选收件地址且抬头为信息完整的单位。同一订单同时只能在一份有效申请中，已开票的金额不能再开",
    description: `1001 参数错误或订单不可开票（已在其他申请中、未支付、不属于本账号）；${SUB_ACCOUNT_NOTE}`,
  }),
  listApplications: endpoint({
    method: "GET",
    path: "/personal/v2/listInvoiceApplications",
    input: ApplicationListQuerySchema,
    datas: pagePSchema(InvoiceApplicationRowSchema),
    session: "user",
    tag: TAG,
    summary: "开票记录（开票申请），分页 pageP，可按申请日期与状态筛选，最新的在前",
    description: SUB_ACCOUNT_NOTE,
  }),
  getApplication: endpoint({
    method: "GET",
    path: "/personal/v2/getInvoiceApplication",
    input: ApplicationRefSchema,
    datas: InvoiceApplicationSchema,
    session: "user",
    tag: TAG,
    summary: "开票申请详情：申请时的抬头与寄送信息、订单、状态、驳回或红冲原因、已开具的发票",
    description: SUB_ACCOUNT_NOTE,
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/personal/v2/withdrawInvoiceApplication",
    input: ApplicationRefSchema,
    datas: InvoiceApplicationSchema,
    session: "user",
    tag: TAG,
    summary: "撤销待审核的开票申请，其订单可重新申请开票；审核通过后不能撤销",
    description: `1001 当前状态不能撤销；${SUB_ACCOUNT_NOTE}`,
  }),
  listInvoices: endpoint({
    method: "GET",
    path: "/personal/v2/listInvoices",
    input: IssuedInvoiceListQuerySchema,
    datas: pagePSchema(IssuedInvoiceSchema),
    session: "user",
    tag: TAG,
    summary: "发票列表：已开具的蓝字发票与红冲产生的红字发票，分页 pageP，可按开票日期筛选",
    description: SUB_ACCOUNT_NOTE,
  }),
  getInvoice: endpoint({
    method: "GET",
    path: "/personal/v2/getInvoice",
    input: InvoiceRefSchema,
    datas: IssuedInvoiceDetailSchema,
    session: "user",
    tag: TAG,
    summary: "发票详情：发票号码、金额、文件摘要与账本序号，以及所属申请",
    description: SUB_ACCOUNT_NOTE,
  }),
  /** A link, not a call: the invoice's PDF. */
  downloadInvoice: endpoint({
    method: "GET",
    path: "/personal/v2/downloadInvoice",
    input: InvoiceRefSchema,
    datas: z.null(),
    file: true,
    session: "user",
    tag: TAG,
    summary: "下载发票 PDF（开发环境为标明“开发环境样张，非税务发票”的样张）",
    description: SUB_ACCOUNT_NOTE,
  }),
};

export const CONSOLE_INVOICE_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/invoices/listApplications",
    input: ConsoleApplicationListQuerySchema,
    datas: pagePSchema(ConsoleApplicationRowSchema),
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "开票申请列表（分页 pageP）：按状态（默认待审核）、关键字（客户账号、发票抬头）与申请日期筛选，最早的在前",
  }),
  one: endpoint({
    method: "GET",
    path: "/console/v2/invoices/getApplication",
    input: ApplicationRefSchema,
    datas: ConsoleApplicationSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "一份开票申请：客户账号、申请时的抬头与寄送信息、订单、状态与已开具的发票",
  }),
  approve: endpoint({
    method: "POST",
    path: "/console/v2/invoices/approve",
    input: ApplicationRefSchema,
    datas: ConsoleApplicationSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "审核通过并开票：待审核 → 开票中，交开票服务开具，开具后为已开票，文件摘要记入账本；对开票中的申请再次调用即重试开具（不会重复开票）",
    description: "1001 当前状态不能审核通过；404 申请不存在。",
  }),
  reject: endpoint({
    method: "POST",
    path: "/console/v2/invoices/reject",
    input: ReasonedApplicationSchema,
    datas: ConsoleApplicationSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "驳回待审核的开票申请（原因 2-200 个字，用户可见），其订单可重新申请",
    description: "1001 参数错误或当前状态不能驳回；404 申请不存在。",
  }),
  reverse: endpoint({
    method: "POST",
    path: "/console/v2/invoices/reverse",
    input: ReasonedApplicationSchema,
    datas: ConsoleApplicationSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "红冲已开具的发票（原因 2-200 个字，用户可见）：开具红字发票后为已红冲，其订单可重新申请开票；对红冲中的申请再次调用即重试",
    description: "1001 参数错误或当前状态不能红冲；404 申请不存在。",
  }),
  downloadInvoice: endpoint({
    method: "GET",
    path: "/console/v2/invoices/downloadInvoice",
    input: InvoiceRefSchema,
    datas: z.null(),
    file: true,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: CONSOLE_TAG,
    summary: "下载任一发票的 PDF",
  }),
};
