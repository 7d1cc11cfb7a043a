import type { PageComponentLoader } from "../types";

/** The evidence library's own screens (src/pages/evidences), each loaded when it is first opened. */
export const EVIDENCES_PAGES = {
  dataList: () => import("../../pages/evidences/evidence-list-page").then((m) => ({ default: m.EvidenceListPage })),
  evidenceExtract: () => import("../../pages/evidences/evidence-extract-page").then((m) => ({ default: m.EvidenceExtractPage })),
  evidenceDownload: () => import("../../pages/evidences/evidence-download-page").then((m) => ({ default: m.EvidenceDownloadPage })),
} satisfies Record<string, PageComponentLoader>;
