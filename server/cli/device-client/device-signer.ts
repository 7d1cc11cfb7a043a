import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { deviceSigningText, DEVICE_SIGNATURE_FIELD } from "../../../src/schema/device.js";
import { computeSignature } from "../../../src/schema/signature.js";

/**
 * What a device does to every call (src/schema/device.ts DEVICE_SIGNING): sign its parameters
 * with its Ed25519 key, then add the request signature of DESIGN §4 over all of them. Shared by
 * the reference client and the tests, so both send exactly what an integrator is told to send.
 */

export type DeviceKey = { privateKey: KeyObject; publicKey: string };

export function generateDeviceKey(): DeviceKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { privateKey, publicKey: rawPublicKey(publicKey) };
}

/** The key as the client keeps it on disk (PKCS#8 PEM), and back. */
export function exportDeviceKey(key: DeviceKey): string {
  return key.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}
export function importDeviceKey(pem: string): DeviceKey {
  const privateKey = createPrivateKey(pem);
  return { privateKey, publicKey: rawPublicKey(privateKey) };
}

function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: "jwk" });
  return Buffer.from(jwk.x!, "base64url").toString("base64");
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The parameters of one device call, signed: `params` plus timestamp, deviceSignature and
 * signature. `fullPath` is webapiPath(endpoint). Values are sent as strings exactly as signed.
 */
export function signDeviceCall(key: DeviceKey, method: string, fullPath: string, params: Record<string, string | number | undefined>, timestamp: number): { fields: Record<string, string>; timestamp: string; signature: string } {
  const fields = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));
  const text = deviceSigningText(method, fullPath, { ...fields, timestamp: String(timestamp) });
  fields[DEVICE_SIGNATURE_FIELD] = sign(null, Buffer.from(text, "utf8"), key.privateKey).toString("base64");
  const signature = computeSignature({ ...fields, timestamp: String(timestamp) }, sha256Hex);
  return { fields, timestamp: String(timestamp), signature };
}
