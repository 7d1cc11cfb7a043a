import { ResultCode } from "../../../src/schema/envelope.js";
import { findUploadProblem, UPLOAD_MESSAGES, type UploadRule } from "../../../src/schema/upload.js";
import { BlobTooLargeError, type BlobStore, type TempBlob } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import type { StreamedFile } from "../../http/streamed-upload.js";

/** A file streamed to a durable temporary blob with both digests, not yet under its name. */
export interface IngestedFile {
  fileName: string;
  size: number;
  sha256: string;
  sm3: string;
  blob: TempBlob;
}

/** The refusal of one file, on the form's file field, in the upload rule's words (spec §5). */
export function uploadRefusal(message: string, field = "file"): BusinessError {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}

/**
 * Streams one uploaded file into the blob store's temporary area, which computes SHA-256 (the
 * blob's name) and SM3 over the same bytes as they arrive, off the event loop: memory stays at a
 * few MiB whatever the file's size. The format is checked from the name before any byte is kept;
 * size limits and the zero-byte rule when the stream ends. A refused file is read to its end (so
 * the next part can be reached) and leaves nothing behind.
 */
export async function ingestFile(blobs: BlobStore, file: StreamedFile, rule: UploadRule, field = "file"): Promise<IngestedFile> {
  const messages = { ...UPLOAD_MESSAGES, ...rule.messages };
  const formatProblem = findUploadProblem({ name: file.filename, size: 1 }, { ...rule, maxBytes: Number.MAX_SAFE_INTEGER });
  if (formatProblem) {
    await consume(file);
    throw uploadRefusal(formatProblem.message, field);
  }
  let blob: TempBlob;
  try {
    blob = await blobs.writeTemp(file.stream, { maxBytes: rule.maxBytes });
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw uploadRefusal(messages.tooLarge(rule.maxBytes), field);
    throw error;
  }
  if (file.isTruncated) {
    await blob.discard();
    throw uploadRefusal(messages.tooLarge(rule.maxBytes), field);
  }
  if (blob.size === 0) {
    await blob.discard();
    throw uploadRefusal(messages.empty, field);
  }
  return { fileName: file.filename, size: blob.size, sha256: blob.sha256, sm3: blob.sm3, blob };
}

/**
 * Every file of a streaming request through `ingest`, at most `maxFiles`. If one is refused, the
 * files already taken are discarded (nothing of a refused request is stored) and the rest of the
 * body is read away by the multipart plugin after the answer.
 */
export async function ingestAll(
  files: AsyncIterable<StreamedFile>,
  maxFiles: number,
  ingest: (file: StreamedFile) => Promise<IngestedFile>,
  tooManyMessage: string,
): Promise<IngestedFile[]> {
  const taken: IngestedFile[] = [];
  try {
    for await (const file of files) {
      if (taken.length >= maxFiles) {
        await consume(file);
        throw uploadRefusal(tooManyMessage);
      }
      taken.push(await ingest(file));
    }
    return taken;
  } catch (error) {
    await Promise.all(taken.map((file) => file.blob.discard()));
    throw error;
  }
}

async function consume(file: StreamedFile): Promise<void> {
  for await (const _chunk of file.stream) {
    // read away
  }
}
