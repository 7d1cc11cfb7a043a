import { CAPTURE_QA_FINDINGS, type CaptureQa, type CaptureQaCode, type CaptureQaFinding } from "../../../src/schema/capture.js";

/**
 * Capture QA (issue 15): what makes a capture "needs review" instead of sealing at once. Pure: it
 * reads what the page showed (PageSignals, measured in the browser by page-capture.ts) and the
 * screenshot's ink; the thresholds below are the only tuning.
 */

/**
 * Under 0.2 % of the screenshot differing from its background: an empty page, a lone spinner, a
 * two-letter heading (0.03-0.08 % measured here). A few paragraphs of text measured 0.7 %.
 */
export const BLANK_INK_RATIO = 0.002;
/** A blank render also has (almost) no text; a page of white-on-white text is not blank. */
export const BLANK_MAX_TEXT = 20;
/**
 * A bot wall or challenge page is short: on a long page the words 验证码 or "Access denied" are
 * more likely a login form or an article than a wall, so body phrases only count below this.
 */
export const BOT_WALL_MAX_TEXT = 2000;
/** A fixed or sticky layer over at least 30 % of the viewport hides the page rather than trims it. */
export const COOKIE_BANNER_MIN_COVERAGE = 0.3;
/**
 * Failed resources: at least 5 and at least 20 % of the requests. One broken tracker is normal; a
 * fifth of the page missing is not what the site showed its visitors.
 */
export const FAILED_RESOURCES_MIN = 5;
export const FAILED_RESOURCES_MIN_SHARE = 0.2;

/** Scripts or frames of the common challenge services, by the address they load from. */
const CHALLENGE_SOURCES = /recaptcha|hcaptcha|geetest|challenges\.cloudflare\.com|turnstile|captcha/i;
/** Titles or short texts of challenge and block pages, Chinese and English. */
const CHALLENGE_PHRASES = /验证码|人机验证|安全验证|滑动验证|访问受限|just a moment|access denied|attention required|verify you are human|are you a robot/i;
const COOKIE_WORDS = /cookie|隐私|同意/i;

/** What the browser saw, measured with the page scrolled back to the top. */
export interface PageSignals {
  title: string;
  /** document.body.innerText, at most PAGE_TEXT_SAMPLE characters of it (its length is exact). */
  text: string;
  textLength: number;
  pageHeight: number;
  /** src of every script and frame (the page's own and challenge services'). */
  sources: string[];
  /** Fixed or sticky elements visible in the viewport: share of the viewport covered, and their text. */
  overlays: { coverage: number; text: string }[];
}

export interface QaInput {
  signals: PageSignals;
  mainStatus: number | null;
  inkRatio: number;
  requests: number;
  failedRequests: number;
}

export function assessCapture(input: QaInput): CaptureQa {
  const { signals, mainStatus, inkRatio, requests, failedRequests } = input;
  const findings: CaptureQaFinding[] = [];
  const find = (code: CaptureQaCode, detail: string) => findings.push({ code, message: CAPTURE_QA_FINDINGS[code], detail });

  if (inkRatio < BLANK_INK_RATIO && signals.textLength <= BLANK_MAX_TEXT) {
    find("blank", `截图中非背景像素占 ${percent(inkRatio)}，页面文字 ${signals.textLength} 个字符`);
  }
  if (mainStatus !== null && mainStatus >= 400) find("errorStatus", `状态码 ${mainStatus}`);

  const challengeSource = signals.sources.find((source) => CHALLENGE_SOURCES.test(source));
  const challengeTitle = CHALLENGE_PHRASES.exec(signals.title);
  const challengeText = signals.textLength < BOT_WALL_MAX_TEXT ? CHALLENGE_PHRASES.exec(signals.text) : null;
  if (challengeSource) find("botWall", `页面加载了验证服务：${challengeSource.slice(0, 120)}`);
  else if (challengeTitle) find("botWall", `页面标题含“${challengeTitle[0]}”`);
  else if (challengeText) find("botWall", `页面文字含“${challengeText[0]}”`);

  const banner = signals.overlays.find((overlay) => overlay.coverage >= COOKIE_BANNER_MIN_COVERAGE && COOKIE_WORDS.test(overlay.text));
  if (banner) find("cookieBanner", `固定弹层遮挡了首屏的 ${percent(banner.coverage)}`);

  if (failedRequests >= FAILED_RESOURCES_MIN && failedRequests >= requests * FAILED_RESOURCES_MIN_SHARE) {
    find("failedResources", `${requests} 个请求中 ${failedRequests} 个失败`);
  }

  return {
    passed: findings.length === 0,
    findings,
    metrics: { mainStatus, inkRatio, textLength: signals.textLength, requests, failedRequests, pageHeight: signals.pageHeight },
  };
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.01 ? 2 : 0)}%`;
}
