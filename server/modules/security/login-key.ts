import { constants, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject, createPrivateKey } from "node:crypto";
import path from "node:path";
import { RSA_MODULUS_BITS } from "../../../src/schema/account.js";
import { readOrCreateKeyFile } from "./key-file.js";

/**
 * The installation's RSA key for encrypted login fields (DESIGN.md §4): generated once, kept in
 * the data folder (owner-only), RSA-OAEP with SHA-256. PKCS#1 v1.5 is never accepted: OWASP ASVS
 * 5.0 11.3.1 forbids it and Node refuses to decrypt it (CVE-2023-46809).
 */
export class LoginKey {
  readonly publicKeyBase64: string;

  constructor(private readonly privateKey: KeyObject) {
    this.publicKeyBase64 = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
  }

  /** The plaintext, or null when the ciphertext was not made with our public key and OAEP/SHA-256. */
  decrypt(ciphertextBase64: string): Buffer | null {
    try {
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(ciphertextBase64, "base64"),
      );
    } catch {
      return null;
    }
  }
}

export const LOGIN_KEY_FILE = path.join("keys", "login-rsa-private.pem");

export function loadOrCreateLoginKey(dataDir: string): LoginKey {
  const pem = readOrCreateKeyFile(dataDir, LOGIN_KEY_FILE, () =>
    generateKeyPairSync("rsa", { modulusLength: RSA_MODULUS_BITS }).privateKey.export({ type: "pkcs8", format: "pem" }),
  );
  return new LoginKey(createPrivateKey(pem));
}
