import { CAPTURE_ENDPOINTS, CaptureDetailSchema, CaptureListQuerySchema, CaptureRecordSchema, SnapshotFormSchema } from "../../schema/capture";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageDefinition, PageSlotsLoader, SectionData } from "../types";

/**
 * Web page capture (issue 15): the snapshot section's data and the pages its lists lead to. The
 * snapshot list and the list of all captures show the same records with the same actions, so
 * both sections build their record pages here.
 */

const filters = describeFilters(CaptureListQuerySchema, ["keyName", "state", ["startTime", "endTime"]]);

/** The snapshot section: its own captures, the form and the calls. */
export const SNAPSHOT_DATA: SectionData = defineSectionData({
  record: CaptureRecordSchema,
  form: SnapshotFormSchema,
  columns: ["name", "url", "title", "state", "chargedTo", "createTime", "certificateNo"],
  filters,
  endpoints: { list: CAPTURE_ENDPOINTS.list, one: CAPTURE_ENDPOINTS.one, create: CAPTURE_ENDPOINTS.create },
  emptyText: "暂无网页快照取证",
});

/** 全部取证: every capture of the holder, of every kind. */
export const TOTAL_CAPTURE_DATA: SectionData = defineSectionData({
  record: CaptureRecordSchema,
  columns: ["kind", "name", "url", "title", "state", "chargedTo", "createTime", "certificateNo"],
  filters,
  endpoints: { list: CAPTURE_ENDPOINTS.totalList, one: CAPTURE_ENDPOINTS.one },
  emptyText: "暂无取证记录",
});

/** A capture's certificate is its evidence record's: the PDF and proofs are that record's. */
const CERTIFICATE_DATA: SectionData = defineSectionData({
  record: CaptureDetailSchema,
  endpoints: { one: CAPTURE_ENDPOINTS.one },
  certificateIdField: "evidenceId",
});

export const CAPTURE_PAGES = {
  newSnapshot: () => import("../../pages/capture/snapshot-new-page"),
  review: () => import("../../pages/capture/capture-review-page"),
} satisfies Record<string, PageComponentLoader>;

const LIST_SLOTS: PageSlotsLoader = () => import("../../pages/capture/capture-list-slots");
const CERTIFICATE_SLOTS: PageSlotsLoader = () => import("../../pages/capture/capture-certificate-slots");

/** The list of captures and the pages below it: the certificate of a sealed one, the review of one that needs it. */
export function captureListPages(): PageDefinition[] {
  return [
    genericPage("dataList", "dataList", "取证列表", { nav: true, slots: LIST_SLOTS }),
    genericPage("dataList/Certificate", "certificate", "取证证书", { data: CERTIFICATE_DATA, slots: CERTIFICATE_SLOTS }),
    customPage("dataList/review", "取证复核", CAPTURE_PAGES.review, { standsFor: "detail" }),
  ];
}
