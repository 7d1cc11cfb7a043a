import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sha256Hex } from "../../../server/plugins/signature.js";
import { computeSignature } from "../../../src/schema/signature.js";
import type { TestApp } from "./test-app.js";

export type FilePart = { name: string; filename: string; contentType: string; content: Buffer };

/**
 * A multipart/form-data POST as a browser's FormData sends it: the fields (and the token) are
 * signed with the timestamp, the files are not (DESIGN.md §4).
 */
export function postMultipart(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  options: { token?: string; files?: FilePart[]; signedFields?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const withToken = options.token ? { ...fields, token: options.token } : fields;
  const timestamp = t.clock.now();
  const signature = computeSignature({ ...(options.signedFields ?? withToken), timestamp }, sha256Hex);
  const { body, contentType } = encodeMultipart(withToken, options.files ?? []);
  return t.app.inject({
    method: "POST",
    url,
    query: { timestamp: String(timestamp), signature },
    headers: { "content-type": contentType },
    payload: body,
    remoteAddress: options.ip,
  });
}

export function encodeMultipart(fields: Record<string, string>, files: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
