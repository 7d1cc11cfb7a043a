import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { ResultCode } from "../../src/schema/envelope.js";
import { cleanFileName } from "../../src/schema/stored-name.js";
import { BusinessError } from "./envelope.js";
import { nextPart, watchFileStream } from "./multipart-parts.js";

/** One file of a streaming upload: read `stream` to the end before asking for the next file. */
export interface StreamedFile {
  fieldname: string;
  /** Cleaned and bounded (src/schema/stored-name.ts); the client's raw header value is never handed on. */
  filename: string;
  mimetype: string;
  stream: Readable;
  /** True once the parser cut the file off at the route's `fileSize` limit. */
  readonly isTruncated: boolean;
}

export const FIELDS_AFTER_FILE_MESSAGE = "表单字段须在文件之前提交";

/**
 * The files of a multipart request on a streaming route (server/plugins/multipart.ts), handed out
 * one at a time as the parser reaches them. Fields are signed and validated before the handler
 * runs, so a field after the first file would escape both: it is refused.
 */
export class StreamedUpload {
  #current: MultipartFile | null;
  #isFinished = false;

  constructor(
    first: MultipartFile | null,
    private readonly rest: AsyncIterator<Multipart>,
  ) {
    this.#current = first;
    if (!first) this.#isFinished = true;
  }

  get isFinished(): boolean {
    return this.#isFinished;
  }

  async *files(): AsyncGenerator<StreamedFile> {
    while (this.#current) {
      const part = this.#current;
      watchFileStream(part.file);
      // A part sent as application/octet-stream without a filename is a file whose name is undefined.
      yield { fieldname: part.fieldname, filename: cleanFileName(part.filename ?? ""), mimetype: part.mimetype, stream: part.file, get isTruncated() { return part.file.truncated; } };
      if (!part.file.readableEnded) throw new Error("StreamedUpload: a file was not read to its end before the next one");
      this.#current = await this.#nextFile();
    }
    this.#isFinished = true;
  }

  /** Reads away whatever is left (after a refusal), discarding it. */
  async drain(): Promise<void> {
    this.#isFinished = true;
    try {
      for (let part: Multipart | null = this.#current; part; ) {
        if (part.type === "file") await discard(part.file);
        const next = await this.rest.next();
        part = next.done ? null : next.value;
      }
    } catch {
      // A broken or aborted request has nothing left worth reading.
    } finally {
      this.#current = null;
    }
  }

  async #nextFile(): Promise<MultipartFile | null> {
    const next = await nextPart(this.rest);
    if (next.done) return null;
    if (next.value.type !== "file") throw new BusinessError(ResultCode.badRequest, FIELDS_AFTER_FILE_MESSAGE, { httpStatus: 400 });
    return next.value;
  }
}

async function discard(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  for await (const _chunk of stream) {
    // discarded
  }
}

/**
 * The route options of a streaming multipart upload (server/plugins/multipart.ts): fields first,
 * then up to `files` files of at most `maxBytes` each; the parser cuts a file one byte over so the
 * service answers with the upload rule's own message. Nothing is held in memory.
 */
export function streamingUpload(maxBytes: number, files: number) {
  return {
    config: {
      multipartStream: true,
      multipartOptions: { limits: { files: files + 1, parts: files + 1 + 20, fileSize: maxBytes + 1 } },
    },
  };
}

const NO_FILES: AsyncIterable<StreamedFile> = { async *[Symbol.asyncIterator]() {} };

/** The files of a streaming upload route's request (none when it sent none). */
export const uploadedFilesOf = (request: FastifyRequest): AsyncIterable<StreamedFile> => request.upload?.files() ?? NO_FILES;
