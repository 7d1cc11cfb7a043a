import type { FastifyInstance } from "fastify";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_ENDPOINTS } from "../../../src/schema/device.js";
import { MOBILE_ARRAY_ENDPOINTS } from "../../../src/schema/mobile-array.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sessionUserId } from "../personal/route-helpers.js";
import { CHUNK_UPLOAD_ROUTE_CONFIG, takeChunkFile } from "../recording/recording.routes.js";
import { signingDevice } from "./device-auth.js";
import type { DeviceRecorder, DeviceSealPort } from "./device-recorder.js";
import type { DeviceService } from "./device.service.js";

/** Bind codes are guessable in principle (31^6); this many register calls a minute per address makes guessing one in its ten minutes hopeless. */
const REGISTER_PER_MINUTE = 10;

/** The holder's device and mobile array calls, and the device's own signed calls. */
export async function deviceRoutes(app: FastifyInstance, { devices, recorder, seals }: { devices: DeviceService; recorder: DeviceRecorder; seals: () => DeviceSealPort }) {
  registerEndpoint(app, DEVICE_ENDPOINTS.list, async (query, request) => ok(await devices.list(sessionUserId(request), query)));
  registerEndpoint(app, DEVICE_ENDPOINTS.createBindCode, async (_body, request) => ok(await devices.createBindCode(sessionUserId(request))));
  registerEndpoint(app, DEVICE_ENDPOINTS.rename, async ({ id, name }, request) => ok(await devices.rename(sessionUserId(request), id, name)));
  registerEndpoint(app, DEVICE_ENDPOINTS.unbind, async ({ id }, request) => ok(await devices.unbind(sessionUserId(request), id)));
  registerEndpoint(app, MOBILE_ARRAY_ENDPOINTS.start, async (form, request) => ok(await recorder.startArray(sessionUserId(request), form)));
  registerEndpoint(app, MOBILE_ARRAY_ENDPOINTS.members, async ({ id }, request) => ok(await recorder.members(sessionUserId(request), id)));

  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.register, async (form) => ok(await devices.register(form)), {
    config: { rateLimit: { max: REGISTER_PER_MINUTE, timeWindow: "1 minute" } },
  });
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.assignments, async (_params, request) => ok(await devices.assignments(signingDevice(request))));
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.startRecording, async (params, request) => ok(await recorder.start(signingDevice(request), params)));
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.uploadChunk, async ({ deviceId: _deviceId, deviceSignature: _signature, ...fields }, request) => ok(await takeChunkFile(request, (chunk) => recorder.appendChunk(signingDevice(request), fields, chunk))), {
    config: CHUNK_UPLOAD_ROUTE_CONFIG,
  });
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.uploadState, async ({ id }, request) => ok(await recorder.uploadState(signingDevice(request), id)));
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.stopRecording, async ({ id }, request) => ok(await recorder.stop(signingDevice(request), id)));
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.sealCertificate, async ({ id }, request) => ok(await recorder.sealCertificate(signingDevice(request), id, seals())));
}
