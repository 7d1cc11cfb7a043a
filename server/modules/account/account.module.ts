import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import { publish, type ModuleContext } from "../module.js";
import type { Notifier } from "../notifier/notifier.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import { VerificationRepository } from "../verification/verification.repository.js";
import { VerificationService } from "../verification/verification.service.js";
import { AccountRecords } from "./account-records.service.js";
import { accountRoutes } from "./account.routes.js";
import { AccountService } from "./account.service.js";
import { loadKnownDevices } from "./known-device.js";
import type { LoginAttemptCounters } from "./login-attempt-counters.js";
import { RedisLoginAttemptCounters } from "./login-attempt.redis-store.js";
import { LoginAttemptRepository } from "./login-attempt.repository.js";
import { LoginChallengeRepository } from "./login-challenge.repository.js";
import { LoginHistory } from "./login-history.js";
import { LoginHistoryRepository } from "./login-history.repository.js";
import { LoginThrottle, THROTTLE } from "./login-throttle.js";
import { loginRoutes } from "./login.routes.js";
import { LoginService } from "./login.service.js";
import { PasswordHasher } from "./password-hasher.js";
import { SubAccountRepository } from "./sub-account.repository.js";
import { SubAccounts } from "./sub-accounts.service.js";
import { UserRepository } from "./user.repository.js";

export type AccountModuleOptions = ModuleContext & { sessions: SessionService; security: SecurityServices; notifier: Notifier };

/**
 * Failed-login counters: in the database by default, in the shared Redis with REDIS_URL so that
 * failures on every process count toward one lock-out. Redis forgets ended windows by itself.
 */
function loginAttemptCounters({ db, now, redis }: AccountModuleOptions) {
  if (redis) return { counters: new RedisLoginAttemptCounters(redis), tidy: [] };
  const counters = new LoginAttemptRepository(db);
  return { counters, tidy: [{ name: "login failures", run: () => counters.deleteEndedBefore(now() - THROTTLE.windowMs) }] };
}

function createAccountServices({ config, db, now, sessions, security, notifier }: AccountModuleOptions, attemptCounters: LoginAttemptCounters) {
  const users = new UserRepository(db);
  const hasher = new PasswordHasher(config.passwordScryptLogN);
  const codes = new VerificationService(new VerificationRepository(db), notifier, now);
  const throttle = new LoginThrottle(attemptCounters, now);
  const devices = loadKnownDevices(config.dataDir, now);
  const records = new AccountRecords({ users, hasher, now });
  const history = new LoginHistory(new LoginHistoryRepository(db), now);
  const { fields, captchas } = security;
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
    history,
    now,
    storagePrefix: config.storagePrefix,
  });
  const accounts = new AccountService({ users, records, fields, codes, sessions, hasher, login, now, storagePrefix: config.storagePrefix });
  return {
    /** Other modules read and change accounts through these (DESIGN.md §8). */
    records,
    subAccounts: new SubAccounts({ repository: new SubAccountRepository(db), users, hasher, now }),
    accounts,
    login,
    /** Logins of each account, for the console's customer page. */
    history,
    codes,
    hasher,
    throttle,
    devices,
    /** The table's own repository: for this module and for tests arranging rows, never for other modules. */
    users,
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;

/**
 * Accounts (spec §2 login, register, §7 account calls): the users table and everything that
 * decides on it. The modules built on accounts (scan login, personal centre, child accounts,
 * notary, billing, evidence) take what they need from the published services.
 */
export async function accountModule(app: FastifyInstance, options: AccountModuleOptions) {
  const { config, security } = options;
  const attempts = loginAttemptCounters(options);
  const { login, devices, accounts, history } = publish(app, "accounts", createAccountServices(options, attempts.counters));
  const { refuseReplayedRequest } = security;
  await app.register(loginRoutes, { login, devices, refuseReplayedRequest, perMinute: config.loginRateLimitPerMinute });
  await app.register(accountRoutes, { accounts, refuseReplayedRequest });
  keepTidy(app, [...attempts.tidy, { name: "login history", run: () => history.purgeExpired() }]);
}
