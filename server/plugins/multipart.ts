import fastifyMultipart, { type Multipart, type MultipartFile, type MultipartValue } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { UPLOAD_DEFAULT_MAX_BYTES } from "../../src/schema/constants.js";
import { ResultCode, ResultMessage } from "../../src/schema/envelope.js";
import { cleanFileName } from "../../src/schema/stored-name.js";
import { repeatedParameterMessage } from "../../src/schema/issue-messages.js";
import { BusinessError } from "../http/envelope.js";
import { tooDeepRefusal } from "../http/json-depth.js";
import { multipartRefusal, nextPart } from "../http/multipart-parts.js";
import { UploadedFile } from "../http/uploaded-file.js";
import { StreamedUpload } from "../http/streamed-upload.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The message for a multipart field longer than the route's `fieldSize` (the upload rule's own words). */
    fieldTooLargeMessage?: string;
    /**
     * Opt-in streaming mode: the fields (which must come before the first file) are parsed into
     * `request.body` as usual, so signature, session and zod validation work unchanged, but the
     * files are left unread for the handler to stream from `request.upload`. Nothing is buffered.
     */
    multipartStream?: boolean;
  }
  interface FastifyRequest {
    /** The files of a streaming multipart route, in order; null elsewhere. */
    upload: StreamedUpload | null;
  }
}

/**
 * Bounds for every multipart request. A route that needs more (the avatar's data URL field, the
 * evidence uploads' file count and size) raises them in its `config.multipartOptions`. Files one
 * byte over the limit are cut off by the parser and flagged, so a service can answer with the
 * upload rule's own message (spec §5) instead of a bare 413.
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
 * UploadedFile (buffered routes) or, on streaming routes, left in `request.upload`. The session
 * plugin then finds `token` and the route's zod schema validates the body exactly as for JSON.
 * A field cut off at `fieldSize` is refused here, before the signature check (whose mismatch would
 * otherwise hide the real reason). Registered before the signature plugin, whose hook signs the fields.
 */
export const multipartPlugin = fp(async function multipartPlugin(app: FastifyInstance) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: MULTIPART_LIMITS });
  app.decorateRequest("upload", null);
  app.addHook("preValidation", async (request) => {
    if (!request.isMultipart()) return;
    const parts = openParts(request);
    if (request.routeOptions.config?.multipartStream) {
      const { fields, firstFile } = await readFieldsUntilFile(request, parts);
      request.body = fields;
      request.upload = new StreamedUpload(firstFile, parts);
    } else {
      request.body = await readWholeBody(request, parts);
    }
  });
  // A handler that refused a streaming upload before reading it (bad signature, validation) leaves
  // the rest of the body in the socket; read it away after answering so the connection stays usable.
  app.addHook("onResponse", async (request) => {
    if (request.upload && !request.upload.isFinished) void request.upload.drain();
  });
});

type PartIterator = AsyncIterator<Multipart>;

/** The parser throws at once on a content type without a boundary; that is the client's mistake. */
function openParts(request: FastifyRequest): PartIterator {
  try {
    return request.parts(request.routeOptions.config?.multipartOptions)[Symbol.asyncIterator]();
  } catch (error) {
    throw multipartRefusal(error);
  }
}

async function readWholeBody(request: FastifyRequest, parts: PartIterator): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (let next = await nextPart(parts); !next.done; next = await nextPart(parts)) {
    const part = next.value;
    if (Object.hasOwn(body, part.fieldname)) throw duplicate(part.fieldname);
    body[part.fieldname] = part.type === "file" ? await bufferFile(part) : fieldValue(request, part);
  }
  return body;
}

async function readFieldsUntilFile(request: FastifyRequest, parts: PartIterator): Promise<{ fields: Record<string, unknown>; firstFile: MultipartFile | null }> {
  const fields: Record<string, unknown> = {};
  for (let next = await nextPart(parts); !next.done; next = await nextPart(parts)) {
    const part = next.value;
    if (part.type === "file") return { fields, firstFile: part };
    if (Object.hasOwn(fields, part.fieldname)) throw duplicate(part.fieldname);
    fields[part.fieldname] = fieldValue(request, part);
  }
  return { fields, firstFile: null };
}

/** The file name is cleaned here, where every upload enters, so no route can keep a raw one. */
async function bufferFile(part: MultipartFile): Promise<UploadedFile> {
  const content = await part.toBuffer().catch((error: unknown) => {
    throw multipartRefusal(error);
  });
  // A part sent as application/octet-stream without a filename is a file whose name is undefined.
  return new UploadedFile(content, cleanFileName(part.filename ?? ""), part.mimetype, part.file.truncated);
}

function fieldValue(request: FastifyRequest, part: MultipartValue): unknown {
  if (part.valueTruncated) {
    const message = request.routeOptions.config?.fieldTooLargeMessage ?? ResultMessage[ResultCode.payloadTooLarge];
    throw new BusinessError(ResultCode.payloadTooLarge, message, { httpStatus: 413, errors: { [part.fieldname]: message } });
  }
  // @fastify/multipart parses a field sent as application/json; its value is then bounded as a JSON body is.
  const tooDeep = tooDeepRefusal(part.value);
  if (tooDeep) throw tooDeep;
  return part.value;
}

function duplicate(name: string): BusinessError {
  return new BusinessError(ResultCode.badRequest, repeatedParameterMessage(name), { httpStatus: 400 });
}
