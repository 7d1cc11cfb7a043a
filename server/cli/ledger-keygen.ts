import { parseArgs } from "node:util";
import { isValidKeyName } from "../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys } from "../ledger/signer-keys.js";

/**
 * Prints a new Ed25519 key pair for the ledger's checkpoints in Go note form:
 *
 *   npx tsx server/cli/ledger-keygen.ts [--origin hengzheng.example/evidence-log]
 *
 * The key name is the log origin (LEDGER_ORIGIN, default hengzheng.local/evidence-log). The signer
 * key is a secret: put it into LEDGER_SIGNER_KEY through the deployment's secret store. The
 * verifier key is public: it is served at /ledger/vkey and belongs in the README and certificates.
 * A log's key cannot be swapped later: the server refuses checkpoints it cannot verify.
 */
const USAGE = "用法：npx tsx server/cli/ledger-keygen.ts [--origin <日志名称>]";

function main(): number {
  let origin: string;
  try {
    const { values } = parseArgs({ options: { origin: { type: "string" } }, strict: true });
    origin = values.origin ?? process.env.LEDGER_ORIGIN ?? "hengzheng.local/evidence-log";
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  if (!isValidKeyName(origin)) {
    console.error(`日志名称 ${JSON.stringify(origin)} 不可用：不能为空，不能含空白或加号\n${USAGE}`);
    return 64;
  }
  const { signerKey, verifierKey } = generateNoteKeys(origin);
  console.log(`# 签名私钥（保密，配置为环境变量）\nLEDGER_SIGNER_KEY=${signerKey}\n# 验证公钥（公开，服务器在 /ledger/vkey 提供）\n${verifierKey}`);
  return 0;
}

process.exitCode = main();
