import type { TextCheck } from "./text-check";

/**
 * Certificate numbers (issue 5): "HZ" and 22 characters of Crockford base32, i.e. 110 random bits.
 * The number is printed on certificates and is the public key to look one up, so it must say
 * nothing by itself (no holder, no date, no sequence) and must not be guessable: at 2^110 numbers
 * even a billion certificates leave a random guess at odds below 10^-24.
 */
export const CERTIFICATE_NO_PREFIX = "HZ";
const RANDOM_CHARS = 22;
/** Crockford's alphabet: no I, L, O, U, so a number read aloud or retyped is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const CERTIFICATE_NO_PATTERN = certificateNoPattern(CERTIFICATE_NO_PREFIX);

/** The numbers of one kind of certificate: its prefix and 22 characters of the alphabet (a notarial certificate's is GZ). */
export function certificateNoPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}[${ALPHABET}]{${RANDOM_CHARS}}$`);
}

/**
 * A new number from a cryptographic source (WebCrypto in the browser and in Node 20), under
 * `prefix` (the evidence certificates' HZ unless another kind of certificate names its own).
 */
export function generateCertificateNo(randomBytes: (length: number) => Uint8Array = (length) => crypto.getRandomValues(new Uint8Array(length)), prefix: string = CERTIFICATE_NO_PREFIX): string {
  // 22 characters × 5 bits = 110 bits, drawn from 14 bytes (112 bits).
  const bytes = randomBytes(14);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = "";
  for (let i = 0; i < RANDOM_CHARS; i++) {
    out += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return prefix + out;
}

/**
 * A number as somebody typed it: case, spaces and hyphens ignored, and the letters Crockford maps
 * (I, L → 1, O → 0) read as digits. Anything else stays as typed and fails the pattern.
 */
export function normaliseCertificateNo(input: string, prefix: string = CERTIFICATE_NO_PREFIX): string {
  const compact = input.replace(/[\s-]/g, "").toUpperCase();
  if (!compact.startsWith(prefix)) return compact;
  return prefix + compact.slice(prefix.length).replace(/[IL]/g, "1").replace(/O/g, "0");
}

export const CERTIFICATE_NO_MESSAGES = { required: "请输入证书编号", invalid: "证书编号格式不正确" } as const;

/** A number as somebody typed it, checked without zod (the verification page, issue 20): normalised, or the one message for it. */
export function checkCertificateNo(input: string): TextCheck {
  const value = normaliseCertificateNo(input);
  if (value.length === 0) return { ok: false, message: CERTIFICATE_NO_MESSAGES.required };
  return CERTIFICATE_NO_PATTERN.test(value) ? { ok: true, value } : { ok: false, message: CERTIFICATE_NO_MESSAGES.invalid };
}
