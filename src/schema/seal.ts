import { z } from "zod";
import { BYTES_PER_MB } from "./constants";
import { endpoint } from "./contract";
import { pagePSchema, pageQuerySchema } from "./paging";
import { defineStateMachine } from "./state-machine";
import { freeText, optionalText } from "./string-rule";
import { optionalFilterDate } from "./time-range";
import type { UploadRule } from "./upload";

/**
 * The electronic seal (/evidenceTaken/ElectronicSeal; issue 16): an enterprise-verified account
 * configures its seal (an image drawn from its verified name, or uploaded), gets a signing key and
 * a certificate from the platform's own seal CA, and seals PDFs: a visible seal on a page and a
 * PAdES signature over the whole file. Every sealed PDF is stored as evidence (kind sealedPdf) with
 * its own certificate, and is a row of the sealing list.
 */

// ---- the seal's life ----

/** unconfigured: no certificate yet; active: seals may be made; suspended: the holder stopped it. */
export const SEAL_STATES = ["unconfigured", "active", "suspended"] as const;
export type SealState = (typeof SEAL_STATES)[number];
export const SEAL_STATE_LABELS: Record<SealState, string> = { unconfigured: "未启用", active: "已启用", suspended: "已停用" };
export const SEAL_STATE_COLORS: Record<SealState, string> = { unconfigured: "default", active: "success", suspended: "warning" };

export const SEAL_TRANSITIONS = {
  /** The first certificate is issued: the seal can be used. */
  activate: { from: ["unconfigured"], to: "active", by: "holder" },
  suspend: { from: ["active"], to: "suspended", by: "holder" },
  resume: { from: ["suspended"], to: "active", by: "holder" },
} as const satisfies Record<string, { from: readonly SealState[]; to: SealState; by: "holder" }>;
export type SealAction = keyof typeof SEAL_TRANSITIONS;
export const SEAL_LIFECYCLE = defineStateMachine("seal", SEAL_TRANSITIONS, {
  refusal: (state) => `电子印章当前状态（${SEAL_STATE_LABELS[state]}）不能进行此操作`,
});

export const SEAL_IMAGE_SOURCES = ["generated", "uploaded"] as const;
export type SealImageSource = (typeof SEAL_IMAGE_SOURCES)[number];
export const SEAL_IMAGE_SOURCE_LABELS: Record<SealImageSource, string> = { generated: "按认证企业名称生成", uploaded: "上传印章图片" };

// ---- limits and messages ----

export const SEAL_BOTTOM_TEXT_MAX = 10;
export const SEAL_PDF_MAX_BYTES = 50 * BYTES_PER_MB;
export const SEAL_IMAGE_MAX_BYTES = 1 * BYTES_PER_MB;
/** An organisation certificate's validity; renewing issues a new key and certificate. */
export const SEAL_CERTIFICATE_DAYS = 365;
export const SEAL_DOCUMENT_NAME_MAX = 100;

export const SEAL_MESSAGES = {
  notEnterprise: "仅通过企业认证的账号可以配置和使用电子印章，请先完成企业认证",
  notConfigured: "电子印章尚未启用：请先在印章配置中签发印章证书",
  suspended: "电子印章已停用，请在印章配置中重新启用后再用印",
  certificateExpired: "印章证书已过期，请在印章配置中更新证书",
  imageMissing: "请先上传印章图片，或改用按企业名称生成的印章",
  imageNotPng: "印章图片须为背景透明的 PNG 图片",
  imageNotTransparent: "印章图片须为背景透明的 PNG 图片（含透明通道）",
  deviceUnknown: "所选设备不存在或不属于本账号",
  deviceNotAllowed: "该设备未被允许使用本单位的电子印章，请在印章配置中添加该设备",
  notPdf: "请上传 PDF 文件",
  encrypted: "该 PDF 已加密，无法用印，请上传未加密的 PDF",
  alreadySigned: "该 PDF 已含电子签名，再次用印会使原签名失效，暂不支持",
  noSuchPage: "用印页码超出文档页数",
  evidenceNotFound: "证书不存在或不属于本账号",
  evidenceNotReady: "该存证尚未完成上链，暂不能为其证书用印",
  sealingNotFound: "用印记录不存在",
} as const;

/** The business codes of the seal calls (35xx), each with its message above. */
export const SealCode = {
  /** Only enterpriseStatus 2 (verified) may configure or use a seal. */
  notEnterprise: 3500,
  /** No certificate issued yet. */
  notConfigured: 3501,
  suspended: 3502,
  certificateExpired: 3503,
  /** A device asked to seal, but the seal's configuration does not name it. */
  deviceNotAllowed: 3504,
} as const;

/** The uploaded document: a PDF up to 50 MB (its bytes decide; the name only for the first answer). */
export const SEAL_PDF_UPLOAD_RULE: UploadRule = {
  extensions: ["pdf"],
  maxBytes: SEAL_PDF_MAX_BYTES,
  messages: { missing: "请选择要用印的 PDF 文件", format: SEAL_MESSAGES.notPdf, tooLarge: () => "PDF 文件不能超过 50MB" },
};
export const SEAL_IMAGE_UPLOAD_RULE: UploadRule = {
  extensions: ["png"],
  maxBytes: SEAL_IMAGE_MAX_BYTES,
  messages: { missing: "请选择印章图片", format: SEAL_MESSAGES.imageNotPng, tooLarge: () => "印章图片不能超过 1MB" },
};

// ---- records ----

export const SealCertificateSchema = z.object({
  subject: z.string().meta({ title: "证书主体" }),
  issuer: z.string().meta({ title: "颁发者" }),
  serialNumber: z.string().meta({ title: "证书序列号", mono: true, copyable: true }),
  notBefore: z.number().int().meta({ title: "生效时间", format: "datetime" }),
  notAfter: z.number().int().meta({ title: "到期时间", format: "datetime" }),
  fingerprint: z.string().meta({ title: "SHA-256 指纹", mono: true, copyable: true }),
  /** PEM, for the holder to give a relying party with the CA's. */
  pem: z.string().meta({ title: "证书（PEM）", row: "never" }),
});
export type SealCertificate = z.infer<typeof SealCertificateSchema>;

export const SealDeviceSchema = z.object({ id: z.number().int(), name: z.string() });

export const SealConfigSchema = z.object({
  /** The account's enterprise verification (2 = verified; PersonalCode elsewhere). */
  enterpriseStatus: z.number().int(),
  enterpriseName: z.string().nullable(),
  canConfigure: z.boolean(),
  state: z.enum(SEAL_STATES).meta({ title: "印章状态", labels: SEAL_STATE_LABELS, colors: SEAL_STATE_COLORS }),
  imageSource: z.enum(SEAL_IMAGE_SOURCES).meta({ title: "印章图片", labels: SEAL_IMAGE_SOURCE_LABELS }),
  bottomText: z.string().nullable().meta({ title: "印章下方文字" }),
  hasUploadedImage: z.boolean(),
  allowedDeviceIds: z.array(z.number().int()),
  /** The holder's bound devices, to choose from. */
  devices: z.array(SealDeviceSchema),
  certificate: SealCertificateSchema.nullable(),
  /** The platform CA's certificate (PEM), which relying parties add as trusted to validate seals. */
  caCertificatePem: z.string(),
  updateTime: z.number().int().nullable(),
});
export type SealConfig = z.infer<typeof SealConfigSchema>;

export const SEALING_SOURCES = ["upload", "certificate"] as const;
export const SEALING_SOURCE_LABELS: Record<(typeof SEALING_SOURCES)[number], string> = { upload: "上传 PDF", certificate: "存证证书" };

export const SEALING_TIMESTAMPS = ["none", "tsa"] as const;
export const SEALING_TIMESTAMP_LABELS: Record<(typeof SEALING_TIMESTAMPS)[number], string> = { none: "无", tsa: "有" };

export const SealingRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  documentName: z.string().meta({ title: "文档名称", ellipsis: true }),
  source: z.enum(SEALING_SOURCES).meta({ title: "来源", labels: SEALING_SOURCE_LABELS }),
  sourceCertificateNo: z.string().nullable().meta({ title: "原证书编号", row: "ifPresent", mono: true }),
  pages: z.number().int().meta({ title: "页数" }),
  sealedPage: z.number().int().meta({ title: "用印页", row: "ifPresent" }),
  createTime: z.number().int().meta({ title: "用印时间", format: "datetime" }),
  /** The certificate of the sealed PDF's own evidence record. */
  certificateNo: z.string().meta({ title: "证书编号", copyable: true, mono: true }),
  evidenceId: z.number().int().meta({ title: "存证编号", row: "never" }),
  signatureInfo: z.string().meta({ title: "签名信息", ellipsis: true }),
  certificateSerial: z.string().meta({ title: "印章证书序列号", mono: true, row: "ifPresent" }),
  /** tsa: the signature carries a signature time-stamp token (PAdES B-T); none: B-B, its time is the platform's claim. */
  timestamp: z.enum(SEALING_TIMESTAMPS).meta({ title: "可信时间戳", labels: SEALING_TIMESTAMP_LABELS }),
  size: z.number().int().meta({ title: "文件大小", format: "bytes", row: "ifPresent" }),
  sha256: z.string().meta({ title: "SHA-256", mono: true, row: "ifPresent" }),
});
export type SealingRecord = z.infer<typeof SealingRecordSchema>;

// ---- call inputs ----

const bottomText = optionalText(freeText(SEAL_BOTTOM_TEXT_MAX, `印章下方文字不能超过${SEAL_BOTTOM_TEXT_MAX}个字`));

export const SealConfigFormSchema = z.object({
  imageSource: z.enum(SEAL_IMAGE_SOURCES, { error: "请选择印章图片来源" }).meta({ title: "印章图片" }),
  bottomText: bottomText.meta({ title: "印章下方文字" }),
  allowedDeviceIds: z.array(z.number().int().positive(), { error: "设备选择不正确" }).max(100).default([]).meta({ title: "允许使用的设备" }),
  /** Suspend (false) or resume (true) an issued seal. */
  isEnabled: z.boolean().default(true).meta({ title: "启用印章" }),
});
export type SealConfigForm = z.input<typeof SealConfigFormSchema>;
export type SealConfigValues = z.output<typeof SealConfigFormSchema>;

export const SealPreviewQuerySchema = z.object({
  imageSource: optionalText(z.enum(SEAL_IMAGE_SOURCES, { error: "请选择印章图片来源" })),
  bottomText,
});

/** 1-based page to seal; the last page when left out. */
const sealPage = optionalText(z.coerce.number({ error: "页码必须为正整数" }).int("页码必须为正整数").positive("页码必须为正整数")).meta({ title: "用印页码" });

export const SealUploadFieldsSchema = z.object({
  documentName: optionalText(freeText(SEAL_DOCUMENT_NAME_MAX, `文档名称不能超过${SEAL_DOCUMENT_NAME_MAX}个字`)).meta({ title: "文档名称" }),
  page: sealPage,
});

export const SealCertificateRequestSchema = z
  .object({
    evidenceId: optionalText(z.coerce.number().int().positive()).meta({ title: "存证编号" }),
    certificateNo: optionalText(z.string().trim().max(64)).meta({ title: "证书编号" }),
    page: sealPage,
  })
  .refine((value) => value.evidenceId !== undefined || value.certificateNo !== undefined, { message: "请选择要用印的证书", path: ["certificateNo"] });

export const SealingListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(SEAL_DOCUMENT_NAME_MAX)).meta({ title: "文档名称" }),
  startTime: optionalFilterDate("用印时间"),
  endTime: optionalFilterDate(),
});
export type SealingListQuery = z.infer<typeof SealingListQuerySchema>;

export const SealingIdSchema = z.object({ id: z.coerce.number({ error: SEAL_MESSAGES.sealingNotFound }).int().positive(SEAL_MESSAGES.sealingNotFound) });

// ---- the calls ----

const TAG = "电子印章";
const MULTIPART = "multipart/form-data：字段在前，文件（file）在后";

export const SEAL_ENDPOINTS = {
  config: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSealConfig", input: z.object({}), datas: SealConfigSchema, session: "user", tag: TAG, summary: "电子印章配置：企业认证状态、印章图片来源、证书与允许使用的设备" }),
  saveConfig: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/saveSealConfig",
    input: SealConfigFormSchema,
    datas: SealConfigSchema,
    session: "user",
    tag: TAG,
    summary: "保存电子印章配置（仅企业认证通过的主账号，3500）；isEnabled 停用或重新启用已签发证书的印章",
  }),
  uploadImage: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/uploadSealImage",
    input: z.object({}),
    datas: SealConfigSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `上传印章图片：背景透明的 PNG，不超过 1MB。${MULTIPART}`,
  }),
  preview: endpoint({
    method: "GET",
    path: "/evidenceTaken/v2/previewSealImage",
    input: SealPreviewQuerySchema,
    datas: z.object({ imageSource: z.enum(SEAL_IMAGE_SOURCES), dataUrl: z.string() }),
    session: "user",
    tag: TAG,
    summary: "印章图片预览（data: URL）：按认证企业名称生成的圆形印章（SVG），或已上传的 PNG",
  }),
  issueCertificate: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/issueSealCertificate",
    input: z.object({}),
    datas: SealConfigSchema,
    session: "user",
    tag: TAG,
    summary: `由平台自建电子印章 CA 为本企业签发（或更新）签名密钥与证书，有效期 ${SEAL_CERTIFICATE_DAYS} 天；首次签发即启用印章`,
  }),
  sealUpload: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/sealUploadedPdf",
    input: SealUploadFieldsSchema,
    datas: SealingRecordSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: `上传 PDF 用印（不超过 50MB，不得加密或已含签名）：指定页（默认末页）右下角加盖印章并做 PAdES 签名，用印后的文件存证上链。${MULTIPART}`,
  }),
  sealCertificate: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/sealEvidenceCertificate",
    input: SealCertificateRequestSchema,
    datas: SealingRecordSchema,
    session: "user",
    tag: TAG,
    summary: "为本人的存证证书用印：按存证编号或证书编号取证书 PDF，加盖印章并签名后存证上链",
  }),
  one: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSealingDetail", input: SealingIdSchema, datas: SealingRecordSchema, session: "user", tag: TAG, summary: "一条用印记录（本人）" }),
  list: endpoint({ method: "GET", path: "/evidenceTaken/v2/getSealingList", input: SealingListQuerySchema, datas: pagePSchema(SealingRecordSchema), session: "user", tag: TAG, summary: "用印记录（本人）" }),
  download: endpoint({ method: "GET", path: "/evidenceTaken/v2/downloadSealedPdf", input: SealingIdSchema, datas: z.null(), session: "user", file: true, tag: TAG, summary: "下载用印后的 PDF" }),
};
