import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { RSA_MODULUS_BITS } from "../../../src/schema/account.js";
import { LOGIN_KEY_FILE } from "../../../server/modules/security/login-key.js";

let pem: string | undefined;

/** One RSA login key per test process: generating a 3072-bit key takes a second or more. */
export function testLoginKeyPem(): string {
  return (pem ??= generateKeyPairSync("rsa", { modulusLength: RSA_MODULUS_BITS }).privateKey.export({ type: "pkcs8", format: "pem" }).toString());
}

/**
 * Puts an RSA login key (by default the process's one) into a test's data folder, where the
 * server would otherwise generate its own on first start.
 */
export function provideTestLoginKey(dataDir: string, key = testLoginKeyPem()): void {
  const file = path.join(dataDir, LOGIN_KEY_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key, { mode: 0o600 });
}
