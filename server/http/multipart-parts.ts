import type { Multipart } from "@fastify/multipart";
import { ResultCode } from "../../src/schema/envelope.js";
import { BusinessError } from "./envelope.js";

export const MULTIPART_MESSAGES = {
  malformed: "表单数据格式不正确（multipart/form-data）",
  incomplete: "表单数据不完整，请重新提交",
  tooManyParts: "表单的字段或文件数量超过限制",
  forbiddenName: "表单含有不允许的字段名",
  invalidJsonField: "表单字段声明为 JSON，但内容不是有效的 JSON",
} as const;

/** @fastify/multipart's own refusals, by code; they carry English messages. */
const REFUSALS: Record<string, { status: number; code: number; message: string }> = {
  FST_PARTS_LIMIT: { status: 413, code: ResultCode.payloadTooLarge, message: MULTIPART_MESSAGES.tooManyParts },
  FST_FILES_LIMIT: { status: 413, code: ResultCode.payloadTooLarge, message: MULTIPART_MESSAGES.tooManyParts },
  FST_FIELDS_LIMIT: { status: 413, code: ResultCode.payloadTooLarge, message: MULTIPART_MESSAGES.tooManyParts },
  FST_PROTO_VIOLATION: { status: 400, code: ResultCode.badRequest, message: MULTIPART_MESSAGES.forbiddenName },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: ResultCode.badRequest, message: MULTIPART_MESSAGES.invalidJsonField },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: ResultCode.badRequest, message: MULTIPART_MESSAGES.incomplete },
};

/**
 * What went wrong while reading a multipart body, as the refusal the client gets. The parser
 * (busboy) throws bare Errors for a missing boundary, a malformed part header or a body that
 * ends early; all of them are the client's malformed request, never a server fault.
 */
export function multipartRefusal(error: unknown): BusinessError {
  if (error instanceof BusinessError) return error;
  const known = REFUSALS[(error as { code?: string } | null)?.code ?? ""];
  if (known) return new BusinessError(known.code, known.message, { httpStatus: known.status });
  return new BusinessError(ResultCode.badRequest, MULTIPART_MESSAGES.malformed, { httpStatus: 400 });
}

/**
 * Errors a streamed file emitted while a service was reading it (the body ended in the middle of
 * the file). They reach the error handler through the service, unchanged, so they are recognised
 * by identity rather than wrapped: the service sees the same error it always did.
 */
const streamFailures = new WeakSet<object>();

/** Watches a file part's stream so that its parser failures are answered as the client's refusal. */
export function watchFileStream(stream: NodeJS.EventEmitter): void {
  stream.on("error", (error: unknown) => {
    if (typeof error === "object" && error !== null) streamFailures.add(error);
  });
}

/** The refusal for an error a watched file stream emitted; null for any other error. */
export function fileStreamRefusal(error: unknown): BusinessError | null {
  return typeof error === "object" && error !== null && streamFailures.has(error) ? multipartRefusal(error) : null;
}

/** The next part of a multipart body; the parser's failures become the client's refusal. */
export async function nextPart(parts: AsyncIterator<Multipart>): Promise<IteratorResult<Multipart>> {
  try {
    return await parts.next();
  } catch (error) {
    throw multipartRefusal(error);
  }
}
