import {
  invoiceActionsFor,
  type InvoiceAddress,
  type InvoiceApplication,
  type InvoiceApplicationRow,
  type InvoiceableOrder,
  type InvoiceDirection,
  type InvoiceKind,
  type InvoiceState,
  type InvoiceTitle,
  type IssuedInvoice,
  type TitleKind,
  titleAllowsSpecial,
} from "../../../src/schema/invoice.js";
import type { RechargeChannel } from "../../../src/schema/recharge.js";
import { findRegionPath } from "../../../src/schema/regions.js";
import type { AddressRow, TitleRow } from "./invoice-book.repository.js";
import type { ApplicationRow, IssuedInvoiceRow, OrderLinkRow } from "./invoice.repository.js";
import type { PaidOrder } from "../payment/paid-orders.js";

/** Rows as the API shows them (src/schema/invoice.ts); bigint columns come back as text from PostgreSQL. */

export function toTitle(row: TitleRow): InvoiceTitle {
  const title = {
    id: row.id,
    kind: row.kind as TitleKind,
    name: row.name,
    taxpayerId: row.taxpayer_id,
    registeredAddress: row.registered_address,
    registeredPhone: row.registered_phone,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
  };
  return { ...title, allowsSpecial: titleAllowsSpecial(title), updateTime: Number(row.updated_at) };
}

/** "广东省 深圳市 南山区"; a municipality's city repeats its province (北京市 北京市 东城区), as the data has it. */
export function regionText(district: string): string {
  const path = findRegionPath(district);
  return path ? `${path.province.name} ${path.city.name} ${path.district.name}` : "";
}

export function toAddress(row: AddressRow): InvoiceAddress {
  return {
    id: row.id,
    recipient: row.recipient,
    mobile: row.mobile,
    province: row.province,
    city: row.city,
    district: row.district,
    regionText: regionText(row.district),
    detail: row.detail,
    updateTime: Number(row.updated_at),
  };
}

/** The one line a 专票's envelope needs, copied into the application. */
export function mailingLine(row: AddressRow): string {
  return `${row.recipient} ${row.mobile} ${regionText(row.district)} ${row.detail}`;
}

export function toInvoiceableOrder(order: PaidOrder): InvoiceableOrder {
  return { merchantOrderNo: order.merchantOrderNo, amountFen: order.amountFen, channel: order.channel, paidTime: order.paidAt };
}

function linkToOrder(link: OrderLinkRow): InvoiceableOrder {
  return { merchantOrderNo: link.merchant_order_no, amountFen: Number(link.amount_fen), channel: link.channel as RechargeChannel, paidTime: Number(link.paid_at) };
}

export function toApplicationRow(row: ApplicationRow, links: readonly OrderLinkRow[], invoices: readonly IssuedInvoiceRow[]): InvoiceApplicationRow {
  const blue = invoices.find((invoice) => invoice.application_id === row.id && invoice.direction === "blue");
  return {
    id: row.id,
    invoiceKind: row.invoice_kind as InvoiceKind,
    titleName: row.title_name,
    amountFen: Number(row.amount_fen),
    orderCount: links.filter((link) => link.application_id === row.id).length,
    state: row.state as InvoiceState,
    applyTime: Number(row.created_at),
    invoiceNo: blue?.invoice_no ?? null,
  };
}

export function toIssuedInvoice(row: IssuedInvoiceRow, application: Pick<ApplicationRow, "invoice_kind" | "title_name" | "state">): IssuedInvoice {
  return {
    id: row.id,
    applicationId: row.application_id,
    invoiceNo: row.invoice_no,
    direction: row.direction as InvoiceDirection,
    invoiceKind: application.invoice_kind as InvoiceKind,
    titleName: application.title_name,
    amountFen: Number(row.amount_fen),
    issueTime: Number(row.issued_at),
    provider: row.provider,
    fileSha256: row.file_sha256,
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
    reversed: row.direction === "blue" && application.state === "reversed",
  };
}

/** The application with its orders and invoices; `actor` decides which actions it offers. */
export function toApplication(row: ApplicationRow, links: readonly OrderLinkRow[], invoices: readonly IssuedInvoiceRow[], actor: "user" | "finance"): InvoiceApplication {
  const state = row.state as InvoiceState;
  const own = invoices.filter((invoice) => invoice.application_id === row.id);
  const time = (value: number | null) => (value === null ? null : Number(value));
  return {
    ...toApplicationRow(row, links, own),
    titleKind: row.title_kind as TitleKind,
    taxpayerId: row.taxpayer_id,
    registeredAddress: row.registered_address,
    registeredPhone: row.registered_phone,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    email: row.email,
    mailingAddress: row.mailing_address,
    remark: row.remark,
    rejectReason: row.reject_reason,
    decideTime: time(row.decided_at),
    issueTime: time(own.find((invoice) => invoice.direction === "blue")?.issued_at ?? null),
    reverseReason: row.reverse_reason,
    reverseTime: time(own.find((invoice) => invoice.direction === "red")?.issued_at ?? null),
    // A released application's links still show what it was for.
    orders: links.filter((link) => link.application_id === row.id).map(linkToOrder),
    invoices: own.map((invoice) => toIssuedInvoice(invoice, row)),
    actions: invoiceActionsFor(state, actor),
  };
}
