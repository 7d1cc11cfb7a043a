import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT } from "../../../../src/schema/console/operator-auth.js";

/**
 * TOTP as every authenticator app reads it (RFC 6238 with the defaults Google Authenticator,
 * Microsoft Authenticator and 1Password all accept): SHA-1, 6 digits, 30 seconds. A code is
 * accepted one step either side of the server's clock, for phones whose clocks drift a little.
 */
export const TOTP_SETTINGS = { issuer: "衡证运营后台", algorithm: "SHA1", digits: 6, period: 30 } as const;
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  // 160 bits, RFC 4226's recommended length for HMAC-SHA1.
  return new Secret({ size: 20 }).base32;
}

export function totpOf(account: string, secretBase32: string): TOTP {
  return new TOTP({ ...TOTP_SETTINGS, label: account, secret: Secret.fromBase32(secretBase32) });
}

/** The time step `code` belongs to within the window around `now`, or null when it matches none. */
export function stepOfCode(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The otpauth:// URI and its QR code as a PNG data: URL, for the enrolment page. */
export async function enrolmentOf(account: string, secretBase32: string) {
  const otpauthUri = totpOf(account, secretBase32).toString();
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secret: secretBase32, otpauthUri, qrCode };
}

// Letters and digits that cannot be mistaken for each other when copied from paper (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh one-time codes, xxxx-xxxx (about 40 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** A recovery code as typed (any case, hyphen or not) in its one stored spelling. */
export function normaliseRecoveryCode(typed: string): string {
  const compact = typed.toLowerCase().replace(/-/g, "");
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
