import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateCosignerKeys, parseCosignerSignerKey, type CosignerKey } from "./cosignature.js";

/**
 * The witness's Ed25519 cosigner key: given as text (WITNESS_SIGNER_KEY, a secret store puts it
 * there) or kept in `<dir>/keys/witness.signer`, created on first start readable by the owner only.
 * Only the verifier key is ever shown; the signer key stays out of logs and databases.
 */
export function loadWitnessKey(options: { signerKey?: string; dataDir: string; name: string }): CosignerKey {
  if (options.signerKey) return parseOrExplain(options.signerKey, "WITNESS_SIGNER_KEY");
  const file = path.join(options.dataDir, "keys", "witness.signer");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    fs.writeFileSync(temp, `${generateCosignerKeys(options.name).signerKey}\n`, { mode: 0o600, flag: "wx" });
    // A link cannot replace an existing file: if another process created the key first, that one counts.
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  return parseOrExplain(fs.readFileSync(file, "utf8"), file);
}

function parseOrExplain(text: string, source: string): CosignerKey {
  try {
    return parseCosignerSignerKey(text);
  } catch (error) {
    throw new Error(`见证者签名私钥（${source}）无法解析：${(error as Error).message}`);
  }
}
