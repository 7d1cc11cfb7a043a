import type { PageComponentLoader, PageSlotsLoader } from "../../types";

/** The review section's own screens (src/pages/console/identity-review), each loaded when first opened. */
export const REVIEW_PAGES = {
  identityReview: () => import("../../../pages/console/identity-review/identity-review-page").then((m) => ({ default: m.IdentityReviewPage })),
} satisfies Record<string, PageComponentLoader>;

/** The review list's row link to an application (审核 / 查看), loaded with the list. */
export const IDENTITY_REVIEW_LIST_SLOTS: PageSlotsLoader = () => import("../../../pages/console/identity-review/review-list-slots");
