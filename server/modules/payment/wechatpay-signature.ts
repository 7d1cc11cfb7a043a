import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from "node:crypto";

/**
 * WeChat Pay API v3 signatures and the encrypted notification resource, written out with
 * node:crypto following the published rules.
 *
 * Why not wechatpay-axios-plugin (DESIGN.md names it): it runs on Node 20, but it is an axios
 * interceptor and the server speaks fetch; what we need from it is the two signature messages below
 * and one AES-GCM decryption, which node:crypto does directly and the tests check against keys they
 * generate.
 */

export const WECHATPAY_SIGNATURE_TYPE = "WECHATPAY2-SHA256-RSA2048";

/** Notifications and responses older (or newer) than this are refused as possible replays. */
export const WECHATPAY_TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

/** The message a request signature covers; `url` is the path with its query, without the host. */
export function requestSignatureMessage(method: string, url: string, timestamp: string, nonce: string, body: string) {
  return `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message WeChat Pay signs for a response or a notification. */
export function responseSignatureMessage(timestamp: string, nonce: string, body: string) {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** The Authorization header of a merchant request: SHA256withRSA with the merchant key, base64. */
export function merchantAuthorization(request: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  url: string;
  body: string;
  now: Date;
}): string {
  const timestamp = String(Math.floor(request.now.getTime() / 1000));
  const nonce = randomBytes(16).toString("hex");
  const signature = createSign("RSA-SHA256")
    .update(requestSignatureMessage(request.method, request.url, timestamp, nonce, request.body), "utf8")
    .sign(request.privateKey, "base64");
  return (
    `${WECHATPAY_SIGNATURE_TYPE} mchid="${request.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${request.serialNo}"`
  );
}

export type WechatpaySignedHeaders = {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
  signatureType?: string;
};

/**
 * Checks the Wechatpay-* headers of a notification or response against its raw body: a known
 * platform key for the serial, a timestamp within five minutes, a valid signature. Returns the
 * reason for a refusal, or null when the body is authentic.
 */
export function wechatpaySignatureProblem(
  headers: WechatpaySignedHeaders,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  now: Date,
): string | null {
  const { timestamp, nonce, signature, serial, signatureType } = headers;
  if (!timestamp || !nonce || !signature || !serial) return "Wechatpay-* signature headers missing";
  if (signatureType && signatureType !== WECHATPAY_SIGNATURE_TYPE) return `unsupported signature type ${signatureType}`;
  if (!/^\d{1,12}$/.test(timestamp)) return "bad Wechatpay-Timestamp";
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > WECHATPAY_TIMESTAMP_TOLERANCE_MS) return "stale Wechatpay-Timestamp";
  const key = platformKeys.get(serial);
  if (!key) return `unknown Wechatpay-Serial ${serial}`;
  let valid = false;
  try {
    valid = createVerify("RSA-SHA256").update(responseSignatureMessage(timestamp, nonce, body), "utf8").verify(key, signature, "base64");
  } catch {
    valid = false;
  }
  return valid ? null : "bad signature";
}

export type EncryptedResource = { algorithm: string; ciphertext: string; nonce: string; associated_data?: string };

/**
 * Opens a notification's `resource`: AEAD_AES_256_GCM with the APIv3 key (32 characters, used as
 * its UTF-8 bytes), the given nonce and associated data; the base64 ciphertext ends with the
 * 16-byte authentication tag. Returns null when it does not open (wrong key, altered bytes).
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | null {
  if (resource.algorithm !== "AEAD_AES_256_GCM") return null;
  const sealed = Buffer.from(resource.ciphertext, "base64");
  if (sealed.length <= TAG_LENGTH) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(resource.nonce, "utf8"));
    decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const TAG_LENGTH = 16;
