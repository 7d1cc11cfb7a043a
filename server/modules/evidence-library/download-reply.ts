import type { FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import { SHANGHAI_OFFSET_MS } from "../../../src/schema/shanghai-time.js";

/**
 * Sends a download: the bytes with a Content-Disposition naming the file in UTF-8 (RFC 6266 /
 * RFC 5987) and an ASCII fallback, and no caching, since what is sent is somebody's evidence.
 */
export function sendDownload(reply: FastifyReply, body: Readable | Buffer, file: { name: string; contentType: string; size?: number }) {
  const fallback = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff");
  if (file.size !== undefined) reply.header("content-length", String(file.size));
  return reply.send(body);
}

/** A ZIP's name from the time it was asked for, e.g. 证据打包-20261122-101500.zip (Shanghai time). */
export function packageFileName(prefix: string, time: number): string {
  const shanghai = new Date(time + SHANGHAI_OFFSET_MS).toISOString();
  return `${prefix}-${shanghai.slice(0, 10).replaceAll("-", "")}-${shanghai.slice(11, 19).replaceAll(":", "")}.zip`;
}
