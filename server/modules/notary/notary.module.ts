import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import type { AccountServices } from "../account/account.module.js";
import type { SessionService } from "../session/session.service.js";
import { NotaryUserRepository } from "./notary-user.repository.js";
import { NotaryStaffService } from "./notary-staff.service.js";
import { NotaryService } from "./notary.service.js";

/** The notary area reuses the accounts area's security pieces: one captcha, one key, one throttle. */
export function createNotaryServices(config: AppConfig, db: Kysely<Database>, accounts: AccountServices, sessions: SessionService, now: () => number) {
  const users = new NotaryUserRepository(db);
  const notary = new NotaryService({
    users,
    fields: accounts.fields,
    captchas: accounts.captchas,
    throttle: accounts.throttle,
    devices: accounts.devices,
    hasher: accounts.hasher,
    sessions,
    now,
    allowDemoAccounts: config.developmentProviders,
  });
  return { users, notary, staff: new NotaryStaffService(users, accounts.hasher, now) };
}

export type NotaryServices = ReturnType<typeof createNotaryServices>;
