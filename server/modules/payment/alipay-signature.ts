import { createSign, createVerify, type KeyObject } from "node:crypto";

/**
 * Alipay's open-platform signature rules (RSA2), written out with node:crypto.
 *
 * Why not alipay-sdk (DESIGN.md names it): v4 runs on Node 20, but for the three calls we need
 * (sign a request, verify a notification, verify a query response) it brings urllib as a second HTTP
 * client, crypto-js, bignumber.js, camelcase/snakecase-keys and more, and its checkNotifySign answers
 * only true/false. The published algorithm is a few lines, so we keep it here where the tests can
 * hold it against keys they generate.
 *
 * Content to sign: every parameter with a non-empty value except the excluded ones, sorted by name in
 * ASCII order, joined as `name=value` with `&`, values as they are (not URL-encoded).
 * A request excludes `sign`; a notification excludes `sign` and `sign_type`.
 */
export function alipaySignContent(params: Record<string, string | undefined>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== undefined && params[name] !== "")
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
}

export const REQUEST_UNSIGNED = ["sign"] as const;
export const NOTIFICATION_UNSIGNED = ["sign", "sign_type"] as const;

/** RSA2 = SHA256withRSA (PKCS#1 v1.5), base64. */
export function signRsa2(content: string, privateKey: KeyObject): string {
  return createSign("RSA-SHA256").update(content, "utf8").sign(privateKey, "base64");
}

export function verifyRsa2(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify("RSA-SHA256").update(content, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * A gateway response is `{"<method>_response":{…},"sign":"…"}` and the signature covers the object's
 * text exactly as sent, so we cut it out of the raw body instead of re-serialising the parsed JSON.
 * Returns null when the key is missing or its value is not an object.
 */
export function rawResponseObject(body: string, key: string): string | null {
  const keyAt = body.indexOf(`"${key}"`);
  if (keyAt < 0) return null;
  const start = body.indexOf("{", keyAt + key.length + 2);
  if (start < 0 || body.slice(keyAt + key.length + 2, start).trim() !== ":") return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i += 1) {
    const char = body[i];
    if (inString) {
      if (char === "\\") i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) return body.slice(start, i + 1);
  }
  return null;
}
