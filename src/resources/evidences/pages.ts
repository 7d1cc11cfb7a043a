import type { PageComponentLoader, PageSlotsLoader } from "../types";

/** The evidence library's own screens (src/pages/evidences), each loaded when it is first opened. */
export const EVIDENCES_PAGES = {
  evidenceExtract: () => import("../../pages/evidences/evidence-extract-page").then((m) => ({ default: m.EvidenceExtractPage })),
  evidenceDownload: () => import("../../pages/evidences/evidence-download-page").then((m) => ({ default: m.EvidenceDownloadPage })),
} satisfies Record<string, PageComponentLoader>;

/** What the library's list adds to the generic list (src/pages/evidences), loaded with the list. */
export const LIBRARY_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/evidences/library-list-slots");
