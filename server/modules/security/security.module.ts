import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import { publish, type ModuleContext } from "../module.js";
import { CaptchaService } from "./captcha.service.js";
import { EncryptedFields } from "./encrypted-fields.js";
import { loadOrCreateLoginKey } from "./login-key.js";
import { NonceRepository } from "./nonce.repository.js";
import { createReplayGuard, type ReplayGuard } from "./replay-guard.js";
import { securityRoutes } from "./security.routes.js";

/** What the login forms of every area share: one key for encrypted fields, one captcha, one replay guard. */
export type SecurityServices = { fields: EncryptedFields; captchas: CaptchaService; refuseReplayedRequest: ReplayGuard };

/** The login key, image captchas and used nonces (spec §7 getEncryptPubKey, getCodeV2). */
export async function securityModule(app: FastifyInstance, { config, db, now }: ModuleContext) {
  const nonces = new NonceRepository(db);
  const { fields, captchas } = publish(app, "security", {
    fields: new EncryptedFields(loadOrCreateLoginKey(config.dataDir), nonces, now),
    captchas: new CaptchaService(db, now, config.developmentProviders ? new Map() : null),
    refuseReplayedRequest: createReplayGuard(nonces, now),
  });
  await app.register(securityRoutes, { fields, captchas, developmentProviders: config.developmentProviders });
  keepTidy(app, [
    { name: "captchas", run: () => captchas.deleteExpired() },
    { name: "nonces", run: () => nonces.deleteExpired(now()) },
  ]);
}
