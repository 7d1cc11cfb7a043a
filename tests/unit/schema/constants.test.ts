import { describe, expect, it } from "vitest";
import * as constants from "../../../src/schema/constants";

/** The spec's numbers (§9), written out once more on purpose: a change must be deliberate. */
describe("business constants", () => {
  it.each([
    ["UPLOAD_DEFAULT_MAX_BYTES", 2 * 1024 * 1024],
    ["UPLOAD_DOCUMENT_MAX_BYTES", 50 * 1024 * 1024],
    ["UPLOAD_IMAGE_MAX_BYTES", 50 * 1024 * 1024],
    ["UPLOAD_AUDIO_MAX_BYTES", 200 * 1024 * 1024],
    ["UPLOAD_VIDEO_MAX_BYTES", 200 * 1024 * 1024],
    ["PASSWORD_MIN_LENGTH", 6],
    ["PASSWORD_MAX_LENGTH", 18],
    ["IMAGE_CAPTCHA_LENGTH", 4],
    ["REAL_NAME_MIN_LENGTH", 2],
    ["REAL_NAME_MAX_LENGTH", 20],
    ["SEND_CODE_COUNTDOWN_SECONDS", 59],
    ["AVATAR_MAX_BYTES", 2097152],
    ["AVATAR_CROP_PX", 160],
    ["AVATAR_THUMBNAIL_PX", 320],
    ["HOME_BANNER_AUTOPLAY_MS", 4000],
    ["ACTIVITY_BANNER_AUTOPLAY_MS", 3000],
    ["COMPARISON_CAROUSEL_SLIDES", 4],
    ["CLOCK_REFRESH_MS", 100],
    ["HEADER_FIXED_AFTER_SCROLL_PX", 30],
    ["TICKER_DUPLICATE_BELOW", 3],
    ["MESSAGE_MODAL_AUTO_CLOSE_MS", 5000],
    ["EXPORT_MODAL_AUTO_CLOSE_MS", 4000],
    ["TOTAL_TIP_HIDE_MS", 3000],
    ["TABLE_MAX_HEIGHT_PX", 374],
    ["TABLE_SHELL_HEIGHT_OFFSET_PX", 295],
    ["SUMMARY_CLICK_THRESHOLD", 114],
    ["SUMMARY_CLICK_THRESHOLD_ALTERNATIVE", 118],
    ["PARTNER_LOGO_COUNT", 64],
    ["ACTIVITY_PACKAGE_COUNT", 3],
    ["ACCOUNT_STATUS_PRODUCT_CODE", 40001],
    ["ACCOUNT_TYPE_SUB_ACCOUNT", 3],
    ["VERIFIED_STATUS", 2],
    ["NODE_STATUS_ONLINE", 1],
  ] as const)("%s = %i", (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it.each([
    ["SEND_CODE_TYPE", { default: 1, codeLogin: 5, bindAccount: 3 }],
    ["SCENE_WHEEL", { segments: 8, segmentDegrees: 45, offsetDegrees: 69, stepMs: 1750 }],
    ["MONITOR_WEEKLY_PRICE_FEN", { web: 10_000, app: 500_000, searchEngine: 100_000 }],
    ["MONITOR_BLOCKING_LIMITS_CODES", [301, 304, 305, 309]],
    ["PACKAGE_CODE", { snapshotPreservation: 30001, screenRecordPreservation: 30002 }],
  ] as const)("%s", (name, value) => {
    expect(constants[name]).toEqual(value);
  });

  it("has a wheel whose segments make a full turn", () => {
    expect(constants.SCENE_WHEEL.segments * constants.SCENE_WHEEL.segmentDegrees).toBe(360);
  });
});
