import path from "node:path";
import { startRecovery } from "../../jobs/recovery-pass.js";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { SignatureTimestamper } from "../../seal/cades-signer.js";
import { SEAL_CA_FILE, SealCa } from "../../seal/seal-ca.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { CertificateService } from "../certificate/certificate.service.js";
import { TsaClient } from "../chain/tsa/tsa-client.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import { publish, type ModuleContext } from "../module.js";
import { readOrCreateKeyFile } from "../security/key-file.js";
import { parseSecretKey, SecretBox, SECRET_KEY_BYTES } from "../security/secret-box.js";
import { SealRepository } from "./seal.repository.js";
import { sealRoutes } from "./seal.routes.js";
import { SealService, type SealDevicePort } from "./seal.service.js";

export const SEAL_SECRET_KEY_FILE = path.join("keys", "seal-secret.key");

export type SealModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  evidence: EvidenceService;
  certificates: CertificateService;
  blobs: BlobStore;
  devices: SealDevicePort | null;
};

/**
 * The electronic seal (issue 16): the platform seal CA (SEAL_CA_FILE, else DATA_DIR/keys/seal-ca.pem,
 * made on first start), organisations' signing keys sealed under SEAL_SECRET_KEY (else
 * DATA_DIR/keys/seal-secret.key), and the sealing calls. With TSA_URL every seal is PAdES B-T.
 */
export async function sealModule(app: FastifyInstance, { db, now, redis, config, accounts, evidence, certificates, blobs, devices }: SealModuleOptions) {
  const ca = await SealCa.load(config.sealCaFile ?? path.join(config.dataDir, SEAL_CA_FILE), now);
  const tsa = config.tsa ? new TsaClient({ url: config.tsa.url, caFile: config.tsa.caFile }) : null;
  const secrets = new SecretBox(loadSealSecretKey(config.sealSecretKey, config.dataDir));
  const timestamper: SignatureTimestamper | null = tsa ? async (digest) => (await tsa.timestamp(digest)).token : null;
  const seals = new SealService({
    db,
    repository: new SealRepository(db),
    ca,
    secrets,
    blobs,
    accounts,
    evidence,
    certificates,
    devices,
    timestamper,
    now,
    log: app.log,
  });
  await startRecovery(app, { redis, now }, { name: "sealings", recover: (leftBefore) => seals.recover(leftBefore) });
  // The CA, the secret box and the time-stamps also serve the notary offices' seals (issue 17).
  publish(app, "seal", { seals, ca, secrets, timestamper });
  await app.register(sealRoutes, { seals });
}

export type SealServices = { seals: SealService; ca: SealCa; secrets: SecretBox; timestamper: SignatureTimestamper | null };

function loadSealSecretKey(text: string | undefined, dataDir: string): Buffer {
  if (!text) return readOrCreateKeyFile(dataDir, SEAL_SECRET_KEY_FILE, () => randomBytes(SECRET_KEY_BYTES));
  const key = parseSecretKey(text.trim());
  // The message names the rule, never the value.
  if (!key) throw new Error("环境变量 SEAL_SECRET_KEY 必须是 32 字节密钥的 64 位十六进制或 base64 文本（可用 openssl rand -hex 32 生成）");
  return key;
}
