import type { FastifyInstance } from "fastify";
import { LIVE_RECORD_ENDPOINTS } from "../../../src/schema/live-record.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { ffmpegCheck } from "../../recording/system-tools.js";
import { publish, type ModuleContext } from "../module.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { RecordingSink } from "../recording/recording-sink.js";
import { LiveRecordService } from "./live-record.service.js";

export type LiveRecordModuleOptions = ModuleContext & { sink: RecordingSink };

/** Live recording (issue 16): a stream URL recorded server-side with ffmpeg, started from liveRecord's guidance page. */
export async function liveRecordModule(app: FastifyInstance, { config, sink }: LiveRecordModuleOptions) {
  const live = new LiveRecordService({ sink, ffmpeg: ffmpegCheck(), allowedHosts: config.capture.allowedHosts, log: app.log });
  publish(app, "liveRecord", live);
  // Closing stops ffmpeg; what it recorded so far is sealed as stopped, before the recording module closes.
  app.addHook("onClose", async () => live.close());
  registerEndpoint(app, LIVE_RECORD_ENDPOINTS.start, async (form, request) => ok(await live.start(sessionUserId(request), form)));
}
