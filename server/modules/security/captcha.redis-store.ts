import type { SharedRedis } from "../../redis/redis-connection.js";
import type { CaptchaAnswerPeek, CaptchaStore } from "./captcha-store.js";

/**
 * Captchas in the shared Redis (several processes): one key per captcha holding its expiry and the
 * answer's digest, expiring by itself. GETDEL makes the first attempt, right or wrong, the only one.
 * The expiry is also checked against the platform's clock, as the database store does, so both
 * stores end a captcha at the same moment.
 */
export class RedisCaptchaStore implements CaptchaStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly now: () => number,
  ) {}

  async save(id: string, answerHash: string, expiresAt: number): Promise<void> {
    await this.redis.client.set(this.redis.key("captcha", id), `${expiresAt}:${answerHash}`, "PX", Math.max(1, expiresAt - this.now()));
  }

  async consume(id: string, now: number): Promise<string | undefined> {
    const stored = await this.redis.client.getdel(this.redis.key("captcha", id));
    if (!stored) return undefined;
    const separator = stored.indexOf(":");
    return Number(stored.slice(0, separator)) >= now ? stored.slice(separator + 1) : undefined;
  }
}

/** The development peek shared by every process, so the answer is found whichever process drew the captcha. */
export class RedisCaptchaAnswers implements CaptchaAnswerPeek {
  constructor(private readonly redis: SharedRedis) {}

  async remember(id: string, answer: string, ttlMs: number): Promise<void> {
    await this.redis.client.set(this.redis.key("captcha-answer", id), answer, "PX", ttlMs);
  }

  async recall(id: string): Promise<string | undefined> {
    return (await this.redis.client.get(this.redis.key("captcha-answer", id))) ?? undefined;
  }
}
