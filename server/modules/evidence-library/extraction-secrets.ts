import { createHash, randomBytes, randomInt } from "node:crypto";
import { EXTRACT_CODE_LENGTH, EXTRACT_NO_ALPHABET, EXTRACT_NO_LENGTH } from "../../../src/schema/evidence-library.js";

/**
 * The secrets of an extraction. The number names the grant (≈ 40 bits, so numbers cannot be walked);
 * the 6-digit code is what proves the right to see it, and only its scrypt hash is stored. A wrong
 * code is counted against the number and the number locks after a few, so a million codes cannot
 * be tried. The session value is 256 random bits; the database keeps only its SHA-256.
 */
export function generateExtractNo(): string {
  let out = "";
  for (let i = 0; i < EXTRACT_NO_LENGTH; i++) out += EXTRACT_NO_ALPHABET[randomInt(EXTRACT_NO_ALPHABET.length)];
  return out;
}

export function generateExtractCode(): string {
  return String(randomInt(10 ** EXTRACT_CODE_LENGTH)).padStart(EXTRACT_CODE_LENGTH, "0");
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
