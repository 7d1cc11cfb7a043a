import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import svgCaptcha from "svg-captcha";
import type { Database } from "../../db/database.js";
import { AccountCode } from "../../../src/schema/account.js";
import { BusinessError } from "../../http/envelope.js";
import { digestsEqual } from "./digest-compare.js";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_COOKIE = "hz_captcha";

/** A refused captcha (1002), shown under the form's captcha field (spec §8). */
export function captchaRefused(message: string, field = "vcode"): BusinessError {
  return new BusinessError(AccountCode.captchaInvalid, message, { errors: { [field]: message } });
}

/** Recent answers kept in memory for the development peek endpoint; never filled in production. */
type DevelopmentPeek = Map<string, string>;

/**
 * Image captchas (spec §7 getCodeV2): four letters or digits drawn as SVG paths (no text a bot
 * can read from the markup), tied to the browser by an HttpOnly cookie, valid five minutes and
 * single-use: any attempt consumes it, so every failed login needs a new one.
 */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly peek: DevelopmentPeek | null,
  ) {}

  async create(): Promise<{ id: string; imageDataUrl: string }> {
    const captcha = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: "0oO1iIlL", width: 120, height: 40, fontSize: 46 });
    const id = randomBytes(24).toString("base64url");
    await this.db
      .insertInto("captchas")
      .values({ id, answer_hash: hashAnswer(captcha.text), expires_at: this.now() + CAPTCHA_TTL_MS, consumed_at: null })
      .execute();
    if (this.peek) {
      this.peek.set(id, captcha.text);
      if (this.peek.size > 1000) this.peek.delete(this.peek.keys().next().value!);
    }
    return { id, imageDataUrl: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}` };
  }

  /** Checks and consumes the captcha; true only for the right answer of a live, unused captcha. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const consumed = await this.db
      .updateTable("captchas")
      .set({ consumed_at: this.now() })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", this.now())
      .returning("answer_hash")
      .executeTakeFirst();
    return digestsEqual(consumed?.answer_hash, hashAnswer(answer));
  }

  peekAnswer(id: string): string | undefined {
    return this.peek?.get(id);
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom("captchas").where("expires_at", "<", this.now()).execute();
  }
}

/** Answers are compared case-insensitively, as users expect of a captcha. */
function hashAnswer(answer: string): string {
  return createHash("sha256").update(answer.trim().toLowerCase(), "utf8").digest("hex");
}
