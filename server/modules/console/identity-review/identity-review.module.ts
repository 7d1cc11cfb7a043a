import type { FastifyInstance } from "fastify";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { Notifier } from "../../notifier/notifier.js";
import type { IdentityService } from "../../personal/identity.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import { identityReviewRoutes } from "./identity-review.routes.js";
import { IdentityReviewService } from "./identity-review.service.js";

export type IdentityReviewModuleOptions = {
  identity: IdentityService;
  accounts: AccountRecords;
  notifier: Notifier;
  audit: AuditTrail;
};

/** Operators review real-name and enterprise applications (issue 13): the one way applications are decided. */
export async function identityReviewModule(app: FastifyInstance, { identity, accounts, notifier, audit }: IdentityReviewModuleOptions) {
  const review = new IdentityReviewService({ identity, accounts, notifier, audit, log: app.log });
  await app.register(identityReviewRoutes, { review });
}
