import { z } from "zod";

/**
 * A file part of a multipart request, read into memory by the multipart plugin. Files are not
 * signed (DESIGN.md §4), so the signature plugin recognises them by this class; every other body
 * value is a plain field.
 */
export class UploadedFile {
  constructor(
    readonly content: Buffer,
    readonly filename: string,
    readonly mimetype: string,
    /** The part was longer than the size limit and was cut off: treat as too large. */
    readonly isTruncated: boolean,
  ) {}

  get size(): number {
    return this.content.length;
  }
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return value instanceof UploadedFile;
}

/** A file field of a route's body; shown as a binary string in the OpenAPI document. */
export function uploadedFileField(missingMessage: string) {
  return z.instanceof(UploadedFile, { error: missingMessage }).meta({ type: "string", format: "binary" });
}
