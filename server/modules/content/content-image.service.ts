import type { Readable } from "node:stream";
import { CONTENT_IMAGE_UPLOAD_RULE, CONTENT_IMAGE_URL_PREFIX, isUploadedImagePath } from "../../../src/schema/console/content.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { findUploadProblem, UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import { sniffImageType } from "../personal/image-type.js";
import type { PublicImageList } from "../../blobs/public-image-list.js";

export const UNKNOWN_IMAGE_MESSAGE = "图片不存在，请重新上传";

/**
 * Images of banners and related applications: uploaded through the console into the blob store,
 * then public by their content hash below CONTENT_IMAGE_URL_PREFIX (a hash cannot be guessed, and
 * the pictures are meant to be seen). Only blobs uploaded here are served there.
 */
export class ContentImageService {
  constructor(
    private readonly images: PublicImageList,
    private readonly blobs: BlobStore,
    private readonly now: () => number,
  ) {}

  /** Checks the file by its name, its size and its first bytes (jpg or png), stores it, answers its path. */
  async store(file: UploadedFile | undefined, field: string): Promise<{ path: string }> {
    const refuse = (message: string) => new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
    const rule = CONTENT_IMAGE_UPLOAD_RULE;
    // A file cut off at the parser's limit is too large, whatever size was read.
    const size = file?.isTruncated ? rule.maxBytes + 1 : (file?.size ?? 0);
    const problem = findUploadProblem(file ? { name: file.filename, size } : null, rule);
    if (problem) throw refuse(problem.message);
    const mimeType = file && sniffImageType(file.content);
    if (!file || !mimeType) throw refuse(rule.messages?.format ?? UPLOAD_MESSAGES.format);
    const sha256 = await this.blobs.put(file.content);
    await this.images.record(sha256, mimeType, this.now());
    return { path: CONTENT_IMAGE_URL_PREFIX + sha256 };
  }

  /**
   * Refuses a form naming an uploaded image this platform does not have (a typed or stale path),
   * on the field that names it. Paths of the site's own artwork pass.
   */
  async requireKnown(pathsByField: Readonly<Record<string, string>>): Promise<void> {
    const uploaded = Object.entries(pathsByField).filter(([, path]) => isUploadedImagePath(path));
    const known = await this.images.known(uploaded.map(([, path]) => path.slice(CONTENT_IMAGE_URL_PREFIX.length)));
    const unknown = uploaded.filter(([, path]) => !known.has(path.slice(CONTENT_IMAGE_URL_PREFIX.length)));
    if (unknown.length > 0) {
      throw new BusinessError(ResultCode.validationFailed, UNKNOWN_IMAGE_MESSAGE, { errors: Object.fromEntries(unknown.map(([field]) => [field, UNKNOWN_IMAGE_MESSAGE])) });
    }
  }

  /** A content image's bytes; null for any other blob. */
  async open(sha256: string): Promise<{ stream: Readable; mimeType: string } | null> {
    const image = await this.images.find(sha256);
    const stream = image ? await this.blobs.open(sha256) : null;
    return image && stream ? { stream, mimeType: image.mime_type } : null;
  }
}
