import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import { createNotifier } from "../notifier/create-notifier.js";
import type { Notifier } from "../notifier/notifier.js";
import { OutboxRepository } from "../notifier/outbox.repository.js";
import { CaptchaService } from "../security/captcha.service.js";
import { EncryptedFields } from "../security/encrypted-fields.js";
import { loadOrCreateLoginKey } from "../security/login-key.js";
import { NonceRepository } from "../security/nonce.repository.js";
import { createReplayGuard } from "../security/replay-guard.js";
import type { SessionService } from "../session/session.service.js";
import { VerificationRepository } from "../verification/verification.repository.js";
import { VerificationService } from "../verification/verification.service.js";
import { AccountService } from "./account.service.js";
import { LoginChallengeRepository } from "./login-challenge.repository.js";
import { loadKnownDevices } from "./known-device.js";
import { LoginAttemptRepository } from "./login-attempt.repository.js";
import { LoginThrottle } from "./login-throttle.js";
import { LoginService } from "./login.service.js";
import { PasswordHasher } from "./password-hasher.js";
import { UserRepository } from "./user.repository.js";

/**
 * Builds the accounts area's services once; the modules that build on accounts (scan login,
 * personal centre, notary) take what they need from here rather than building their own.
 */
export function createAccountServices(config: AppConfig, db: Kysely<Database>, sessions: SessionService, now: () => number) {
  const nonces = new NonceRepository(db);
  const outbox = new OutboxRepository(db);
  const notifier: Notifier = createNotifier(config, db, now);
  const users = new UserRepository(db);
  const fields = new EncryptedFields(loadOrCreateLoginKey(config.dataDir), nonces, now);
  const captchas = new CaptchaService(db, now, config.developmentProviders ? new Map() : null);
  const codes = new VerificationService(new VerificationRepository(db), notifier, now);
  const hasher = new PasswordHasher(config.passwordScryptLogN);
  const throttle = new LoginThrottle(new LoginAttemptRepository(db), now);
  const devices = loadKnownDevices(config.dataDir, now);
  const login = new LoginService({
    users,
    fields,
    captchas,
    codes,
    sessions,
    throttle,
    devices,
    challenges: new LoginChallengeRepository(db, now),
    hasher,
    now,
    storagePrefix: config.storagePrefix,
  });
  const accounts = new AccountService({ users, fields, codes, sessions, hasher, login, now, storagePrefix: config.storagePrefix });
  return {
    users,
    fields,
    captchas,
    codes,
    hasher,
    throttle,
    devices,
    login,
    accounts,
    notifier,
    outbox,
    nonces,
    refuseReplayedRequest: createReplayGuard(nonces, now),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
