import type { FastifyInstance, FastifyRequest } from "fastify";
import { webapiPath } from "../../../src/schema/contract.js";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_MESSAGES, deviceSigningText, DeviceCode } from "../../../src/schema/device.js";
import { BusinessError } from "../../http/envelope.js";
import { collectSignedParams } from "../../plugins/signature.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import { isValidDeviceSignature, publicKeyOf } from "./device-keys.js";
import type { DeviceRow } from "./device.repository.js";
import type { DeviceService } from "./device.service.js";

/**
 * Checks the Ed25519 signature of every device call (src/schema/device.ts DEVICE_SIGNING) before
 * the route validates its input: the device signed the parameters as it sent them, not as our
 * schemas reshape them (an upper-cased bind code, a number parsed from a multipart field). Runs
 * after the request's §4 signature and timestamp checks (a stale request never gets here), and
 * hands a verified request to the replay guard, which takes each signature once.
 */
const REGISTER = webapiPath(DEVICE_CLIENT_ENDPOINTS.register);
const SIGNED_BY_DEVICE = new Set(Object.values(DEVICE_CLIENT_ENDPOINTS).map((endpoint) => webapiPath(endpoint)));

const verifiedDevices = new WeakMap<FastifyRequest, DeviceRow>();

/** The bound device that signed this request (routes of DEVICE_CLIENT_ENDPOINTS other than register). */
export function signingDevice(request: FastifyRequest): DeviceRow {
  const device = verifiedDevices.get(request);
  if (!device) throw new Error("device route without a verified device");
  return device;
}

export function checkDeviceSignatures(app: FastifyInstance, options: { devices: DeviceService; refuseReplayedRequest: ReplayGuard }) {
  app.addHook("preValidation", async (request, reply) => {
    const path = request.routeOptions.url ?? "";
    if (!SIGNED_BY_DEVICE.has(path)) return;
    const params = collectSignedParams(request);
    const signature = typeof params.deviceSignature === "string" ? params.deviceSignature : "";
    let device: DeviceRow | null = null;
    let key;
    if (path === REGISTER) {
      key = publicKeyOf(typeof params.publicKey === "string" ? params.publicKey : "");
      if (!key) throw new BusinessError(DeviceCode.publicKeyInvalid, DEVICE_MESSAGES.publicKeyInvalid);
    } else {
      const id = Number(params.deviceId);
      if (!Number.isSafeInteger(id) || id <= 0) throw new BusinessError(DeviceCode.deviceUnknown, DEVICE_MESSAGES.deviceUnknown);
      device = await options.devices.activeDevice(id);
      key = publicKeyOf(device.public_key);
      if (!key) throw new Error(`device ${id} has a stored key node cannot read`);
    }
    if (!isValidDeviceSignature(key, deviceSigningText(request.method, path, params), signature)) {
      throw new BusinessError(DeviceCode.signatureInvalid, DEVICE_MESSAGES.signatureInvalid);
    }
    const refused = await options.refuseReplayedRequest(request, reply);
    if (refused) return refused;
    if (device) {
      verifiedDevices.set(request, device);
      await options.devices.touch(device.id);
    }
  });
}
