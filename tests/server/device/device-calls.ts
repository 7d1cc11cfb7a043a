import type { LightMyRequestResponse } from "fastify";
import { webapiPath, type Endpoint } from "../../../src/schema/contract.js";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_ENDPOINTS } from "../../../src/schema/device.js";
import { generateDeviceKey, signDeviceCall, type DeviceKey } from "../../../server/cli/device-client/device-signer.js";
import { encodeMultipart, type FilePart } from "../support/multipart.js";
import type { TestApp } from "../support/test-app.js";
import type { RegisteredUser } from "../support/personal-users.js";

/** A device's signed call through app.inject, as the reference client sends it over HTTP. */
export function deviceCall(t: TestApp, key: DeviceKey, endpoint: Pick<Endpoint, "method" | "path" | "multipart">, params: Record<string, string | number | undefined>, options: { files?: FilePart[]; at?: number; ip?: string } = {}): Promise<LightMyRequestResponse> {
  const url = webapiPath(endpoint);
  const { fields, timestamp, signature } = signDeviceCall(key, endpoint.method, url, params, options.at ?? t.clock.now());
  if (endpoint.method === "GET") return t.app.inject({ method: "GET", url, query: { ...fields, timestamp, signature }, remoteAddress: options.ip });
  if (endpoint.multipart) {
    const { body, contentType } = encodeMultipart(fields, options.files ?? []);
    return t.app.inject({ method: "POST", url, query: { timestamp, signature }, headers: { "content-type": contentType }, payload: body, remoteAddress: options.ip });
  }
  return t.app.inject({ method: "POST", url, query: { timestamp, signature }, payload: fields, remoteAddress: options.ip });
}

let nextIp = 1;
/** Binds a fresh device key to `user`; answers the key and the device id. */
export async function bindDevice(t: TestApp, user: RegisteredUser, name = "测试手机"): Promise<{ key: DeviceKey; deviceId: number }> {
  const code = (await t.call(DEVICE_ENDPOINTS.createBindCode, {}, { token: user.token })).json().datas.code;
  const key = generateDeviceKey();
  const answer = (await deviceCall(t, key, DEVICE_CLIENT_ENDPOINTS.register, { code, name, model: "Pixel 8", os: "Android 15", publicKey: key.publicKey }, { ip: `10.9.${nextIp >> 8}.${nextIp++ & 255}` })).json();
  if (answer.code !== 200) throw new Error(`register: ${JSON.stringify(answer)}`);
  return { key, deviceId: answer.datas.deviceId };
}
