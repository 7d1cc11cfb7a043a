import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type NoteSigner } from "../../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys, parseSignerKey } from "../../ledger/signer-keys.js";

/**
 * Where the ledger's Ed25519 signer key comes from: LEDGER_SIGNER_KEY when set (a secret store or
 * KMS puts it there), otherwise DATA_DIR/keys/ledger.signer, created on first start readable by the
 * owner only. The key never goes to the database or a log; only its verifier key is published.
 */
export const SIGNER_KEY_FILE = path.join("keys", "ledger.signer");

export interface LedgerKey {
  readonly signer: NoteSigner;
  readonly verifierKey: string;
  /** Where the key came from, for the start-up line (never the key). */
  readonly source: string;
}

export class LedgerKeyError extends Error {
  override name = "LedgerKeyError";
}

function parse(text: string, source: string): LedgerKey {
  try {
    return { ...parseSignerKey(text.trim()), source };
  } catch (error) {
    // The parser's message names the format problem; the key itself is not repeated.
    throw new LedgerKeyError(`账本签名私钥（${source}）无法解析：${(error as Error).message}。可用 npx tsx server/cli/ledger-keygen.ts 生成新的密钥对`);
  }
}

/** Writes the new key beside its final name and links it into place, so no reader sees half a key. */
function createKeyFile(file: string, origin: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  const descriptor = fs.openSync(temp, "wx", 0o600);
  try {
    fs.writeSync(descriptor, `${generateNoteKeys(origin).signerKey}\n`);
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
  try {
    fs.linkSync(temp, file); // fails if another process created the key first; then that one counts
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  const directory = fs.openSync(path.dirname(file), "r");
  try {
    fs.fsyncSync(directory);
  } finally {
    fs.closeSync(directory);
  }
}

export function loadLedgerKey(options: { signerKey: string | undefined; dataDir: string; origin: string }): LedgerKey {
  if (options.signerKey) return parse(options.signerKey, "环境变量 LEDGER_SIGNER_KEY");
  const file = path.join(options.dataDir, SIGNER_KEY_FILE);
  if (!fs.existsSync(file)) createKeyFile(file, options.origin);
  return parse(fs.readFileSync(file, "utf8"), file);
}
