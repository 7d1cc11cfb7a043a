/**
 * Business constants and limits of spec §9 (and the few numbers of §2-§6 that screens share).
 * Elsewhere, not repeated here:
 * - session idle limits: session.ts; request-signature clock skew: signature.ts;
 * - notice (news ticker) fetch size 6: CMS_NEW_ARTICLE_COUNT in common.ts;
 * - page sizes: paging.ts; notarisation bundles and their prices: bundle.ts;
 * - allowed upload extensions per rights type: upload.ts.
 */

/** The product's name: page titles, footers, e-mails, the certificate's issuer, the start banner. */
export const PLATFORM_NAME = "衡证电子证据平台";

/** Sizes are binary: the spec's "2 MB" avatar limit is 2097152 bytes. */
export const BYTES_PER_MB = 1024 * 1024;

// Uploads (spec §5, §9).
export const UPLOAD_DEFAULT_MAX_BYTES = 2 * BYTES_PER_MB;
export const UPLOAD_DOCUMENT_MAX_BYTES = 50 * BYTES_PER_MB;
export const UPLOAD_IMAGE_MAX_BYTES = 50 * BYTES_PER_MB;
export const UPLOAD_AUDIO_MAX_BYTES = 200 * BYTES_PER_MB;
export const UPLOAD_VIDEO_MAX_BYTES = 200 * BYTES_PER_MB;

// Credentials and identity.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 18;
export const IMAGE_CAPTCHA_LENGTH = 4;
export const REAL_NAME_MIN_LENGTH = 2;
export const REAL_NAME_MAX_LENGTH = 20;
export const ENTERPRISE_NAME_MIN_HAN = 3;
export const ENTERPRISE_NAME_MAX_LENGTH = 51;

/** The send-code button stays disabled this long after a code was sent. */
export const SEND_CODE_COUNTDOWN_SECONDS = 59;

/** `type` of sendPhoneVCode / sendEmailVCode (spec §7): 5 for code login, 3 for account binding. */
export const SEND_CODE_TYPE = { default: 1, codeLogin: 5, bindAccount: 3 } as const;

// Avatar (spec §2, §3, §5).
export const AVATAR_MAX_BYTES = 2_097_152;
export const AVATAR_CROP_PX = 160;
export const AVATAR_THUMBNAIL_PX = 320;

// Home page and activity pages.
export const HOME_BANNER_AUTOPLAY_MS = 4000;
export const SCENE_WHEEL = { segments: 8, segmentDegrees: 45, offsetDegrees: 69, stepMs: 1750 } as const;
export const ACTIVITY_BANNER_AUTOPLAY_MS = 3000;
export const COMPARISON_CAROUSEL_SLIDES = 4;
export const CLOCK_REFRESH_MS = 100;
export const HEADER_FIXED_AFTER_SCROLL_PX = 30;
/** The news ticker repeats its list so it can scroll seamlessly when it has fewer items than this. */
export const TICKER_DUPLICATE_BELOW = 3;
export const PARTNER_LOGO_COUNT = 64;
export const ACTIVITY_PACKAGE_COUNT = 3;

// Modals and tips.
export const MESSAGE_MODAL_AUTO_CLOSE_MS = 5000;
export const EXPORT_MODAL_AUTO_CLOSE_MS = 4000;
/** The login form's total tip hides itself after this long (password login). */
export const TOTAL_TIP_HIDE_MS = 3000;

// Tables, pagination and date inputs.
export const TABLE_MAX_HEIGHT_PX = 374;
/** Inside the logged-in shell a table may be as tall as the window minus this. */
export const TABLE_SHELL_HEIGHT_OFFSET_PX = 295;
/** With this page size the pagination hides its size selector and shows the total (spec §2). */
export const PAGINATION_COMPACT_PAGE_SIZE = 4;
export const DATE_INPUT_MAX_LENGTH = 10;

// Help centre.
/** FAQ summaries longer than this are clickable and truncated here with an ellipsis. */
export const SUMMARY_CLICK_THRESHOLD = 114;
/** The spec's other reading of the same threshold; kept so the choice is visible, not used by default. */
export const SUMMARY_CLICK_THRESHOLD_ALTERNATIVE = 118;
export const HELP_EVIDENCE_PAGE_SIZE = 10;

/** Whole-network monitoring price per site per week, in fen; a bill sums sites times weeks. */
export const MONITOR_WEEKLY_PRICE_FEN = { web: 10_000, app: 500_000, searchEngine: 100_000 } as const;

/** Limits codes of a monitoring account that block creating a new monitor (spec §4, §6). */
export const MONITOR_BLOCKING_LIMITS_CODES = [301, 304, 305, 309] as const;

export const PACKAGE_CODE = { snapshotPreservation: 30001, screenRecordPreservation: 30002 } as const;
/** The product code accountStatus is asked with (count 1); schema/billing.ts says what it stands for. */
export const ACCOUNT_STATUS_PRODUCT_CODE = 40001;
export const ACCOUNT_STATUS_COUNT = 1;

// Status values of the user session and the chain node list (spec §3).
export const ACCOUNT_TYPE_SUB_ACCOUNT = 3;
/** realNameStatus and enterpriseStatus both use 2 for "verified". */
export const VERIFIED_STATUS = 2;
export const NODE_STATUS_ONLINE = 1;
