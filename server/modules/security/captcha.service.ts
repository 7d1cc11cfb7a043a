import { createHash, randomBytes } from "node:crypto";
import svgCaptcha from "svg-captcha";
import { AccountCode } from "../../../src/schema/account.js";
import { BusinessError } from "../../http/envelope.js";
import type { CaptchaAnswerPeek, CaptchaStore } from "./captcha-store.js";
import { digestsEqual } from "./digest-compare.js";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_COOKIE = "hz_captcha";

/** A refused captcha (1002), shown under the form's captcha field (spec §8). */
export function captchaRefused(message: string, field = "vcode"): BusinessError {
  return new BusinessError(AccountCode.captchaInvalid, message, { errors: { [field]: message } });
}

/**
 * Image captchas (spec §7 getCodeV2): four letters or digits drawn as SVG paths (no text a bot
 * can read from the markup), tied to the browser by an HttpOnly cookie, valid five minutes and
 * single-use: any attempt consumes it, so every failed login needs a new one.
 */
export class CaptchaService {
  constructor(
    private readonly store: CaptchaStore,
    private readonly now: () => number,
    /** Development only (null in production): the answers in plain text for the peek endpoint. */
    private readonly peek: CaptchaAnswerPeek | null,
  ) {}

  async create(): Promise<{ id: string; imageDataUrl: string }> {
    const captcha = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: "0oO1iIlL", width: 120, height: 40, fontSize: 46 });
    const id = randomBytes(24).toString("base64url");
    await this.store.save(id, hashAnswer(captcha.text), this.now() + CAPTCHA_TTL_MS);
    await this.peek?.remember(id, captcha.text, CAPTCHA_TTL_MS);
    return { id, imageDataUrl: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}` };
  }

  /** Checks and consumes the captcha; true only for the right answer of a live, unused captcha. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    return digestsEqual(await this.store.consume(id, this.now()), hashAnswer(answer));
  }

  async peekAnswer(id: string): Promise<string | undefined> {
    return this.peek?.recall(id);
  }
}

/** Answers are compared case-insensitively, as users expect of a captcha. */
function hashAnswer(answer: string): string {
  return createHash("sha256").update(answer.trim().toLowerCase(), "utf8").digest("hex");
}
