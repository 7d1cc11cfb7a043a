import type { FastifyRequest } from "fastify";
import { ResultCode } from "../../../src/schema/envelope.js";
import { UID_MISMATCH_MESSAGE } from "../../../src/schema/personal.js";
import { BusinessError } from "../../http/envelope.js";

/** The id of the signed-in user of a route with `session: "user"`. */
export function sessionUserId(request: FastifyRequest): number {
  return Number(request.session!.subjectId);
}

/** A uid (spec §7) naming somebody else is refused: nobody acts on another account through these calls. */
export function requireOwnUid(request: FastifyRequest, uid: number): number {
  const userId = sessionUserId(request);
  if (uid !== userId) throw new BusinessError(ResultCode.validationFailed, UID_MISMATCH_MESSAGE, { errors: { uid: UID_MISMATCH_MESSAGE } });
  return userId;
}
