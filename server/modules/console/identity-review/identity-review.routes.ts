import type { FastifyInstance } from "fastify";
import { IDENTITY_REVIEW_ENDPOINTS } from "../../../../src/schema/console/identity-review.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { IdentityReviewService } from "./identity-review.service.js";

/** The review calls; the operator and their permission ("identity.review") are checked before a handler runs. */
export async function identityReviewRoutes(app: FastifyInstance, options: { review: IdentityReviewService }) {
  const { review } = options;

  registerEndpoint(app, IDENTITY_REVIEW_ENDPOINTS.list, async (query) => ok(await review.list(query)));

  registerEndpoint(app, IDENTITY_REVIEW_ENDPOINTS.one, async (ref) => ok(await review.one(ref)));

  registerEndpoint(app, IDENTITY_REVIEW_ENDPOINTS.decide, async (input, request) => ok(await review.decide(request.operator!, input)));
}
