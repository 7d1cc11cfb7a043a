import { z } from "zod";
import type { SubmittedEvidenceKind } from "../../schema/evidence-entry";
import {
  AffairChildrenFieldsSchema,
  AffairFieldsSchema,
  EVIDENCE_MAX_FILES_PER_REQUEST,
  FileEvidenceFieldsSchema,
  fileEvidenceRule,
  HashEvidenceFormSchema,
  RightsFileFieldsSchema,
  RightsHashFormSchema,
  RightsWebFieldsSchema,
  TextEvidenceFormSchema,
  VoucherFieldsSchema,
  WEB_PAGE_UPLOAD_RULE,
} from "../../schema/evidence";
import { rightTypeRule, type UploadRule } from "../../schema/upload";

/**
 * How each kind's form collects its content:
 * - files: one or more files, uploaded (streamed) with the fields;
 * - file: exactly one file;
 * - digest: a file hashed on this computer, only its digests sent;
 * - fileOrDigest: the saved web page uploaded, or only its digests.
 */
export type ContentMode = "none" | "files" | "optionalFiles" | "file" | "digest" | "fileOrDigest";

export interface EvidenceFormConfig {
  /** The whole request body's schema (what the server validates). */
  schema: z.ZodObject;
  /** The fields typed into the form (the rest come from the content). */
  inputFields: readonly string[];
  content: ContentMode;
  contentLabel?: string;
  /** The rule a chosen file must pass, from the file's name and the form's values. */
  ruleFor?: (fileName: string, values: Record<string, unknown>) => UploadRule | undefined;
  maxFiles?: number;
  /** A note under the content field. */
  note?: string;
}

const DIGEST_FIELDS = ["fileName", "size", "sha256", "sm3"];
const fieldsOf = (schema: z.ZodObject, omit: readonly string[] = []) => Object.keys(schema.shape).filter((name) => !omit.includes(name));

export const EVIDENCE_FORMS: Record<SubmittedEvidenceKind, EvidenceFormConfig> = {
  file: { schema: FileEvidenceFieldsSchema, inputFields: ["name"], content: "files", contentLabel: "存证文件", ruleFor: (name) => fileEvidenceRule(name), maxFiles: EVIDENCE_MAX_FILES_PER_REQUEST, note: "文档、图片单个不超过 50M，音频、视频不超过 200M，其他文件不超过 2M；每个文件单独出具证书。" },
  text: { schema: TextEvidenceFormSchema, inputFields: ["name", "content"], content: "none" },
  hash: { schema: HashEvidenceFormSchema, inputFields: ["name"], content: "digest", contentLabel: "待存证文件" },
  voucher: { schema: VoucherFieldsSchema, inputFields: fieldsOf(VoucherFieldsSchema), content: "optionalFiles", contentLabel: "凭证附件", ruleFor: (name) => fileEvidenceRule(name), maxFiles: EVIDENCE_MAX_FILES_PER_REQUEST },
  affair: { schema: AffairFieldsSchema, inputFields: fieldsOf(AffairFieldsSchema), content: "files", contentLabel: "事务文件", ruleFor: (name) => fileEvidenceRule(name), maxFiles: EVIDENCE_MAX_FILES_PER_REQUEST, note: "每个文件成为该事务的一条子存证，各自出具证书；事务本身另有一张证书。" },
  rightsFile: {
    schema: RightsFileFieldsSchema,
    inputFields: fieldsOf(RightsFileFieldsSchema),
    content: "file",
    contentLabel: "作品文件",
    ruleFor: (_name, values) => (typeof values.rightType === "number" ? rightTypeRule(values.rightType) : undefined),
    maxFiles: 1,
  },
  rightsHash: { schema: RightsHashFormSchema, inputFields: fieldsOf(RightsFileFieldsSchema), content: "digest", contentLabel: "作品文件" },
  rightsWeb: {
    schema: RightsWebFieldsSchema,
    inputFields: fieldsOf(RightsWebFieldsSchema, DIGEST_FIELDS),
    content: "fileOrDigest",
    contentLabel: "网页内容",
    ruleFor: () => WEB_PAGE_UPLOAD_RULE,
    maxFiles: 1,
    note: "平台服务器不连接互联网，不会代为打开该网址。请在浏览器中打开网页，用“另存为”保存为 .html / .mhtml 或打印为 PDF 后上传；也可只在本地计算保存文件的摘要值。",
  },
};

/** More children for an existing affair (the affair's child list page): files only, the affair fixed. */
export const AFFAIR_CHILDREN_FORM: EvidenceFormConfig = {
  schema: AffairChildrenFieldsSchema,
  inputFields: [],
  content: "files",
  contentLabel: "追加的文件",
  ruleFor: (name) => fileEvidenceRule(name),
  maxFiles: EVIDENCE_MAX_FILES_PER_REQUEST,
  note: "每个文件成为该事务的一条新的子存证，各自写入账本、出具证书；事务本身的证书保持创建时的内容不变。",
};
