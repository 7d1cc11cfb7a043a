import { z } from "zod";
import {
  AVATAR_MAX_BYTES,
  BYTES_PER_MB,
  UPLOAD_AUDIO_MAX_BYTES,
  UPLOAD_DEFAULT_MAX_BYTES,
  UPLOAD_DOCUMENT_MAX_BYTES,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_VIDEO_MAX_BYTES,
} from "./constants";

/** File upload rules (spec §3 file rights types, §5 upload and avatar rules). */

export interface UploadMessages {
  missing: string;
  format: string;
  empty: string;
  tooLarge: (maxBytes: number) => string;
}

export interface UploadRule {
  /** Lowercase extensions without the dot; omitted means any extension is accepted. */
  extensions?: readonly string[];
  maxBytes: number;
  messages?: Partial<UploadMessages>;
}

/** What the browser's File and the server's multipart part both have. */
export interface FileLike {
  name: string;
  size: number;
}

/** "50M" in the message; a limit that is not whole megabytes keeps up to two decimals. */
const megabytes = (bytes: number) => String(Math.round((bytes / BYTES_PER_MB) * 100) / 100);

export const UPLOAD_MESSAGES: UploadMessages = {
  missing: "请选择文件",
  format: "选择的文件格式不正确",
  empty: "不支持上传0KB的文件",
  tooLarge: (maxBytes) => `文件大小超过${megabytes(maxBytes)}M`,
};

export const DEFAULT_UPLOAD_RULE: UploadRule = { maxBytes: UPLOAD_DEFAULT_MAX_BYTES };

/** Avatar: jpg, jpeg or png up to 2097152 bytes, with its own wording (spec §5). */
export const AVATAR_UPLOAD_RULE: UploadRule = {
  extensions: ["jpg", "jpeg", "png"],
  maxBytes: AVATAR_MAX_BYTES,
  messages: {
    missing: "请上传图片",
    empty: "请上传图片",
    format: "您选择的文件格式有误",
    tooLarge: () => "文件超出大小限制",
  },
};

/** "Report.PDF" → "pdf"; a name without a dot (or ending in one) has no extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export type UploadProblem = { field: "name" | "size"; message: string };

/** The check order: a file at all, then its format, then empty, then too large. */
export function findUploadProblem(
  file: FileLike | null | undefined,
  rule: UploadRule = DEFAULT_UPLOAD_RULE,
): UploadProblem | null {
  const messages = { ...UPLOAD_MESSAGES, ...rule.messages };
  if (!file) return { field: "name", message: messages.missing };
  if (rule.extensions && !rule.extensions.includes(fileExtension(file.name))) {
    return { field: "name", message: messages.format };
  }
  if (file.size <= 0) return { field: "size", message: messages.empty };
  if (file.size > rule.maxBytes) return { field: "size", message: messages.tooLarge(rule.maxBytes) };
  return null;
}

/** The message to show for a chosen file, or null when it may be uploaded. */
export function checkUpload(file: FileLike | null | undefined, rule: UploadRule = DEFAULT_UPLOAD_RULE): string | null {
  return findUploadProblem(file, rule)?.message ?? null;
}

// ---- File rights types (rightType) ----

export const RIGHT_TYPE = { document: 1, image: 2, audio: 3, video: 4 } as const;
export type RightTypeId = (typeof RIGHT_TYPE)[keyof typeof RIGHT_TYPE];

export interface RightTypeRule extends UploadRule {
  id: RightTypeId;
  label: string;
  extensions: readonly string[];
}

/** Extensions are our choice (the spec only says each type has a list): common formats Chinese users hold. */
export const RIGHT_TYPES: readonly RightTypeRule[] = [
  {
    id: RIGHT_TYPE.document,
    label: "文档",
    maxBytes: UPLOAD_DOCUMENT_MAX_BYTES,
    extensions: ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "wps", "et", "dps", "ofd", "rtf", "csv", "odt", "ods", "odp"],
  },
  {
    id: RIGHT_TYPE.image,
    label: "图片",
    maxBytes: UPLOAD_IMAGE_MAX_BYTES,
    extensions: ["jpg", "jpeg", "png", "gif", "bmp", "webp", "tif", "tiff", "heic", "svg"],
  },
  {
    id: RIGHT_TYPE.audio,
    label: "音频",
    maxBytes: UPLOAD_AUDIO_MAX_BYTES,
    extensions: ["mp3", "wav", "flac", "aac", "m4a", "ogg", "wma", "amr"],
  },
  {
    id: RIGHT_TYPE.video,
    label: "视频",
    maxBytes: UPLOAD_VIDEO_MAX_BYTES,
    extensions: ["mp4", "mov", "avi", "mkv", "flv", "wmv", "webm", "m4v", "3gp", "mpg", "mpeg", "ts"],
  },
];

export const RightTypeIdSchema = z.literal(RIGHT_TYPES.map((type) => type.id), { error: "请选择文件类型" });

export function rightTypeRule(id: RightTypeId): RightTypeRule;
export function rightTypeRule(id: number): RightTypeRule | undefined;
export function rightTypeRule(id: number): RightTypeRule | undefined {
  return RIGHT_TYPES.find((type) => type.id === id);
}

/** The `accept` attribute of a file input for a rights type: ".pdf,.doc,…". */
export const acceptAttribute = (rule: UploadRule) => (rule.extensions ?? []).map((ext) => `.${ext}`).join(",");

/** A file about to be registered for rights confirmation; checked again by the server. */
export const RightsFileSchema = z
  .object({
    name: z.string().min(1, UPLOAD_MESSAGES.missing),
    size: z.number().int().nonnegative(),
    rightType: RightTypeIdSchema,
  })
  .superRefine((file, ctx) => {
    const rule = rightTypeRule(file.rightType);
    const problem = rule && findUploadProblem(file, rule);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type RightsFile = z.infer<typeof RightsFileSchema>;
