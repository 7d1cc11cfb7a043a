import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM sealing of a secret at rest under a server key (the console's TOTP secrets, the
 * organisations' seal signing keys). A fresh IV per value; `context` (the owner's id) is bound as
 * associated data, so a sealed value moved to another row does not open.
 */
export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Sealed values start with their format, so a later key rotation can tell old from new. */
const SEALED_PREFIX = "v1.";

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`sealing key must be ${SECRET_KEY_BYTES} bytes`);
  }

  seal(plaintext: string | Buffer, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The plaintext bytes, or null when the value was sealed under another key or context, or altered. */
  open(sealed: string, context: string): Buffer | null {
    if (!sealed.startsWith(SEALED_PREFIX)) return null;
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url");
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      return null;
    }
  }
}

/** 32 bytes given as 64 hex digits or base64 text; null when the text is neither (the caller names the variable, never the value). */
export function parseSecretKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  const decoded = /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  return decoded.length === SECRET_KEY_BYTES ? decoded : null;
}
