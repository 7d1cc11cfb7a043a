import type { FastifyInstance } from "fastify";
import type { AccountServices } from "../../account/account.module.js";
import type { ModuleContext } from "../../module.js";
import type { SecurityServices } from "../../security/security.module.js";
import type { SessionService } from "../../session/session.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import { loadConsoleSecretKey } from "./console-secret-key.js";
import { operatorAuthRoutes } from "./operator-auth.routes.js";
import { OperatorAccounts } from "./operator-accounts.service.js";
import { OperatorPermissionGate } from "./operator-gate.js";
import { OperatorLoginService } from "./operator-login.service.js";
import { OperatorManagement } from "./operator-management.service.js";
import { operatorsRoutes } from "./operators.routes.js";
import { OperatorRepository } from "./operator.repository.js";
import { SecondFactorService } from "./second-factor.service.js";

export type OperatorServicesOptions = ModuleContext & {
  sessions: SessionService;
  security: SecurityServices;
  /** One password hasher, login throttle and known-device key with the customers' and notaries' logins. */
  accounts: Pick<AccountServices, "hasher" | "throttle" | "devices">;
};

/** Operator accounts, their sign-in and the permission gate, built once for the console and the tests. */
export function createOperatorServices({ config, db, now, sessions, security, accounts }: OperatorServicesOptions) {
  const operators = new OperatorRepository(db);
  const allowDemoAccounts = config.developmentProviders;
  const { hasher, throttle, devices } = accounts;
  return {
    repository: operators,
    accounts: new OperatorAccounts({ operators, hasher, now }),
    login: new OperatorLoginService({ operators, fields: security.fields, captchas: security.captchas, throttle, devices, hasher, sessions, allowDemoAccounts }),
    secondFactor: new SecondFactorService({
      db,
      operators,
      secrets: loadConsoleSecretKey({ secretKey: config.consoleSecretKey, dataDir: config.dataDir }),
      sessions,
      throttle,
      devices,
      now,
      allowDemoAccounts,
    }),
    gate: new OperatorPermissionGate({ operators, sessions, allowDemoAccounts }),
  };
}

export type OperatorServices = ReturnType<typeof createOperatorServices>;

/** The console's operators: the sign-in, and the operators page where administrators manage them. */
export async function operatorsModule(
  app: FastifyInstance,
  options: ModuleContext & { operators: OperatorServices; sessions: SessionService; security: SecurityServices; devices: AccountServices["devices"]; audit: AuditTrail },
) {
  const { operators, config, sessions, security, audit, now } = options;
  await app.register(operatorAuthRoutes, {
    login: operators.login,
    secondFactor: operators.secondFactor,
    sessions: options.sessions,
    devices: options.devices,
    refuseReplayedRequest: options.security.refuseReplayedRequest,
    perMinute: config.loginRateLimitPerMinute,
  });
  const management = new OperatorManagement({ operators: operators.repository, accounts: operators.accounts, audit, sessions, fields: security.fields, now });
  await app.register(operatorsRoutes, { management, refuseReplayedRequest: security.refuseReplayedRequest });
}

