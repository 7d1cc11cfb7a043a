import { APPRAISAL_ENDPOINTS, CommissionDetailSchema, CommissionListQuerySchema, CommissionRowSchema } from "../../schema/judicial-expert";
import { JUDICIAL_PAY_ENDPOINTS, JudicialPayListQuerySchema, JudicialPaymentDetailSchema } from "../../schema/judicial-pay";
import { defineSectionData } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageSlotsLoader, SectionData } from "../types";

/** The judicial channel's records and its own screens and slots (src/pages/judicial), each loaded with its page. */

/** An applicant's appraisal commissions: the list's rows, the detail's whole commission. */
export const COMMISSION_DATA: SectionData = defineSectionData({
  record: CommissionRowSchema,
  columns: ["commissionNo", "institutionName", "matters", "evidenceCount", "feeFen", "state", "createTime"],
  filters: describeFilters(CommissionListQuerySchema, ["state", ["startTime", "endTime"]]),
  endpoints: { list: APPRAISAL_ENDPOINTS.list, one: APPRAISAL_ENDPOINTS.detail },
  emptyText: "暂无鉴定委托",
});
export const COMMISSION_DETAIL_DATA: SectionData = defineSectionData({ record: CommissionDetailSchema, endpoints: { one: APPRAISAL_ENDPOINTS.detail } });

/** Every judicial payment of the account. */
export const JUDICIAL_PAY_DATA: SectionData = defineSectionData({
  record: JudicialPaymentDetailSchema,
  columns: ["kind", "subject", "amountFen", "state", "createTime", "closeTime"],
  filters: describeFilters(JudicialPayListQuerySchema, ["kind", "state"]),
  endpoints: { list: JUDICIAL_PAY_ENDPOINTS.list, one: JUDICIAL_PAY_ENDPOINTS.detail },
  emptyText: "暂无司法支付记录",
});

export const JUDICIAL_PAGES = {
  addJudicialPay: () => import("../../pages/judicial/pay/add-judicial-pay-page").then((m) => ({ default: m.AddJudicialPayPage })),
} satisfies Record<string, PageComponentLoader>;

export const COMMISSION_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/appraisal/commission-list-slots");
export const COMMISSION_DETAIL_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/appraisal/commission-detail-slots");
export const PAYMENT_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/pay/payment-list-slots");
export const PAYMENT_DETAIL_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/pay/payment-detail-slots");
