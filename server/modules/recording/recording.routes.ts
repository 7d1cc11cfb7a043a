import type { FastifyInstance } from "fastify";
import { Readable } from "node:stream";
import { ResultCode } from "../../../src/schema/envelope.js";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_ENDPOINTS, RECORDING_KINDS, RECORDING_LIST_ENDPOINTS, RECORDING_MESSAGES } from "../../../src/schema/recording.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { RecordingService } from "./recording.service.js";

/** The file field of a chunk upload. */
const CHUNK_FIELD = "chunk";

/**
 * The holder's recording calls (src/schema/recording.ts). A chunk arrives as a streamed multipart
 * file after its signed fields; the parser cuts it one byte past the limit so the service answers
 * with its own message, and nothing is held in memory.
 */
export async function recordingRoutes(app: FastifyInstance, { recordings }: { recordings: RecordingService }) {
  registerEndpoint(app, RECORDING_ENDPOINTS.allowance, async (_query, request) => ok(await recordings.allowance(sessionUserId(request))));
  registerEndpoint(app, RECORDING_ENDPOINTS.startScreen, async (form, request) => ok(await recordings.startScreen(sessionUserId(request), form)));
  registerEndpoint(
    app,
    RECORDING_ENDPOINTS.uploadChunk,
    async (fields, request) => {
      const userId = sessionUserId(request);
      for await (const file of request.upload?.files() ?? Readable.from([])) {
        if (file.fieldname !== CHUNK_FIELD) {
          for await (const _piece of file.stream) {
            // another field's file: read away, not kept
          }
          continue;
        }
        return ok(await recordings.appendChunk(userId, fields, file.stream));
      }
      throw new BusinessError(ResultCode.validationFailed, RECORDING_MESSAGES.chunkEmpty, { errors: { chunk: RECORDING_MESSAGES.chunkEmpty } });
    },
    { config: { multipartStream: true, multipartOptions: { limits: { files: 1, parts: 20, fileSize: RECORDING_CHUNK_MAX_BYTES + 1 } } } },
  );
  registerEndpoint(app, RECORDING_ENDPOINTS.uploadState, async ({ id }, request) => ok(await recordings.uploadState(sessionUserId(request), id)));
  registerEndpoint(app, RECORDING_ENDPOINTS.stop, async ({ id }, request) => ok(await recordings.stop(sessionUserId(request), id)));
  registerEndpoint(app, RECORDING_ENDPOINTS.discard, async ({ id }, request) => ok(await recordings.discard(sessionUserId(request), id)));
  registerEndpoint(app, RECORDING_ENDPOINTS.one, async ({ id }, request) => ok(await recordings.detail(sessionUserId(request), id)));
  registerEndpoint(app, RECORDING_ENDPOINTS.file, async ({ id, file }, request, reply) => {
    const download = await recordings.openFile(sessionUserId(request), id, file);
    return sendDownload(reply, download.body, { name: download.name, contentType: download.contentType });
  });
  for (const kind of RECORDING_KINDS) registerEndpoint(app, RECORDING_LIST_ENDPOINTS[kind], async (query, request) => ok(await recordings.list(sessionUserId(request), kind, query)));
}
