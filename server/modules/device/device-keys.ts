import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";

/**
 * Ed25519 checks with node:crypto for the device calls (src/schema/device.ts DEVICE_SIGNING).
 * Keys arrive as the raw 32 bytes in base64; node takes them as a JWK.
 */
export function publicKeyOf(rawBase64: string): KeyObject | null {
  const raw = Buffer.from(rawBase64, "base64");
  if (raw.length !== 32) return null;
  try {
    return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
  } catch {
    return null;
  }
}

export function publicKeySha256(rawBase64: string): string {
  return createHash("sha256").update(Buffer.from(rawBase64, "base64")).digest("hex");
}

export function isValidDeviceSignature(key: KeyObject, text: string, signatureBase64: string): boolean {
  const signature = Buffer.from(signatureBase64, "base64");
  if (signature.length !== 64) return false;
  try {
    return verify(null, Buffer.from(text, "utf8"), key, signature);
  } catch {
    return false;
  }
}
