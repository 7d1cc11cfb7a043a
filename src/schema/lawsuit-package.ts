import { z } from "zod";
import { endpoint } from "./contract";
import { LitigationPackageQuerySchema } from "./identity";

/**
 * Two documents of the help centre the server generates (spec §2 HLSUITPACKAGE, HLELEEVIDENCE; §7):
 *
 * - The litigation package (诉讼包) of one certificate: the evidence, its certificate PDF, the ledger
 *   proofs, a report of the checks a court's technician would run, and a guide for filing it. It is
 *   built for the certificate's holder only: the ID number typed must be the holder's verified
 *   personal ID or business licence number. Unknown certificate and wrong ID answer the same masked
 *   message, a wrong captcha its own; every refusal uses up the captcha, and attempts are rate limited.
 *   The answer's filePath is a short-lived download link: the package is never public.
 * - The principles of electronic evidence (电子证据原理): our own PDF, shown as page images.
 */

export const LawSuitPackageCode = {
  /** Certificate unknown, or the ID number is not its holder's: one message for both. */
  notHolder: 3801,
  /** The image captcha is wrong, expired or used. */
  captchaInvalid: 3802,
  /** Too many attempts from this address lately. */
  rateLimited: 3803,
  /** The download link is unknown or has expired. */
  downloadExpired: 3804,
  /** The server cannot draw the principles document's pages (poppler-utils missing). */
  pagesUnavailable: 3805,
} as const;

export const LAWSUIT_PACKAGE_MESSAGES = {
  notHolder: "证书编号或证件号码不正确，请核对后重试",
  captchaInvalid: "验证码错误或已过期，请重新输入",
  rateLimited: "验证次数过多，请稍后再试",
  downloadExpired: "下载链接已失效，请重新验证后下载",
  pagesUnavailable: "服务器暂时无法生成电子证据原理的页面图片（未安装 PDF 渲染工具 poppler-utils），请联系平台管理员，或先下载 PDF 阅读",
} as const;

/** Where the principles document's page images are served, each named by its SHA-256. */
export const PRINCIPLES_PAGE_URL_PREFIX = "/files/principles/";

/** How long a download link stays valid, and how many package checks one address may make per hour. */
export const LAWSUIT_PACKAGE_LINK_TTL_MS = 30 * 60_000;
export const LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR = 10;
const LINK_MINUTES = LAWSUIT_PACKAGE_LINK_TTL_MS / 60_000;

/** The form (spec §5): certificate number, ID number, captcha; each required, checked on blur. */
export const LawSuitPackageFormSchema = LitigationPackageQuerySchema;
export type LawSuitPackageForm = z.infer<typeof LawSuitPackageFormSchema>;

/** One file in the package, as the detail lists it. */
export const PackageFileSchema = z.object({
  name: z.string().describe("包内路径，如 evidence/原始文件.pdf"),
  bytes: z.number().int().min(0),
  description: z.string(),
});
export type PackageFile = z.infer<typeof PackageFileSchema>;

/** The package detail (spec §3: title, updateTime, fileSize, fileNum, fileFormat, content) and its link. */
export const LawSuitPackageSchema = z.object({
  filePath: z.string().describe(`下载地址（一次验证后 ${LINK_MINUTES} 分钟内有效）`),
  title: z.string(),
  updateTime: z.string().describe("YYYY-MM-DD HH:mm:ss，包的生成时间"),
  fileSize: z.string().describe("如 1.2 MB"),
  fileNum: z.number().int().min(1),
  fileFormat: z.string().describe("zip"),
  /** HTML, written by the server: what is inside and how to use it. */
  content: z.string(),
  files: z.array(PackageFileSchema),
});
export type LawSuitPackage = z.infer<typeof LawSuitPackageSchema>;

export const PackageTicketSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, LAWSUIT_PACKAGE_MESSAGES.downloadExpired);

/** The principles document (spec §3 Electronic evidence principle: brief, subTitle, content, pngList). */
export const EleEvidencePrincipleSchema = z.object({
  brief: z.string(),
  subTitle: z.string(),
  content: z.string().describe("HTML：文档的简介"),
  pngList: z.array(z.object({ filePath: z.string(), page: z.number().int().min(1) })),
});
export type EleEvidencePrinciple = z.infer<typeof EleEvidencePrincipleSchema>;

const TAG = "帮助中心";

export const LAWSUIT_PACKAGE_ENDPOINTS = {
  getLawSuitPackage: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getLawSuitPackage",
    input: LawSuitPackageFormSchema,
    datas: LawSuitPackageSchema,
    session: "tokenless",
    tag: TAG,
    summary: "诉讼包：核对证书编号与持有人证件号码（及图形验证码）后生成，答包的说明与限时下载地址",
    description: "3801 证书编号或证件号码不正确（不区分哪一项）；3802 验证码错误；3803 尝试过多。图形验证码取自 /extractEvidence/v2/getCode，每次验证后失效。",
  }),
  downloadLawSuitPackage: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/downloadLawSuitPackage",
    input: z.object({ ticket: PackageTicketSchema }),
    datas: z.null(),
    file: true,
    session: "tokenless",
    tag: TAG,
    summary: `下载诉讼包（zip）；链接来自 getLawSuitPackage，${LINK_MINUTES} 分钟内有效，过期答 3804`,
  }),
  getEleEvidencePdf: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getEleEvidencePdf",
    input: z.object({}),
    datas: EleEvidencePrincipleSchema,
    session: "tokenless",
    tag: TAG,
    summary: "电子证据原理：简介与逐页图片（由服务器从平台自己的 PDF 渲染）",
  }),
  exportEleEvidencePdf: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/exportEleEvidencePdf",
    input: z.object({}),
    datas: z.null(),
    file: true,
    session: "tokenless",
    tag: TAG,
    summary: "下载电子证据原理 PDF",
  }),
};
