import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import { publish, type ModuleContext } from "../module.js";

import type { SecurityServices } from "../security/security.module.js";
import { checkDeviceSignatures } from "./device-auth.js";
import { DeviceRecorder, type DeviceRecordingSink, type DeviceSealPort } from "./device-recorder.js";
import { DeviceRepository } from "./device.repository.js";
import { deviceRoutes } from "./device.routes.js";
import { DeviceService } from "./device.service.js";

export type DeviceModuleOptions = ModuleContext & {
  security: SecurityServices;
  sink: DeviceRecordingSink;
  /** The electronic seal (its module is registered after this one, and lists this one's devices): read when a device asks to seal. */
  seals: () => DeviceSealPort;
};

/**
 * Recording devices (issue 16): bind codes, bound devices and their Ed25519 keys, the signed
 * device calls feeding the recording sink, and mobile arrays. Publishes `devices` (DeviceService:
 * listForHolder for the seal configuration).
 */
export async function deviceModule(app: FastifyInstance, { db, now, security, sink, seals }: DeviceModuleOptions) {
  const repository = new DeviceRepository(db);
  const devices = new DeviceService({ db, repository, now });
  const recorder = new DeviceRecorder({ db, repository, sink, now });
  publish(app, "devices", { devices, recorder });
  checkDeviceSignatures(app, { devices, refuseReplayedRequest: security.refuseReplayedRequest });
  keepTidy(app, [{ name: "expired device bind codes", run: () => devices.deleteExpiredCodes() }]);
  await app.register(deviceRoutes, { devices, recorder, seals });
}

export type DeviceServices = { devices: DeviceService; recorder: DeviceRecorder };
