import type { PageComponentLoader } from "../types";

/** The rights pages that need their own code (src/pages/evidence), each loaded when first opened. */
export const RIGHTS_PAGES = {
  new: () => import("../../pages/evidence/rights-new-page"),
  dataList: () => import("../../pages/evidence/evidence-list-page"),
} satisfies Record<string, PageComponentLoader>;
