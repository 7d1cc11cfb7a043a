import { createElement } from "react";
import type { MoneyRecordList } from "../../schema/money-records";
import type { PageComponentLoader, PageSlotsLoader, SectionPageProps } from "../types";

/**
 * The personal centre's own screens (src/pages/personal), each loaded when it is first opened.
 * A page taking more than its route is bound here, so the registry only ever passes the route.
 */
export const PERSONAL_PAGES = {
  operationPanel: () => import("../../pages/personal/operation-panel-page").then((m) => ({ default: m.OperationPanelPage })),
  accountManagement: () => import("../../pages/personal/account/account-management-page").then((m) => ({ default: m.AccountManagementPage })),
  createChildAccount: () =>
    import("../../pages/personal/child-accounts/create-child-account-page").then((m) => ({ default: m.CreateChildAccountPage })),
  createChildAccountSuccess: () => import("../../pages/personal/child-accounts/create-success-page").then((m) => ({ default: m.CreateSuccessPage })),
  authentication: () => import("../../pages/personal/security/authentication-page").then((m) => ({ default: m.AuthenticationPage })),
  enterpriseProve: () => import("../../pages/personal/security/enterprise-prove-page").then((m) => ({ default: m.EnterpriseProvePage })),
  bindMobile: () =>
    import("../../pages/personal/security/bind-contact-page").then((m) => ({ default: (props: SectionPageProps) => createElement(m.BindContactPage, { ...props, channel: "mobile" }) })),
  bindEmail: () =>
    import("../../pages/personal/security/bind-contact-page").then((m) => ({ default: (props: SectionPageProps) => createElement(m.BindContactPage, { ...props, channel: "email" }) })),
  changePassword: () => import("../../pages/personal/security/change-password-page").then((m) => ({ default: m.ChangePasswordPage })),
  cancellation: () => import("../../pages/personal/security/cancellation-page").then((m) => ({ default: m.CancellationPage })),
  purchasePackage: () => import("../../pages/personal/expense/purchase-package-page").then((m) => ({ default: m.PurchasePackagePage })),
  bindWechat: () => import("../../pages/personal/bind-wechat-page").then((m) => ({ default: m.BindWechatPage })),
  onlineCharge: () => import("../../pages/personal/recharge/online-charge-page").then((m) => ({ default: m.OnlineChargePage })),
} satisfies Record<string, PageComponentLoader>;

/** What the child-account list adds to the generic list (src/pages/personal), loaded with the list. */
export const CHILD_ACCOUNT_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/personal/child-accounts/child-account-slots");

/** What the expense centre's record lists add to the generic list (totals, export), loaded with the list. */
export const moneyRecordSlots =
  (list: MoneyRecordList): PageSlotsLoader =>
  () =>
    import("../../pages/personal/expense-center/money-record-slots").then((m) => ({ default: m.MONEY_RECORD_SLOTS[list] }));

/** The invoice section's own screens (src/pages/personal/invoices). */
export const INVOICE_PAGES = {
  invoiceOrder: () => import("../../pages/personal/invoices/invoice-order-page").then((m) => ({ default: m.InvoiceOrderPage })),
  invoicetoApply: () => import("../../pages/personal/invoices/apply-invoice-page").then((m) => ({ default: m.ApplyInvoicePage })),
  invoiceInfoDetail: () => import("../../pages/personal/invoices/title-page").then((m) => ({ default: m.TitlePage })),
  invoiceSuccess: () =>
    import("../../pages/personal/invoices/apply-result-page").then((m) => ({ default: (props: SectionPageProps) => createElement(m.ApplyResultPage, { ...props, outcome: "success" }) })),
  invoiceUnsuccess: () =>
    import("../../pages/personal/invoices/apply-result-page").then((m) => ({ default: (props: SectionPageProps) => createElement(m.ApplyResultPage, { ...props, outcome: "failure" }) })),
} satisfies Record<string, PageComponentLoader>;

/** What the invoice section's generic lists and detail add (row actions, forms in dialogs, the invoice's history and file). */
export const INVOICE_SLOTS = {
  applications: () => import("../../pages/personal/invoices/application-list-slots"),
  titles: () => import("../../pages/personal/invoices/title-list-slots"),
  addresses: () => import("../../pages/personal/invoices/address-list-slots"),
  issuedInvoices: () => import("../../pages/personal/invoices/invoice-list-slots"),
  issuedInvoice: () => import("../../pages/personal/invoices/invoice-detail-slots"),
} satisfies Record<string, PageSlotsLoader>;
