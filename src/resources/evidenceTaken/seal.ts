import { SEAL_ENDPOINTS, SealingListQuerySchema, SealingRecordSchema } from "../../schema/seal";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageDefinition, PageSlotsLoader, SectionData } from "../types";

/**
 * The electronic seal (issue 16): the sealing list and its certificates; the configuration is a
 * screen of its own. The data rides on these pages, not the section, since deviceList (the device
 * module's) lists other records.
 */
const SEAL_DATA: SectionData = defineSectionData({
  record: SealingRecordSchema,
  columns: ["documentName", "source", "pages", "createTime", "certificateNo", "signatureInfo", "timestamp"],
  filters: describeFilters(SealingListQuerySchema, ["keyName", ["startTime", "endTime"]]),
  endpoints: { list: SEAL_ENDPOINTS.list, one: SEAL_ENDPOINTS.one },
  emptyText: "暂无用印记录",
});

/** A sealing's certificate is its sealed PDF's evidence record's. */
const CERTIFICATE_DATA: SectionData = defineSectionData({ record: SealingRecordSchema, endpoints: { one: SEAL_ENDPOINTS.one }, certificateIdField: "evidenceId" });

const SEAL_PAGES = { config: () => import("../../pages/seal/seal-config-page") } satisfies Record<string, PageComponentLoader>;
const LIST_SLOTS: PageSlotsLoader = () => import("../../pages/seal/sealing-list-slots");

export function sealPages(): PageDefinition[] {
  return [
    genericPage("guidance", "guidance", "印章指引", { nav: true }),
    customPage("config", "印章配置", SEAL_PAGES.config, { nav: true, standsFor: "new" }),
    genericPage("dataList", "dataList", "用印记录", { nav: true, data: SEAL_DATA, slots: LIST_SLOTS }),
    genericPage("dataList/Certificate", "certificate", "用印证书", { data: CERTIFICATE_DATA }),
  ];
}
