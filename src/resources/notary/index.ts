import { BankOutlined, CloudDownloadOutlined, FileSearchOutlined, SettingOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { NotarizationDetailSchema, NotarizationRowSchema } from "../../schema/notarization";
import { IssuedCertificateQuerySchema, IssuedCertificateRowSchema, NOTARY_CONSOLE_ENDPOINTS, RequestListQuerySchema } from "../../schema/notary-console";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { MainSectionDefinition, PageComponentLoader, PageSlotsLoader, Registry } from "../types";

/**
 * The notary office's console (spec §2 /info/notaryRequests, issue 17) in the registry's
 * vocabulary, mounted below /info: requestList (the list itself, with requestContent, infoAudit and
 * certificate below it), notarialInquiry (a certificate checked by its number, with the office's
 * register notarialInquiryList below it), setting and download. Every call is the notary
 * session's (src/schema/notary-console.ts) and acts on the staff member's own office only.
 */

/** Where the console's registry is mounted: its pages are /info/notaryRequests/…. */
export const NOTARY_BASE = "/info";

const REQUESTS = defineSectionData({
  record: NotarizationRowSchema,
  columns: ["applicationNo", "state", "applicantName", "purpose", "evidenceCount", "payment", "submitTime", "updateTime"],
  filters: describeFilters(RequestListQuerySchema, ["state", "applicant", ["startTime", "endTime"]]),
  endpoints: { list: NOTARY_CONSOLE_ENDPOINTS.requestList, one: NOTARY_CONSOLE_ENDPOINTS.requestContent },
  emptyText: "暂无公证申请",
});

/** infoAudit's rows: who applies for what, as the decision needs it; the evidence is requestContent's. */
const AUDIT_FACTS = defineSectionData({
  record: NotarizationDetailSchema.pick({
    applicationNo: true,
    state: true,
    applicantType: true,
    applicantName: true,
    applicantIdNumber: true,
    purpose: true,
    useDescription: true,
    evidenceCount: true,
    payment: true,
    feeFen: true,
    contactName: true,
    contactMobile: true,
    contactEmail: true,
    submitTime: true,
  }),
});

const ISSUED = defineSectionData({
  record: IssuedCertificateRowSchema,
  columns: ["certificateNo", "applicationNo", "applicantName", "evidenceCount", "issueTime", "notaryName", "ledgerIndex"],
  filters: describeFilters(IssuedCertificateQuerySchema, ["certificateNo", "applicant", ["startTime", "endTime"]]),
  endpoints: { list: NOTARY_CONSOLE_ENDPOINTS.issuedList },
  emptyText: "本处尚未出具公证书",
});

const PAGES = {
  requestContent: () => import("../../pages/notary/request-content-page"),
  inquiry: () => import("../../pages/notary/inquiry-page"),
  certificate: () => import("../../pages/notary/certificate-page"),
  setting: () => import("../../pages/notary/setting/setting-page"),
  download: () => import("../../pages/notary/download-page"),
} satisfies Record<string, PageComponentLoader>;

const SLOTS = {
  requestList: () => import("../../pages/notary/request-list-slots"),
  infoAudit: () => import("../../pages/notary/decision-slots"),
  issuedList: () => import("../../pages/notary/issued-list-slots"),
} satisfies Record<string, PageSlotsLoader>;

const notaryRequests: MainSectionDefinition = {
  key: "notaryRequests",
  title: "公证处工作台",
  icon: BankOutlined,
  sideNav: "links",
  sections: [
    {
      ...REQUESTS,
      key: "requestList",
      title: "公证申请",
      icon: UnorderedListOutlined,
      landing: "",
      pages: [
        genericPage("", "dataList", "申请列表", { nav: true, slots: SLOTS.requestList }),
        customPage("requestContent", "申请内容", PAGES.requestContent, { standsFor: "detail" }),
        genericPage("infoAudit", "detail", "审核", { data: AUDIT_FACTS, slots: SLOTS.infoAudit }),
        customPage("certificate", "出具公证书", PAGES.certificate),
      ],
    },
    {
      ...ISSUED,
      key: "notarialInquiry",
      title: "公证书查询",
      icon: FileSearchOutlined,
      landing: "",
      pages: [
        customPage("", "公证书查验", PAGES.inquiry, { nav: true }),
        genericPage("notarialInquiryList", "dataList", "本处已出具的公证书", { nav: true, slots: SLOTS.issuedList }),
      ],
    },
    { key: "setting", title: "本处设置", icon: SettingOutlined, landing: "", pages: [customPage("", "本处设置", PAGES.setting)] },
    { key: "download", title: "证据下载", icon: CloudDownloadOutlined, landing: "", pages: [customPage("", "证据下载", PAGES.download)] },
  ],
};

export const NOTARY_REGISTRY: Registry = [notaryRequests];
