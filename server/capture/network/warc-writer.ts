import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { WARCRecord, WARCSerializer, WARC_1_1 } from "warcio";

/**
 * The capture's WARC/1.1, written as it happens: each record is one gzip member appended to
 * `<workDir>/<captureId>-<random>/data.warc.gz`, so a reader can seek to any record and memory
 * holds one record at a time. Appends go through one queue (records never interleave); callers
 * await their append, which keeps pending bodies bounded by the requests in flight.
 */

export const WARC_FILE_NAME = "data.warc.gz";
const SOFTWARE = "hengzheng-capture (warcio.js)";
const SERIALIZE_OPTIONS = { gzip: true, digest: { algo: "sha-256", prefix: "sha256:", base32: false } } as const;

export interface WarcExchange {
  url: string;
  /** When the request was sent. */
  date: Date;
  /** The address the connection was made to. */
  ipAddress: string;
  request: { method: string; target: string; headers: [string, string][]; body: Buffer | null };
  response: { httpVersion: string; status: number; statusText: string; rawHeaders: [string, string][]; body: Buffer };
}

export interface WarcWriter {
  readonly directory: string;
  readonly path: string;
  writeExchange(exchange: WarcExchange): Promise<void>;
  writeResource(uri: string, contentType: string, body: Buffer): Promise<void>;
  /** Waits for every append and closes the file. */
  close(): Promise<void>;
  /** Closes and removes the directory. */
  discard(): Promise<void>;
}

const recordId = () => `<urn:uuid:${randomUUID()}>`;

function warcDate(date: Date): string {
  return date.toISOString();
}

export async function openWarcWriter(workDir: string, captureId: number): Promise<WarcWriter> {
  const directory = join(workDir, `${captureId}-${randomBytes(6).toString("hex")}`);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const path = join(directory, WARC_FILE_NAME);
  const file: FileHandle = await open(path, "wx", 0o600);
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const append = (records: WARCRecord[]): Promise<void> => {
    if (closed) return Promise.reject(new Error("WARC already closed"));
    const next = queue.then(async () => {
      for (const record of records) await file.write(await WARCSerializer.serialize(record, SERIALIZE_OPTIONS));
    });
    // A failed append fails its caller; the queue goes on for the others.
    queue = next.catch(() => undefined);
    return next;
  };

  const info = WARCRecord.createWARCInfo(
    { filename: WARC_FILE_NAME, warcVersion: WARC_1_1 },
    { software: SOFTWARE, format: "WARC File Format 1.1", conformsTo: "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/", "capture-id": String(captureId) },
  );
  await append([info]);

  const close = async () => {
    if (closed) return;
    closed = true;
    await queue;
    await file.close();
  };

  return {
    directory,
    path,
    writeExchange: ({ url, date, ipAddress, request, response }) => {
      const requestId = recordId();
      const responseId = recordId();
      const common = { url, date: warcDate(date), warcVersion: WARC_1_1 } as const;
      // Node hands us the body de-chunked, so a Transfer-Encoding header would describe bytes the
      // record does not hold; it is dropped (the WARC 1.1 advice for de-chunked payloads). Names
      // keep their case and order; warcio writes a repeated header (Set-Cookie) as separate lines
      // at its first position.
      const responseHeaders = response.rawHeaders.filter(([name]) => name.toLowerCase() !== "transfer-encoding");
      return append([
        WARCRecord.create(
          {
            ...common,
            type: "response",
            statusline: `HTTP/${response.httpVersion} ${response.status} ${response.statusText}`.trimEnd(),
            httpHeaders: responseHeaders,
            warcHeaders: { "WARC-Record-ID": responseId, "WARC-IP-Address": ipAddress },
          },
          [response.body],
        ),
        WARCRecord.create(
          {
            ...common,
            type: "request",
            statusline: `${request.method} ${request.target} HTTP/1.1`,
            httpHeaders: request.headers,
            warcHeaders: { "WARC-Record-ID": requestId, "WARC-Concurrent-To": responseId, "WARC-IP-Address": ipAddress },
          },
          request.body ? [request.body] : [],
        ),
      ]);
    },
    writeResource: (uri, contentType, body) =>
      append([WARCRecord.create({ url: uri, date: warcDate(new Date()), type: "resource", warcVersion: WARC_1_1, warcHeaders: { "Content-Type": contentType } }, [body])]),
    close,
    discard: async () => {
      await close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
