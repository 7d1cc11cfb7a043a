import fastifyMultipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { UPLOAD_DEFAULT_MAX_BYTES } from "../../src/schema/constants.js";
import { ResultCode, ResultMessage } from "../../src/schema/envelope.js";
import { BusinessError } from "../http/envelope.js";
import { UploadedFile } from "../http/uploaded-file.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The message for a multipart field longer than the route's `fieldSize` (the upload rule's own words). */
    fieldTooLargeMessage?: string;
  }
}

/**
 * Bounds for every multipart request. A route that needs more (the avatar's data URL field) raises
 * them in its `config.multipartOptions`. Files one byte over the limit are cut off by the parser and
 * flagged, so a service can answer with the upload rule's own message (spec §5) instead of a bare 413.
 */
export const MULTIPART_LIMITS = {
  fields: 20,
  files: 1,
  parts: 24,
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  fileSize: UPLOAD_DEFAULT_MAX_BYTES + 1,
} as const;

/**
 * multipart/form-data bodies become plain objects: each field its string value, each file an
 * UploadedFile. The session plugin then finds `token` and the route's zod schema validates the body
 * exactly as for JSON. A field cut off at `fieldSize` is refused here, before the signature check
 * (whose mismatch would otherwise hide the real reason). Registered before the signature plugin,
 * whose hook signs the fields.
 */
export const multipartPlugin = fp(async function multipartPlugin(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: true,
    throwFileSizeLimit: false,
    limits: MULTIPART_LIMITS,
    onFile: readFilePart,
  });
  // Runs after the multipart plugin's own hook, which has parsed the parts into request.body.
  app.addHook("preValidation", async (request) => {
    if (request.isMultipart()) request.body = flattenParts(request);
  });
});

async function readFilePart(part: MultipartFile): Promise<void> {
  const content = await part.toBuffer();
  part.value = new UploadedFile(content, part.filename, part.mimetype, part.file.truncated);
}

function flattenParts(request: FastifyRequest): Record<string, unknown> {
  const parts = (request.body ?? {}) as Record<string, Multipart | Multipart[] | undefined>;
  const body: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(parts)) {
    if (!entry) continue;
    if (Array.isArray(entry)) throw new BusinessError(ResultCode.badRequest, `参数 ${name} 重复`, { httpStatus: 400 });
    if (entry.type === "file") {
      body[name] = entry.value;
    } else if (entry.valueTruncated) {
      const message = request.routeOptions.config?.fieldTooLargeMessage ?? ResultMessage[ResultCode.payloadTooLarge];
      throw new BusinessError(ResultCode.payloadTooLarge, message, { httpStatus: 413, errors: { [name]: message } });
    } else {
      body[name] = entry.value;
    }
  }
  return body;
}
