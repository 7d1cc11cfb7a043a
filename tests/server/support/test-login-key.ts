import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { LOGIN_KEY_FILE } from "../../../server/modules/security/login-key.js";

let pem: string | undefined;

/**
 * Puts one RSA key, generated once per test worker, into a test's data folder: generating a
 * 3072-bit key takes a second or more, and every test app would otherwise make its own.
 */
export function provideTestLoginKey(dataDir: string): void {
  pem ??= generateKeyPairSync("rsa", { modulusLength: 3072 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const file = path.join(dataDir, LOGIN_KEY_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, pem, { mode: 0o600 });
}
