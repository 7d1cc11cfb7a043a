import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { ResultCode, ResultMessage, type ResultCodeValue } from "../../src/schema/envelope.js";
import { installChineseIssueMessages } from "../../src/schema/issue-messages.js";
import { BusinessError, failure, sendEnvelope, sendFailure } from "../http/envelope.js";
import { fileStreamRefusal } from "../http/multipart-parts.js";
import { RequestValidationError } from "../http/request-validation.js";

type Refusal = { status: number; code: ResultCodeValue; message: string };
const refusal = (status: number, code: ResultCodeValue, message: string = ResultMessage[code]): Refusal => ({ status, code, message });

/**
 * Fastify's own refusals of a malformed request, by error code, in Chinese. Anything else of
 * status 4xx is answered with the generic "请求格式不正确" (never Fastify's English text).
 */
const FRAMEWORK_REFUSALS: Record<string, Refusal> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: refusal(400, ResultCode.badRequest, "请求体为空，但内容类型声明为 JSON"),
  FST_ERR_CTP_INVALID_JSON_BODY: refusal(400, ResultCode.badRequest, "请求内容不是有效的 JSON"),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusal(415, ResultCode.unsupportedMediaType),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: refusal(400, ResultCode.badRequest, "请求内容的长度与 Content-Length 不符"),
  FST_ERR_CTP_BODY_TOO_LARGE: refusal(413, ResultCode.payloadTooLarge),
  FST_ERR_BAD_URL: refusal(400, ResultCode.badRequest, "请求地址格式不正确"),
  FST_ERR_MAX_PARAM_LENGTH: refusal(414, ResultCode.uriTooLong),
};
const INVALID_JSON = FRAMEWORK_REFUSALS.FST_ERR_CTP_INVALID_JSON_BODY;

/** The refusal for a client error, or null when the error is ours (a 5xx). */
function refusalFor(error: FastifyError): Refusal | null {
  const known = error.code ? FRAMEWORK_REFUSALS[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  // Fastify's JSON parser (secure-json-parse) throws a bare SyntaxError marked 400, also for "__proto__" keys.
  if (status === 400 && error instanceof SyntaxError) return INVALID_JSON;
  if (status === 413) return refusal(413, ResultCode.payloadTooLarge);
  if (status === 415) return refusal(415, ResultCode.unsupportedMediaType);
  if (status === 429) return refusal(429, ResultCode.rateLimited);
  if (status >= 400 && status < 500) return refusal(status, ResultCode.badRequest);
  return null;
}

/**
 * Every failure leaves as the envelope (DESIGN.md §4): business outcomes with HTTP 200 and their
 * code; protocol failures with the matching HTTP status. Validation problems carry
 * `extraData.errors` keyed by field so forms can show them beside the right input.
 */
export const errorsPlugin = fp(async function errorsPlugin(app: FastifyInstance) {
  // zod's messages outside route validation (services' own parses) are Chinese too.
  installChineseIssueMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendEnvelope(reply, error.options.httpStatus ?? 200, failure(error.code, error.message, error.options.errors, error.options.extra));
    }
    if (error instanceof RequestValidationError) {
      return sendEnvelope(reply, 200, failure(ResultCode.validationFailed, error.message, error.errors));
    }
    const streamRefusal = fileStreamRefusal(error);
    if (streamRefusal) return sendEnvelope(reply, streamRefusal.options.httpStatus ?? 400, failure(streamRefusal.code, streamRefusal.message));
    const known = refusalFor(error);
    if (known) return sendFailure(reply, known.status, known.code, known.message);
    request.log.error({ err: error }, "unhandled error");
    return sendFailure(reply, 500, ResultCode.serverError, "服务器内部错误，请稍后重试");
  });
});

/**
 * Errors Fastify meets before any route or hook runs (a URL that does not decode, an over-long
 * path parameter): without this option they are answered with Fastify's English JSON.
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = refusalFor(error) ?? refusal(400, ResultCode.badRequest);
  return sendFailure(reply, known.status, known.code, known.message);
}

/** Node's HTTP parser's refusals, by its error code; everything else it refuses is a 400. */
const PARSER_REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: refusal(431, ResultCode.headersTooLarge),
  ERR_HTTP_REQUEST_TIMEOUT: refusal(408, ResultCode.requestTimeout),
};

/**
 * A request Node's HTTP parser refuses (a query or header over `maxHeaderSize`, a malformed
 * request line) never becomes a Fastify request: Fastify writes an English answer straight to
 * the socket. This writes the envelope instead, then closes the connection as Fastify does.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = (error.code && PARSER_REFUSALS[error.code]) || refusal(400, ResultCode.badRequest);
  const body = JSON.stringify(failure(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify constructor options that keep protocol refusals in the envelope. */
export const protocolErrorOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler">;
