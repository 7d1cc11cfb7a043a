import { z } from "zod";
import { envelopeSchema } from "../../src/schema/envelope.js";
import { SIGNATURE_EXCLUDED_PARAMS } from "../../src/schema/signature.js";

/**
 * Route schemas carry the transport parameters every /webapi call has (DESIGN.md §4) so that the
 * OpenAPI document shows them; the signature and session plugins read them before validation.
 * No handler sees them: plugins/transport-fields.ts takes TRANSPORT_FIELDS away first.
 */
const transportQuery = {
  timestamp: z.string().regex(/^\d+$/).describe("请求时间（毫秒时间戳），与服务器时间相差不得超过 5 分钟"),
  signature: z.string().describe("请求签名：见 src/schema/signature.ts"),
};
const tokenField = { token: z.string().optional().describe("登录令牌：GET 放在查询参数，POST 放在请求体") };

/** The names of the transport parameters: timestamp, signature, token and paramStr. */
export const TRANSPORT_FIELDS: readonly string[] = [...new Set([...Object.keys(transportQuery), ...Object.keys(tokenField), ...SIGNATURE_EXCLUDED_PARAMS])];

export function signedQuery<T extends z.ZodRawShape>(shape: T = {} as T) {
  return z.object({ ...shape, ...transportQuery, ...tokenField });
}

export function signedPostQuery() {
  return z.object(transportQuery);
}

export function signedBody<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, ...tokenField });
}

/**
 * A contract endpoint's input with the transport fields added: the query of a GET (`query`) or
 * the body of a POST. safeExtend keeps the input's own refinements (a check across fields, such
 * as the region triple or the certificate number by its kind), which a copy of its shape would lose.
 */
export function signedInput(input: z.ZodObject, part: "query" | "body") {
  return input.safeExtend(part === "query" ? { ...transportQuery, ...tokenField } : tokenField);
}

export function successResponse<T extends z.ZodType, E extends z.ZodType = z.ZodUnknown>(datas: T, extraData?: E) {
  return { 200: envelopeSchema(datas, extraData) };
}

/**
 * A stream endpoint's answer for the OpenAPI document: text/event-stream, each event's `data:` one
 * JSON value of `datas`. The handler writes the stream itself (http/event-stream.ts); refusals before
 * it starts are envelopes, sent outside the route's schema (envelope.ts sendEnvelope).
 */
export function eventStreamResponse<T extends z.ZodType>(datas: T) {
  return { 200: { description: "text/event-stream：每个事件的 data 为一个 JSON 值", content: { "text/event-stream": { schema: datas } } } };
}
