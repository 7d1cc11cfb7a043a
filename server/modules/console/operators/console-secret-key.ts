import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { readOrCreateKeyFile } from "../../security/key-file.js";
import { parseSecretKey, SecretBox, SECRET_KEY_BYTES as KEY_BYTES } from "../../security/secret-box.js";

/**
 * The console's server key: operators' TOTP secrets are sealed with it (AES-256-GCM) and their
 * recovery codes are kept as HMAC-SHA256 under it, so a copy of the database alone opens no
 * operator's second factor. It comes from CONSOLE_SECRET_KEY (a secret store puts it there: 32
 * bytes in hex or base64) or else from DATA_DIR/keys/console-secret.key, created on first start
 * readable by the owner only. Losing it means every operator enrols their authenticator again
 * (README: recovering a lost second factor); it never goes to the database or a log.
 */
export const CONSOLE_KEY_FILE = path.join("keys", "console-secret.key");


export class ConsoleKeyError extends Error {
  override name = "ConsoleKeyError";
}

export class ConsoleSecretKey {
  readonly #box: SecretBox;
  readonly #macKey: Buffer;

  constructor(master: Buffer) {
    if (master.length !== KEY_BYTES) throw new ConsoleKeyError(`运营后台密钥必须是 ${KEY_BYTES} 字节`);
    // One key per use, derived from the master, so a sealed secret and a code digest never share a key.
    this.#box = new SecretBox(Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "hengzheng console totp-secret", KEY_BYTES)));
    this.#macKey = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "hengzheng console recovery-code", KEY_BYTES));
  }

  /** AES-256-GCM under a fresh IV; `context` (e.g. the operator's id) is bound as associated data. */
  seal(plaintext: string, context: string): string {
    return this.#box.seal(plaintext, context);
  }

  /** The plaintext, or null when the value was sealed under another key or context, or altered. */
  open(sealed: string, context: string): string | null {
    return this.#box.open(sealed, context)?.toString("utf8") ?? null;
  }

  /** Lowercase hex HMAC-SHA256: what is stored of a recovery code. */
  digest(text: string): string {
    return createHmac("sha256", this.#macKey).update(text, "utf8").digest("hex");
  }
}

/** The key from the environment (hex or base64 of 32 bytes), else the key file, created when absent. */
export function loadConsoleSecretKey(options: { secretKey: string | undefined; dataDir: string }): ConsoleSecretKey {
  if (options.secretKey) return new ConsoleSecretKey(parseKey(options.secretKey.trim()));
  return new ConsoleSecretKey(readOrCreateKeyFile(options.dataDir, CONSOLE_KEY_FILE, () => randomBytes(KEY_BYTES)));
}

function parseKey(text: string): Buffer {
  const key = parseSecretKey(text);
  // The message names the rule, never the value.
  if (!key) throw new ConsoleKeyError("环境变量 CONSOLE_SECRET_KEY 必须是 32 字节密钥的 64 位十六进制或 base64 文本（可用 openssl rand -hex 32 生成）");
  return key;
}
