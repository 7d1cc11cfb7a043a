import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError } from "../../http/envelope.js";

export const UID_MISMATCH_MESSAGE = "用户信息与当前登录不一致";

/** `uid` of spec §7 calls: the caller's own id. */
export const uidField = z.coerce.number({ error: UID_MISMATCH_MESSAGE }).int(UID_MISMATCH_MESSAGE).positive(UID_MISMATCH_MESSAGE);

/** The id of the signed-in user of a route with `session: "user"`. */
export function sessionUserId(request: FastifyRequest): number {
  return Number(request.session!.subjectId);
}

/** A uid naming somebody else is refused: nobody acts on another account through these calls. */
export function requireOwnUid(request: FastifyRequest, uid: number): number {
  const userId = sessionUserId(request);
  if (uid !== userId) throw new BusinessError(ResultCode.validationFailed, UID_MISMATCH_MESSAGE, { errors: { uid: UID_MISMATCH_MESSAGE } });
  return userId;
}
