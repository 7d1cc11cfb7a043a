import { RECORDING_ENDPOINTS, RECORDING_LIST_ENDPOINTS, RECORDING_KIND_LABELS, RecordingDetailSchema, RecordingListQuerySchema, RecordingRecordSchema, type RecordingKind } from "../../schema/recording";
import { defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageDefinition, PageSlotsLoader, SectionData } from "../types";

/**
 * Recorded evidence (issue 16): the list and certificate data of the five recording sections
 * (screenRecord, procedureRecord, mobileRecord, mobileArray, liveRecord). Each lists its own kind
 * through its own list call; a recording's certificate is its evidence record's.
 */

const filters = describeFilters(RecordingListQuerySchema, ["keyName", "state", ["startTime", "endTime"]]);

/** The section's list of recordings of `kind`. */
export function recordingSectionData(kind: RecordingKind): SectionData {
  return defineSectionData({
    record: RecordingRecordSchema,
    columns: ["name", "source", "target", "state", "durationMs", "anchors", "createTime", "certificateNo"],
    filters,
    endpoints: { list: RECORDING_LIST_ENDPOINTS[kind], one: RECORDING_ENDPOINTS.one },
    emptyText: `暂无${RECORDING_KIND_LABELS[kind]}记录`,
  });
}

const CERTIFICATE_DATA: SectionData = defineSectionData({
  record: RecordingDetailSchema,
  endpoints: { one: RECORDING_ENDPOINTS.one },
  certificateIdField: "evidenceId",
});

/** Every recording list's row actions and every recording certificate's panel (src/pages/recording). */
const LIST_SLOTS: PageSlotsLoader = () => import("../../pages/recording/recording-list-slots");
const CERTIFICATE_SLOTS: PageSlotsLoader = () => import("../../pages/recording/recording-certificate-slots");

/** The recorder pages of their own: the screen recorder, the cloud browser's start pages (the recorder itself is /precord, outside the app). */
export const RECORDING_PAGES = {
  newScreen: () => import("../../pages/recording/screen-record-new-page"),
  procedureNew: () => import("../../pages/recording/procedure-new-page"),
  procedureMobile: () => import("../../pages/recording/procedure-mobile-page"),
} satisfies Record<string, PageComponentLoader>;

/** The list of a recording section and the certificate of a sealed recording. */
export function recordingListPages(): PageDefinition[] {
  return [
    genericPage("dataList", "dataList", "取证列表", { nav: true, slots: LIST_SLOTS }),
    genericPage("dataList/Certificate", "certificate", "取证证书", { data: CERTIFICATE_DATA, slots: CERTIFICATE_SLOTS }),
  ];
}
