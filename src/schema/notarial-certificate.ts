import { z } from "zod";
import { certificateNoPattern } from "./certificate-no";
import { endpoint } from "./contract";

/**
 * The public query of an issued notarial certificate (/info/notaryCertificate; issue 17): anyone
 * with the number (printed on the certificate and in its QR code, which leads to this page with
 * `?certificateNo=`) sees the office, the time, masked applicant details, the evidence count and
 * whether the certificate verifies. The number is as unguessable as an evidence certificate's
 * (certificate-no.ts), with its own prefix.
 */

export const NOTARIAL_CERTIFICATE_NO_PREFIX = "GZ";
/** GZ and 22 characters of Crockford base32 (certificate-no.ts). */
export const NOTARIAL_CERTIFICATE_NO_PATTERN = certificateNoPattern(NOTARIAL_CERTIFICATE_NO_PREFIX);
/** Public page a notarial certificate's QR code opens (as CERTIFICATE_VERIFY_PATH for evidence certificates). */
export const NOTARIAL_CERTIFICATE_PATH = "/info/notaryCertificate";
/** The query parameter the QR code carries. */
export const NOTARIAL_CERTIFICATE_QUERY = "certificateNo";

export const NOTARIAL_QUERY_MESSAGES = {
  required: "请输入公证书编号",
  invalid: "公证书编号格式不正确",
  notFound: "未查询到该公证书，请核对编号",
} as const;

/** The checks the server made; the browser repeats the ledger ones itself from the proof it is given. */
export const NotarialVerdictSchema = z.object({
  /** The stored PDF's SHA-256 equals the digest on the ledger entry. */
  digestMatches: z.boolean(),
  /** The entry is included in the latest signed checkpoint. */
  onLedger: z.boolean(),
  /** The PDF's seal signature validates against the office's seal certificate. */
  sealValid: z.boolean(),
});

export const NotarialCertificatePublicSchema = z.object({
  certificateNo: z.string().meta({ title: "公证书编号", mono: true }),
  officeName: z.string().meta({ title: "出证公证处" }),
  issueTime: z.number().int().meta({ title: "出证时间", format: "datetime" }),
  /** e.g. 张*三, 衡州**科技有限公司 */
  applicantName: z.string().meta({ title: "申请人" }),
  evidenceCount: z.number().int().meta({ title: "所涉证据" }),
  sha256: z.string().meta({ title: "公证书 SHA-256", mono: true }),
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号" }),
  verdict: NotarialVerdictSchema,
  /** The issue's ledger entry exactly as logged, and its C2SP tlog-proof under the latest checkpoint: for the browser's own check (null until appended). */
  entry: z.string().nullable(),
  proofBundle: z.string().nullable(),
});
export type NotarialCertificatePublic = z.infer<typeof NotarialCertificatePublicSchema>;

export const NotarialCertificateQuerySchema = z.object({
  certificateNo: z.string({ error: NOTARIAL_QUERY_MESSAGES.required }).trim().min(1, NOTARIAL_QUERY_MESSAGES.required).max(40, NOTARIAL_QUERY_MESSAGES.invalid),
});

export const NOTARIAL_CERTIFICATE_ENDPOINTS = {
  query: endpoint({
    method: "GET",
    path: "/info/v2/queryNotarialCertificate",
    input: NotarialCertificateQuerySchema,
    datas: NotarialCertificatePublicSchema,
    session: "tokenless",
    tag: "公证书查询",
    summary: "按编号公开查询公证书：出证公证处、时间、脱敏的申请人、证据条数与核验结果",
  }),
};
