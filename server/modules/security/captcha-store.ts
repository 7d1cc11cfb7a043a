/**
 * Where image captchas wait for their answer: the database (captcha.repository.ts) when one process
 * serves, Redis (captcha.redis-store.ts) when several do, so a captcha drawn by one process can be
 * answered on any other. Only the answer's digest is kept.
 */
export interface CaptchaStore {
  save(id: string, answerHash: string, expiresAt: number): Promise<void>;
  /**
   * Uses the captcha up and answers its digest; undefined when it is unknown, expired or already
   * used. Atomic: of two attempts at once, only one gets the digest.
   */
  consume(id: string, now: number): Promise<string | undefined>;
}

/**
 * The answers of recent captchas in plain text, for the development peek endpoint only (automated
 * end-to-end tests log in with a password as a person would). Never built in production.
 */
export interface CaptchaAnswerPeek {
  remember(id: string, answer: string, ttlMs: number): Promise<void>;
  recall(id: string): Promise<string | undefined>;
}

/** The peek of one process: the newest thousand answers in memory. */
export class RecentCaptchaAnswers implements CaptchaAnswerPeek {
  readonly #answers = new Map<string, string>();

  async remember(id: string, answer: string): Promise<void> {
    this.#answers.set(id, answer);
    if (this.#answers.size > 1000) this.#answers.delete(this.#answers.keys().next().value!);
  }

  async recall(id: string): Promise<string | undefined> {
    return this.#answers.get(id);
  }
}
