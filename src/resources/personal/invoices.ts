import { FileTextOutlined } from "@ant-design/icons";
import {
  ApplicationListQuerySchema,
  APPLICATION_FILTERS,
  INVOICE_ENDPOINTS,
  INVOICE_RANGE_FILTERS,
  InvoiceAddressSchema,
  InvoiceApplicationRowSchema,
  InvoiceTitleSchema,
  IssuedInvoiceDetailSchema,
  IssuedInvoiceListQuerySchema,
  IssuedInvoiceSchema,
} from "../../schema/invoice";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { SectionDefinition } from "../types";
import { INVOICE_PAGES, INVOICE_SLOTS } from "./pages";

/**
 * /personal/invoiceAdmin (spec §2, issue 14). The section keeps four kinds of record (applications,
 * titles, addresses, issued invoices), so each list and detail page carries its own data; the
 * screens a generic kind cannot draw (choosing orders, applying, the title form, the results) are
 * custom pages.
 */

const applications = defineSectionData({
  record: InvoiceApplicationRowSchema,
  columns: ["id", "invoiceKind", "titleName", "amountFen", "orderCount", "state", "applyTime", "invoiceNo"],
  filters: describeFilters(ApplicationListQuerySchema, APPLICATION_FILTERS),
  endpoints: { list: INVOICE_ENDPOINTS.listApplications, one: INVOICE_ENDPOINTS.getApplication },
  emptyText: "暂无开票记录",
});

const titles = defineSectionData({
  record: InvoiceTitleSchema,
  columns: ["name", "kind", "taxpayerId", "bankName", "bankAccount", "updateTime"],
  endpoints: { list: INVOICE_ENDPOINTS.listTitles, one: INVOICE_ENDPOINTS.getTitle },
  emptyText: "暂无发票信息，请先新增发票抬头",
});

const addresses = defineSectionData({
  record: InvoiceAddressSchema,
  columns: ["recipient", "mobile", "regionText", "detail", "updateTime"],
  endpoints: { list: INVOICE_ENDPOINTS.listAddresses, one: INVOICE_ENDPOINTS.getAddress },
  emptyText: "暂无收件地址",
});

const issuedInvoices = defineSectionData({
  record: IssuedInvoiceSchema,
  columns: ["invoiceNo", "direction", "invoiceKind", "titleName", "amountFen", "issueTime", "applicationId"],
  filters: describeFilters(IssuedInvoiceListQuerySchema, INVOICE_RANGE_FILTERS),
  endpoints: { list: INVOICE_ENDPOINTS.listInvoices, one: INVOICE_ENDPOINTS.getInvoice },
  emptyText: "暂无已开具的发票",
});

const issuedInvoice = defineSectionData({
  record: IssuedInvoiceDetailSchema,
  endpoints: { one: INVOICE_ENDPOINTS.getInvoice },
});

export const invoiceAdmin: SectionDefinition = {
  key: "invoiceAdmin",
  title: "发票管理",
  icon: FileTextOutlined,
  landing: "invoicetoRecord",
  pages: [
    genericPage("invoicetoRecord", "dataList", "开票记录", { nav: true, data: applications, slots: INVOICE_SLOTS.applications }),
    customPage("invoiceOrder", "可开票订单", INVOICE_PAGES.invoiceOrder, { nav: true, standsFor: "dataList" }),
    customPage("invoicetoApply", "申请开票", INVOICE_PAGES.invoicetoApply, { standsFor: "new" }),
    genericPage("invoiceInfoList", "dataList", "发票信息", { nav: true, data: titles, slots: INVOICE_SLOTS.titles }),
    customPage("invoiceInfoDetail", "发票信息详情", INVOICE_PAGES.invoiceInfoDetail),
    genericPage("invoiceManagement", "dataList", "发票列表", { nav: true, data: issuedInvoices, slots: INVOICE_SLOTS.issuedInvoices }),
    genericPage("invoiceDetail", "detail", "发票详情", { data: issuedInvoice, slots: INVOICE_SLOTS.issuedInvoice }),
    genericPage("addressManagement", "dataList", "收件地址", { nav: true, data: addresses, slots: INVOICE_SLOTS.addresses }),
    genericPage("invoiceInstructions", "guidance", "开票说明", { nav: true }),
    customPage("invoiceSuccess", "申请结果", INVOICE_PAGES.invoiceSuccess),
    customPage("invoiceUnsuccess", "申请结果", INVOICE_PAGES.invoiceUnsuccess),
  ],
};
