import type { PageComponentLoader } from "../types";

/** The evidence pages that need their own code (src/pages/evidence), each loaded when first opened. */
export const EVIDENCE_SAVE_PAGES = {
  dataList: () => import("../../pages/evidence/evidence-list-page"),
  applyCertificate: () => import("../../pages/evidence/apply-certificate-page"),
  noticeCertificate: () => import("../../pages/evidence/notice-certificate-page"),
  affairChildren: () => import("../../pages/evidence/affair-child-list-page"),
} satisfies Record<string, PageComponentLoader>;
