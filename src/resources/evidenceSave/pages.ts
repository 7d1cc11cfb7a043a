import type { PageComponentLoader, PageSlotsLoader } from "../types";

/** The evidence pages that need their own code (src/pages/evidence), each loaded when first opened. */
export const EVIDENCE_SAVE_PAGES = {
  applyCertificate: () => import("../../pages/evidence/apply-certificate-page"),
  noticeCertificate: () => import("../../pages/evidence/notice-certificate-page"),
} satisfies Record<string, PageComponentLoader>;

/** What the evidence lists add to the generic list (src/pages/evidence), loaded with the list. */
export const EVIDENCE_LIST_SLOTS = {
  records: () => import("../../pages/evidence/evidence-list-slots"),
  affairChildren: () => import("../../pages/evidence/affair-child-slots"),
} satisfies Record<string, PageSlotsLoader>;
