import type { FastifyInstance } from "fastify";
import { MONITOR_ENDPOINTS, WORK_UPLOAD_RULES } from "../../../src/schema/monitor.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { uploadedFileField } from "../../http/uploaded-file.js";
import { UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import { requireOwnUid, sessionUserId } from "../personal/route-helpers.js";
import type { MonitorTasks } from "./monitor-tasks.js";
import type { MonitorWorks } from "./monitor-works.js";

/** The kind is a field of the upload, so the part may be as large as the largest kind allows; the kind's own rule is checked after (one byte over marks it cut off). */
const WORK_MAX_BYTES = Math.max(...Object.values(WORK_UPLOAD_RULES).map((rule) => rule.maxBytes));
const ONE_WORK_FILE = {
  files: { file: uploadedFileField(UPLOAD_MESSAGES.missing).optional() },
  config: { multipartOptions: { limits: { fileSize: WORK_MAX_BYTES + 1 } } },
  bodyLimit: WORK_MAX_BYTES + 1024 * 1024,
};

/** The monitor calls of works and tasks (src/schema/monitor.ts MONITOR_ENDPOINTS); hits and reports register their own. */
export async function monitorRoutes(app: FastifyInstance, { works, tasks }: { works: MonitorWorks; tasks: MonitorTasks }) {
  registerEndpoint(
    app,
    MONITOR_ENDPOINTS.uploadFile,
    async ({ uid, kind, name, file }, request) => ok(await works.upload(uid === undefined ? sessionUserId(request) : requireOwnUid(request, uid), { kind, name }, file)),
    ONE_WORK_FILE,
  );
  registerEndpoint(app, MONITOR_ENDPOINTS.works, async ({ kind }, request) => ok(await works.list(sessionUserId(request), kind)));
  registerEndpoint(app, MONITOR_ENDPOINTS.account, async (_query, request) => ok(await tasks.account(sessionUserId(request))));
  registerEndpoint(app, MONITOR_ENDPOINTS.createTask, async (form, request) => ok(await tasks.create(sessionUserId(request), form)));
  registerEndpoint(app, MONITOR_ENDPOINTS.tasks, async (query, request) => ok(await tasks.list(sessionUserId(request), query)));
  registerEndpoint(app, MONITOR_ENDPOINTS.task, async ({ id }, request) => ok(await tasks.detail(sessionUserId(request), id)));
  registerEndpoint(app, MONITOR_ENDPOINTS.pauseTask, async ({ id }, request) => ok(await tasks.act(sessionUserId(request), id, "pause")));
  registerEndpoint(app, MONITOR_ENDPOINTS.resumeTask, async ({ id }, request) => ok(await tasks.act(sessionUserId(request), id, "resume")));
  registerEndpoint(app, MONITOR_ENDPOINTS.stopTask, async ({ id }, request) => ok(await tasks.act(sessionUserId(request), id, "stop")));
  registerEndpoint(app, MONITOR_ENDPOINTS.runTask, async ({ id }, request) => ok(await tasks.runNow(sessionUserId(request), id)));
}
