import type { FastifyInstance } from "fastify";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_ENDPOINTS } from "../../../src/schema/device.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sessionUserId } from "../personal/route-helpers.js";
import { signingDevice } from "./device-auth.js";
import type { DeviceService } from "./device.service.js";

/** Bind codes are guessable in principle (31^6); this many register calls a minute per address makes guessing one in its ten minutes hopeless. */
const REGISTER_PER_MINUTE = 10;

/** The holder's device calls and the device's register call. */
export async function deviceRoutes(app: FastifyInstance, { devices }: { devices: DeviceService }) {
  registerEndpoint(app, DEVICE_ENDPOINTS.list, async (query, request) => ok(await devices.list(sessionUserId(request), query)));
  registerEndpoint(app, DEVICE_ENDPOINTS.createBindCode, async (_body, request) => ok(await devices.createBindCode(sessionUserId(request))));
  registerEndpoint(app, DEVICE_ENDPOINTS.rename, async ({ id, name }, request) => ok(await devices.rename(sessionUserId(request), id, name)));
  registerEndpoint(app, DEVICE_ENDPOINTS.unbind, async ({ id }, request) => ok(await devices.unbind(sessionUserId(request), id)));
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.register, async (form) => ok(await devices.register(form)), {
    config: { rateLimit: { max: REGISTER_PER_MINUTE, timeWindow: "1 minute" } },
  });
  registerEndpoint(app, DEVICE_CLIENT_ENDPOINTS.assignments, async (_params, request) => ok(await devices.assignments(signingDevice(request))));
}
