import { FileDoneOutlined } from "@ant-design/icons";
import { CONSOLE_INVOICE_ENDPOINTS, ConsoleApplicationListQuerySchema, ConsoleApplicationRowSchema } from "../../../schema/invoice";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { customPage, defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { PageComponentLoader, PageSlotsLoader, SectionDefinition } from "../../types";

const reviewPage: PageComponentLoader = () => import("../../../pages/console/invoices/invoice-review-page").then((m) => ({ default: m.InvoiceReviewPage }));
const listSlots: PageSlotsLoader = () => import("../../../pages/console/invoices/invoice-queue-slots");

/**
 * 发票审核 (/console/finance/invoices): the customers' invoice applications, waiting ones first;
 * finance issues or rejects each, red-reverses an issued one, and downloads the file.
 */
export const invoiceReview: SectionDefinition = {
  key: "invoices",
  title: "发票审核",
  description: "审核客户的开票申请：核对抬头与订单后开具发票或驳回，对已开具的发票红冲，下载发票文件",
  icon: FileDoneOutlined,
  permission: FINANCE_PERMISSION,
  landing: "dataList",
  ...defineSectionData({
    record: ConsoleApplicationRowSchema,
    columns: ["id", "account", "invoiceKind", "titleName", "amountFen", "orderCount", "state", "applyTime", "invoiceNo"],
    filters: describeFilters(ConsoleApplicationListQuerySchema, ["state", "keyword", ["startTime", "endTime"]]),
    endpoints: { list: CONSOLE_INVOICE_ENDPOINTS.list, one: CONSOLE_INVOICE_ENDPOINTS.one },
    emptyText: "没有符合条件的开票申请",
  }),
  pages: [
    genericPage("dataList", "dataList", "开票申请", { slots: listSlots }),
    customPage("dataList/review", "审核开票申请", reviewPage, { standsFor: "detail" }),
  ],
};
