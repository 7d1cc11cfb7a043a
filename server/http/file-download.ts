import type { FastifyReply } from "fastify";
import type { Readable } from "node:stream";

/**
 * Files the server hands out (originals, attachments, certificate PDFs, proofs, packages) are named
 * here, once: one cleaning of a name into a single safe file name, and one Content-Disposition.
 */

const NAME_MAX_CHARS = 150;
const FALLBACK_STEM = "download";

/**
 * A name as one file-name segment: no path separators, control, bidirectional-override or
 * Windows-reserved characters, no leading/trailing dots or spaces (so never `..`), bounded in
 * length with its extension kept, never empty. Used for download names and ZIP entry names alike.
 */
export function safeFileName(name: string, fallback = FALLBACK_STEM): string {
  const cleaned = Array.from(name.normalize("NFC"))
    .map((char) => (/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/.test(char) ? "_" : char))
    .join("")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const chars = Array.from(cleaned);
  if (chars.length === 0) return fallback;
  if (chars.length <= NAME_MAX_CHARS) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? "";
  return `${chars.slice(0, NAME_MAX_CHARS - extension.length).join("")}${extension}`;
}

/**
 * `attachment` with the name twice (RFC 6266 §4.3): `filename*` in UTF-8 per RFC 8187, which every
 * current browser prefers, and a plain-ASCII `filename` for older clients that keeps the
 * extension (审计合同.txt → download.txt), so the file still opens with the right program.
 */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

function asciiFallback(name: string): string {
  const dot = name.lastIndexOf(".");
  const hasExtension = dot > 0 && /^\.[A-Za-z0-9]{1,10}$/.test(name.slice(dot));
  const [stem, extension] = hasExtension ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const asciiStem = stem
    .replace(/[^\x20-\x7e]+/g, "_")
    .replace(/["\\%;]/g, "_")
    .replace(/^[_\-\s.]+|[_\-\s.]+$/g, "");
  return `${/[A-Za-z0-9]/.test(asciiStem) ? asciiStem : FALLBACK_STEM}${extension}`;
}

/** RFC 8187 value-chars: attr-char stays, everything else percent-encoded from UTF-8. */
function encodeRfc8187(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Sends a download: the bytes under their name, and no caching, since what is sent is somebody's evidence. */
export function sendDownload(reply: FastifyReply, body: Readable | Buffer, file: { name: string; contentType: string; size?: number }) {
  reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.name))
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff");
  if (file.size !== undefined) reply.header("content-length", String(file.size));
  return reply.send(body);
}
