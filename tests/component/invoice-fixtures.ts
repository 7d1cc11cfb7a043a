import type { InvoiceApplication, IssuedInvoice } from "../../src/schema/invoice";

/**
 * An invoice application and an invoice as the server answers them, for the pages' scripted
 * answers: an organisation's 普票 sent by e-mail, nothing decided yet. Each test states what its
 * case differs in (state, times, orders, invoices) as overrides.
 */
export function sampleApplication(overrides: Partial<InvoiceApplication> = {}): InvoiceApplication {
  return {
    id: 31,
    invoiceKind: "normal",
    titleName: "恒证科技有限公司",
    amountFen: 50_000,
    orderCount: 1,
    state: "pending",
    applyTime: Date.UTC(2026, 10, 20, 2, 0, 0),
    invoiceNo: null,
    titleKind: "organisation",
    taxpayerId: "91110108MA01ABCDE1",
    registeredAddress: null,
    registeredPhone: null,
    bankName: null,
    bankAccount: null,
    email: "finance@example.com",
    mailingAddress: null,
    remark: null,
    rejectReason: null,
    decideTime: null,
    issueTime: null,
    reverseReason: null,
    reverseTime: null,
    orders: [],
    invoices: [],
    actions: [],
    ...overrides,
  };
}

/** The blue invoice of sampleApplication, issued by the development provider. */
export function sampleInvoice(overrides: Partial<IssuedInvoice> = {}): IssuedInvoice {
  return {
    id: 5,
    applicationId: 31,
    invoiceNo: "DEV-B-00000005",
    direction: "blue",
    invoiceKind: "normal",
    titleName: "恒证科技有限公司",
    amountFen: 50_000,
    issueTime: Date.UTC(2026, 10, 20, 2, 0, 0),
    provider: "development",
    fileSha256: "ab".repeat(32),
    ledgerIndex: 3,
    reversed: false,
    ...overrides,
  };
}
