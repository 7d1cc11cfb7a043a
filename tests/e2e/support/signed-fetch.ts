import { createHash } from "node:crypto";
import { computeSignature } from "../../../src/schema/signature.js";

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A minimal signed client over real HTTP, as a third-party integrator would write it. */
export async function signedGet(baseUrl: string, path: string, params: Record<string, string> = {}) {
  const withTime = { ...params, timestamp: String(Date.now()) };
  const query = new URLSearchParams({ ...withTime, signature: computeSignature(withTime, sha256Hex) });
  const response = await fetch(`${baseUrl}${path}?${query}`);
  return { status: response.status, body: await response.json() };
}

export async function signedPost(baseUrl: string, path: string, body: Record<string, unknown>) {
  const timestamp = Date.now();
  const signature = computeSignature({ ...body, timestamp }, sha256Hex);
  const response = await fetch(`${baseUrl}${path}?timestamp=${timestamp}&signature=${signature}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
