import { AVATAR_MAX_BYTES } from "../../../src/schema/constants.js";
import { AVATAR_BASE64_MAX_CHARS, AVATAR_DATA_URL_PATTERN } from "../../../src/schema/personal.js";
import { AVATAR_UPLOAD_RULE, UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import { sniffImageType, type ImageMimeType } from "./image-type.js";

const MESSAGES = { ...UPLOAD_MESSAGES, ...AVATAR_UPLOAD_RULE.messages };

export type AvatarImage = { content: Buffer; mimeType: ImageMimeType };
export type AvatarParse = { ok: true; image: AvatarImage } | { ok: false; message: string };

/**
 * Reads base64Data, the data: URL of the cropped avatar (spec §3, §5), with the spec's messages:
 * nothing usable is "请上传图片", a format other than jpg/jpeg/png — by the declared type or by the
 * bytes themselves — is "您选择的文件格式有误", more than 2097152 bytes is "文件超出大小限制".
 * The size is judged on the text first, so a cut-off field can never pass as a smaller image.
 */
export function parseAvatarDataUrl(dataUrl: string | undefined): AvatarParse {
  const text = dataUrl?.trim() ?? "";
  if (!text.startsWith("data:")) return { ok: false, message: MESSAGES.missing };
  if (!/^data:image\/(png|jpe?g)[;,]/i.test(text)) return { ok: false, message: MESSAGES.format };
  const base64 = text.slice(text.indexOf(",") + 1);
  if (base64.length > AVATAR_BASE64_MAX_CHARS) return { ok: false, message: MESSAGES.tooLarge(AVATAR_MAX_BYTES) };
  const match = AVATAR_DATA_URL_PATTERN.exec(text);
  if (!match || base64.length % 4 !== 0) return { ok: false, message: MESSAGES.missing };
  const content = Buffer.from(base64, "base64");
  if (content.length === 0) return { ok: false, message: MESSAGES.empty };
  if (content.length > AVATAR_MAX_BYTES) return { ok: false, message: MESSAGES.tooLarge(AVATAR_MAX_BYTES) };
  const mimeType = sniffImageType(content);
  if (!mimeType) return { ok: false, message: MESSAGES.format };
  return { ok: true, image: { content, mimeType } };
}
