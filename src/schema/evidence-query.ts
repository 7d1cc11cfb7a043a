import { z } from "zod";
import { LitigationPackageQuerySchema } from "./identity";
import { SHA256_HEX_RULE } from "./sha256-hex-rule";
import { optionalText, textRule } from "./string-rule";

/**
 * Forms of the public evidence pages (/info/extractLogin, certificate, xcontractCertificate,
 * validateQuery; the notarial certificate's query is notarial-certificate.ts). They check their input now; the ledger issue adds the calls
 * behind them. Labels and placeholders ride on each field's zod metadata (STYLE.md habit 3).
 */

export type QueryFieldMeta = { title: string; placeholder: string };

const field = <T extends z.ZodType>(schema: T, meta: QueryFieldMeta) => schema.meta(meta);

/** The same rule as the help centre's litigation-package certificate number (spec §5). */
const CertificateNoSchema = LitigationPackageQuerySchema.shape.certificateNo;

export const Sha256HexSchema = textRule(SHA256_HEX_RULE);

export const ExtractLoginFormSchema = z.object({
  extractNo: field(textRule({ required: "请输入提取编号" }), { title: "提取编号", placeholder: "证据持有人发给您的提取编号" }),
  extractCode: field(textRule({ required: "请输入提取码" }), { title: "提取码", placeholder: "与提取编号一起收到的提取码" }),
});

export const CertificateQueryFormSchema = z.object({
  certificateNo: field(CertificateNoSchema, { title: "证书编号", placeholder: "存证证书上印有的证书编号" }),
});

export const ContractCertificateQueryFormSchema = z.object({
  certificateNo: field(CertificateNoSchema, { title: "合同存证证书编号", placeholder: "电子合同存证证书上的证书编号" }),
});

export const ValidateQueryFormSchema = z.object({
  certificateNo: field(CertificateNoSchema, { title: "证书编号", placeholder: "存证证书上印有的证书编号" }),
  fileHash: field(optionalText(Sha256HexSchema), {
    title: "文件 SHA-256（可选）",
    placeholder: "要核对的文件的 SHA-256 值，64 位十六进制",
  }),
});

export type EvidenceQueryFormSchema =
  | typeof ExtractLoginFormSchema
  | typeof CertificateQueryFormSchema
  | typeof ContractCertificateQueryFormSchema
  | typeof ValidateQueryFormSchema;
