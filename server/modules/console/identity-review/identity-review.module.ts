import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { identityReviewRoutes } from "./identity-review.routes.js";
import { IdentityReviewService } from "./identity-review.service.js";

/**
 * Operators review real-name and enterprise applications (issue 13): the one way applications are
 * decided. Reads and decides through the personal module's IdentityService, which owns them.
 */
export async function identityReviewModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const review = new IdentityReviewService({ identity: services.personal.identity, accounts: services.accounts.records, notifier: services.notifier, audit, log: app.log });
  await app.register(identityReviewRoutes, { review });
}
