import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ResultCode, ResultMessage, type ValidationErrors } from "../../src/schema/envelope.js";
import { BusinessError, failure, sendEnvelope, sendFailure } from "../http/envelope.js";

/**
 * Every failure leaves as the envelope (DESIGN.md §4): business outcomes with HTTP 200 and their
 * code; protocol failures with the matching HTTP status. Validation problems carry
 * `extraData.errors` keyed by field so forms can show them beside the right input.
 */
export const errorsPlugin = fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendEnvelope(reply, error.options.httpStatus ?? 200, failure(error.code, error.message, error.options.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0];
      return sendEnvelope(reply, 200, failure(ResultCode.validationFailed, first ?? ResultMessage[1001], errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendFailure(reply, 413, ResultCode.payloadTooLarge);
    if (status === 429) return sendFailure(reply, 429, ResultCode.rateLimited);
    if (status >= 400 && status < 500) {
      return sendFailure(reply, status, ResultCode.badRequest);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendFailure(reply, 500, ResultCode.serverError, "服务器内部错误，请稍后重试");
  });
});

function fieldErrors(validation: { instancePath?: string; params?: unknown; message?: string }[]): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
    const path = params?.issue?.path?.map(String).join(".") || issue.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "_";
    errors[path] ??= params?.issue?.message ?? issue.message ?? ResultMessage[1001];
  }
  return errors;
}
