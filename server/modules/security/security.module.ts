import type { FastifyInstance } from "fastify";
import { keepTidy, type HousekeepingTask } from "../../jobs/housekeeping.js";
import { publish, type ModuleContext } from "../module.js";
import { RecentCaptchaAnswers } from "./captcha-store.js";
import { RedisCaptchaAnswers, RedisCaptchaStore } from "./captcha.redis-store.js";
import { CaptchaRepository } from "./captcha.repository.js";
import { CaptchaService } from "./captcha.service.js";
import { EncryptedFields } from "./encrypted-fields.js";
import { loadOrCreateLoginKey } from "./login-key.js";
import { RedisNonceStore } from "./nonce.redis-store.js";
import { NonceRepository } from "./nonce.repository.js";
import { createReplayGuard, type ReplayGuard } from "./replay-guard.js";
import { securityRoutes } from "./security.routes.js";

/** What the login forms of every area share: one key for encrypted fields, one captcha, one replay guard. */
export type SecurityServices = { fields: EncryptedFields; captchas: CaptchaService; refuseReplayedRequest: ReplayGuard };

/**
 * Where captchas and used nonces live: the database by default; with REDIS_URL the shared Redis,
 * so that any process can answer a captcha another drew and refuse a request another has seen.
 * Redis forgets expired keys by itself; the tables need deleting now and then.
 */
function securityStores({ config, db, now, redis }: ModuleContext) {
  if (redis) {
    return {
      captchas: new RedisCaptchaStore(redis, now),
      nonces: new RedisNonceStore(redis, now),
      answers: config.developmentProviders ? new RedisCaptchaAnswers(redis) : null,
      tidy: [] as HousekeepingTask[],
    };
  }
  const captchas = new CaptchaRepository(db);
  const nonces = new NonceRepository(db);
  return {
    captchas,
    nonces,
    answers: config.developmentProviders ? new RecentCaptchaAnswers() : null,
    tidy: [
      { name: "captchas", run: () => captchas.deleteExpired(now()) },
      { name: "nonces", run: () => nonces.deleteExpired(now()) },
    ],
  };
}

/** The login key, image captchas and used nonces (spec §7 getEncryptPubKey, getCodeV2). */
export async function securityModule(app: FastifyInstance, context: ModuleContext) {
  const { config, now } = context;
  const stores = securityStores(context);
  const { fields, captchas } = publish(app, "security", {
    fields: new EncryptedFields(loadOrCreateLoginKey(config.dataDir), stores.nonces, now),
    captchas: new CaptchaService(stores.captchas, now, stores.answers),
    refuseReplayedRequest: createReplayGuard(stores.nonces, now),
  });
  await app.register(securityRoutes, { fields, captchas, developmentProviders: config.developmentProviders });
  keepTidy(app, stores.tidy);
}
