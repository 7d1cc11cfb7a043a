import type { PageComponentLoader, PageSlotsLoader } from "../types";

/** The rights pages that need their own code (src/pages/evidence), each loaded when first opened. */
export const RIGHTS_PAGES = {
  new: () => import("../../pages/evidence/rights-new-page"),
} satisfies Record<string, PageComponentLoader>;

/** The rights lists are evidence lists: the same slots (src/pages/evidence). */
export const RIGHTS_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/evidence/evidence-list-slots");
