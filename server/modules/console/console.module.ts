import type { FastifyInstance } from "fastify";
import { seedDemoOperator } from "../../db/seed/seed-demo-operator.js";
import type { AccountServices } from "../account/account.module.js";
import { publish, type AppServices, type ModuleContext } from "../module.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import type { OperatorGate } from "./operators/acting-operator.js";
import { appraisalConsoleModule } from "./appraisal/appraisal-console.module.js";
import { auditModule } from "./audit/audit.module.js";
import { customersModule } from "./customers/customers.module.js";
import { financeModule } from "./finance/finance.module.js";
import { identityReviewModule } from "./identity-review/identity-review.module.js";
import { invoicesConsoleModule } from "./invoices/invoices-console.module.js";
import { contentConsoleModule } from "./content/content-console.module.js";
import type { AuditTrail } from "./audit/audit-trail.js";
import { createOperatorServices, operatorsModule, type OperatorServices } from "./operators/operators.module.js";
import { paymentsConsoleModule } from "./payments/payments-console.module.js";
import { platformHealthModule } from "./platform/platform-health.module.js";

export type ConsoleModuleOptions = ModuleContext & {
  sessions: SessionService;
  security: SecurityServices;
  accounts: AccountServices;
  /** Opened before the modules that read it (audit.module.ts openAuditTrail); the console writes it. */
  audit: AuditTrail;
};

/**
 * What every concern module of the console is registered with: the context, the audit trail every
 * change goes through, and the services of the modules registered before the console (its ports:
 * take what the concern needs, e.g. `services.personal`).
 */
export type ConsoleConcernOptions = ModuleContext & { audit: AuditTrail; services: AppServices };

export type ConsoleServices = { audit: AuditTrail; operators: OperatorServices; gate: OperatorGate };

/**
 * The operator console's server side (issue 13, DESIGN.md §5): one plugin per concern, each with
 * its routes → service → repository. Routes with session "operator" are checked in one place
 * (plugins/session.ts with the gate published here) against the permission they declare. The
 * console registers after the modules it acts on (app.ts).
 */
export async function consoleModule(app: FastifyInstance, options: ConsoleModuleOptions) {
  const { config, db, now, jobs, role, redis, sessions, security, accounts, audit } = options;
  const context: ModuleContext = { config, db, now, jobs, role, redis };
  const operators = createOperatorServices({ ...context, sessions, security, accounts });
  publish(app, "console", { audit, operators, gate: operators.gate });
  // The demo operator's password is public: development installations only.
  if (config.seedDemo && config.developmentProviders) await seedDemoOperator(db, operators.accounts, now());
  const concern: ConsoleConcernOptions = { ...context, audit, services: app.services };

  await app.register(operatorsModule, { ...concern, operators, sessions, security, devices: accounts.devices });
  await app.register(auditModule, concern);
  await app.register(customersModule, concern);
  await app.register(paymentsConsoleModule, concern);
  await app.register(identityReviewModule, concern);
  await app.register(invoicesConsoleModule, concern);
  await app.register(contentConsoleModule, concern);
  await app.register(financeModule, concern);
  await app.register(platformHealthModule, concern);
  await app.register(appraisalConsoleModule, concern);
}
