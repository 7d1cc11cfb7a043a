import { BankOutlined } from "@ant-design/icons";
import {
  NOTARIZATION_ENDPOINTS,
  NOTARIZED_SAVE_KINDS,
  NotarizationDetailSchema,
  NotarizationListQuerySchema,
  NotarizationRowSchema,
} from "../../schema/notarization";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageSlotsLoader, SectionDefinition } from "../types";

/**
 * Online notarisation (/judicial/notarization, spec §2, issue 17): the applications are the
 * section's records (list and detail calls of src/schema/notarization.ts). The spec has no "new"
 * page: the application form opens from the list's 申请公证 button (src/pages/notarization). The
 * progress timeline and the covered evidence of one kind are screens of their own.
 */

const NOTARIZATION_DATA = defineSectionData({
  record: NotarizationRowSchema,
  columns: ["applicationNo", "state", "officeName", "purpose", "evidenceCount", "payment", "createTime", "submitTime"],
  filters: describeFilters(NotarizationListQuerySchema, ["state", ["startTime", "endTime"]]),
  endpoints: { list: NOTARIZATION_ENDPOINTS.list, one: NOTARIZATION_ENDPOINTS.detail },
  emptyText: "暂无公证申请",
});

/** dataDetail's rows: the application's own facts; its evidence, materials and certificate are the panel's. */
const DETAIL_FACTS = defineSectionData({
  record: NotarizationDetailSchema.pick({
    applicationNo: true,
    state: true,
    officeName: true,
    applicantType: true,
    applicantName: true,
    applicantIdNumber: true,
    purpose: true,
    useDescription: true,
    contactName: true,
    contactMobile: true,
    contactEmail: true,
    address: true,
    payment: true,
    bundleId: true,
    feeFen: true,
    evidenceCount: true,
    createTime: true,
    submitTime: true,
    updateTime: true,
  }),
});

const PAGES = {
  progress: () => import("../../pages/notarization/progress-page"),
  coveredEvidence: () => import("../../pages/notarization/covered-evidence-page"),
} satisfies Record<string, PageComponentLoader>;

const SLOTS = {
  list: () => import("../../pages/notarization/notarization-list-slots"),
  detail: () => import("../../pages/notarization/notarization-detail-slots"),
  guidance: () => import("../../pages/notarization/notarization-states-panel"),
} satisfies Record<string, PageSlotsLoader>;

const COVERED_TITLES: Record<(typeof NOTARIZED_SAVE_KINDS)[number], string> = {
  file: "文件存证信息",
  text: "文本存证信息",
  hash: "哈希存证信息",
  voucher: "交易凭证存证信息",
  affair: "事务存证信息",
};

export const notarization: SectionDefinition = {
  ...NOTARIZATION_DATA,
  key: "notarization",
  title: "在线公证",
  icon: BankOutlined,
  landing: "guidance",
  pages: [
    genericPage("guidance", "guidance", "服务指引", { nav: true, slots: SLOTS.guidance }),
    genericPage("dataList", "dataList", "公证申请", { nav: true, slots: SLOTS.list }),
    genericPage("dataDetail", "detail", "申请详情", { data: DETAIL_FACTS, slots: SLOTS.detail }),
    customPage("progress", "办理进度", PAGES.progress),
    ...NOTARIZED_SAVE_KINDS.map((kind) => customPage(`evidenceSaveInfo/${kind}`, COVERED_TITLES[kind], PAGES.coveredEvidence)),
  ],
};
