import type { FastifyInstance } from "fastify";
import { CAPTURE_ENDPOINTS, CAPTURE_TARGETS } from "../../../src/schema/capture.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { CaptureService } from "./capture.service.js";

/** The holder's capture calls (src/schema/capture.ts CAPTURE_ENDPOINTS). */
export async function captureRoutes(app: FastifyInstance, { captures }: { captures: CaptureService }) {
  registerEndpoint(app, CAPTURE_ENDPOINTS.allowance, async (_query, request) => ok(await captures.allowance(sessionUserId(request))));
  registerEndpoint(app, CAPTURE_ENDPOINTS.create, async (form, request) => ok(await captures.create(sessionUserId(request), form)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.createRightsWeb, async (form, request) => ok(await captures.createRightsWeb(sessionUserId(request), form)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.list, async (query, request) => ok(await captures.list(sessionUserId(request), query, ["snapshot"])));
  registerEndpoint(app, CAPTURE_ENDPOINTS.totalList, async (query, request) => ok(await captures.list(sessionUserId(request), query, CAPTURE_TARGETS)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.one, async ({ id }, request) => ok(await captures.detail(sessionUserId(request), id)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.progress, async ({ ids }, request) => ok(await captures.progress(sessionUserId(request), ids)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.retry, async ({ id }, request) => ok(await captures.retry(sessionUserId(request), id)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.accept, async ({ id }, request) => ok(await captures.accept(sessionUserId(request), id)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.discard, async ({ id }, request) => ok(await captures.discard(sessionUserId(request), id)));
  registerEndpoint(app, CAPTURE_ENDPOINTS.file, async ({ id, file }, request, reply) => {
    const download = await captures.openFile(sessionUserId(request), id, file);
    return sendDownload(reply, download.body, { name: download.name, contentType: download.contentType });
  });
}
