import type { FastifyReply } from "fastify";
import { ResultCode, ResultMessage, type Envelope, type ResultCodeValue, type ValidationErrors } from "../../src/schema/envelope.js";

/** A successful envelope; handlers return this and the route's zod schema serialises it. */
export function ok<T, E = undefined>(datas: T, extraData?: E): Envelope<T, E> {
  return extraData === undefined
    ? { code: ResultCode.success, message: ResultMessage[ResultCode.success], datas }
    : { code: ResultCode.success, message: ResultMessage[ResultCode.success], datas, extraData };
}

/**
 * A business outcome other than success: answered with HTTP 200 (or the given protocol status)
 * and the code in the envelope. Services throw it; the error handler turns it into the envelope.
 */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    /** `extra`: facts the client acts on besides the message (where to resume an upload), in extraData beside any `errors`. */
    readonly options: { httpStatus?: number; errors?: ValidationErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message ?? ResultMessage[code as ResultCodeValue] ?? "操作失败");
    this.name = "BusinessError";
  }
}

export function failure(code: number, message: string, errors?: ValidationErrors, extra?: Record<string, unknown>): Envelope<null> {
  const extraData = { ...extra, ...(errors ? { errors } : {}) };
  return Object.keys(extraData).length > 0 ? { code, message, datas: null, extraData } : { code, message, datas: null };
}

/**
 * Sends an envelope outside a route's success schema (errors, refusals from hooks). The body is
 * serialised here so that the route's response schema, written for its success payload, is not
 * applied to a failure with the same HTTP status.
 */
export function sendEnvelope(reply: FastifyReply, httpStatus: number, envelope: Envelope<unknown>) {
  return reply
    .code(httpStatus)
    .header("content-type", "application/json; charset=utf-8")
    .send(JSON.stringify(envelope));
}

export function sendFailure(reply: FastifyReply, httpStatus: number, code: ResultCodeValue, message?: string) {
  return sendEnvelope(reply, httpStatus, failure(code, message ?? ResultMessage[code]));
}
