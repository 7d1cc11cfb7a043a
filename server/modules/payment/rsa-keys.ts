import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/**
 * Reads an RSA key as the providers hand them out: PEM, or (Alipay's key tool, its open platform
 * console) the bare base64 body without PEM lines — PKCS#8 or PKCS#1 for a private key, SPKI for a
 * public key. A malformed key throws here, at start, rather than at the first payment.
 */
export function readPrivateKey(text: string): KeyObject {
  if (text.includes("-----BEGIN")) return createPrivateKey(text);
  const der = Buffer.from(text.replace(/\s/g, ""), "base64");
  try {
    return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  } catch {
    return createPrivateKey({ key: der, format: "der", type: "pkcs1" });
  }
}

/** A public key from PEM (also an X.509 certificate's) or a bare base64 SPKI body. */
export function readPublicKey(text: string): KeyObject {
  if (text.includes("-----BEGIN")) return createPublicKey(text);
  return createPublicKey({ key: Buffer.from(text.replace(/\s/g, ""), "base64"), format: "der", type: "spki" });
}
