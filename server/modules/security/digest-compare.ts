import { timingSafeEqual } from "node:crypto";

/**
 * Compares two hex digests in constant time, so the time of a refusal says nothing about how
 * much of a guessed code or captcha was right. Different lengths are simply unequal.
 */
export function digestsEqual(a: string | undefined, b: string): boolean {
  if (a === undefined || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
