/**
 * Runs a C2SP tlog-witness as its own process, e.g. on another machine or for another operator:
 *
 *   WITNESS_NAME=witness.example/w1 WITNESS_LOG_KEYS="<ledger verifier key>" npx tsx server/cli/witness.ts
 *
 * WITNESS_LOG_KEYS   verifier keys of the logs to cosign (the platform's is at /ledger/vkey), comma separated
 * WITNESS_NAME       the witness's key name (default witness.local/w1)
 * WITNESS_DATA_DIR   key file and state (default ./data/witness)
 * WITNESS_SIGNER_KEY the cosigner key instead of DATA_DIR/keys/witness.signer
 * WITNESS_PORT, WITNESS_HOST  where to listen (default 8090 on 127.0.0.1)
 *
 * Its verifier key is printed at start and served at /vkey; give it to the platform in
 * LEDGER_WITNESS_KEYS together with its URL in LEDGER_WITNESS_URLS.
 */
import path from "node:path";
import { buildWitnessServer } from "../witness/witness-server.js";

async function main() {
  const logKeys = (process.env.WITNESS_LOG_KEYS ?? "").split(",").map((key) => key.trim()).filter(Boolean);
  if (logKeys.length === 0) {
    console.error("WITNESS_LOG_KEYS 未配置：请给出要见证的账本验证公钥（平台的公钥见 /ledger/vkey），多个用逗号分隔");
    process.exit(78);
  }
  const port = Number(process.env.WITNESS_PORT ?? 8090);
  const host = process.env.WITNESS_HOST ?? "127.0.0.1";
  const { app, witness } = await buildWitnessServer({
    name: process.env.WITNESS_NAME ?? "witness.local/w1",
    dataDir: path.resolve(process.env.WITNESS_DATA_DIR ?? "./data/witness"),
    signerKey: process.env.WITNESS_SIGNER_KEY || undefined,
    logKeys,
    logLevel: process.env.LOG_LEVEL ?? "info",
  });
  await app.listen({ port, host });
  console.log([`见证者已启动：http://${host}:${port}/add-checkpoint`, `  见证者公钥：${witness.verifierKey}`, `  见证的账本：${witness.origins.join("、")}`].join("\n"));
  const close = () => void app.close().then(() => process.exit(0));
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}

main().catch((error) => {
  console.error("见证者启动失败：", error);
  process.exit(1);
});
