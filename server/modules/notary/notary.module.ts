import type { FastifyInstance } from "fastify";
import { seedDemoNotary } from "../../db/seed/seed-demo-notary.js";
import type { AccountServices } from "../account/account.module.js";
import { publish, type ModuleContext } from "../module.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import { NotaryOfficeRepository } from "./notary-office.repository.js";
import { NotaryUserRepository } from "./notary-user.repository.js";
import { notaryRoutes } from "./notary.routes.js";
import { NotaryStaffService } from "./notary-staff.service.js";
import { NotaryService } from "./notary.service.js";

export type NotaryModuleOptions = ModuleContext & {
  sessions: SessionService;
  security: SecurityServices;
  /** One password hasher, login throttle and known-device key with the accounts area. */
  accounts: Pick<AccountServices, "hasher" | "throttle" | "devices">;
};

/**
 * The notary offices and their staff's accounts and login (spec §6): offices and their first
 * accounts made by an operator, no self-registration; an office's administrator adds its staff.
 */
export async function notaryModule(app: FastifyInstance, options: NotaryModuleOptions) {
  const { config, db, now, sessions, security, accounts } = options;
  const users = new NotaryUserRepository(db);
  const offices = new NotaryOfficeRepository(db);
  const notary = new NotaryService({
    users,
    fields: security.fields,
    captchas: security.captchas,
    throttle: accounts.throttle,
    devices: accounts.devices,
    hasher: accounts.hasher,
    sessions,
    now,
    allowDemoAccounts: config.developmentProviders,
  });
  const { staff } = publish(app, "notary", { users, offices, notary, staff: new NotaryStaffService({ db, users, offices, hasher: accounts.hasher, sessions, now }) });
  // The demo notary account's password is public: development installations only.
  if (config.seedDemo && config.developmentProviders) await seedDemoNotary(db, staff, now());
  await app.register(notaryRoutes, {
    notary,
    devices: accounts.devices,
    refuseReplayedRequest: security.refuseReplayedRequest,
    perMinute: config.loginRateLimitPerMinute,
  });
}

export type NotaryServices = { users: NotaryUserRepository; offices: NotaryOfficeRepository; notary: NotaryService; staff: NotaryStaffService };
