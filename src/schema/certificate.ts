import { z } from "zod";
import { CloudBrowserProcedureSchema } from "./cloud-browser";
import { APPLICATION_KIND_LABELS, ApplicationKindSchema } from "./console/identity-review";
import { endpoint } from "./contract";
import { formatDateTime } from "./format";

/**
 * Certificates and their public verification (issue 5): what a certificate PDF carries inside it,
 * and the payloads of the public verification calls. Shared by the server (which writes them), the
 * verification pages and the offline verifier (which read them).
 */

const Sha256HexLowerSchema = z.string().regex(/^[0-9a-f]{64}$/, "SHA-256 值应为 64 位小写十六进制字符");

/**
 * The holder's identity at the evidence's time (issue 13): the operator's approval of the real-name
 * or enterprise application in force then, proven by the approval's own "operatorAction" ledger
 * entry. A certificate with none (no approval then, or one decided before approvals were logged)
 * says plainly that the platform had not verified the holder. Public: only the entry's place, time
 * and action, never the operator, the ID number or the audit record.
 */
export const IdentityApprovalSchema = z.object({
  kind: ApplicationKindSchema.describe("认证类型"),
  action: z.string().describe("审核记录的操作（operatorAction 的 action）"),
  ledgerIndex: z.number().int().nonnegative().describe("审核记录的账本序号"),
  blockHeight: z.number().int().positive().describe("审核记录的区块高度"),
  time: z.number().int().nonnegative().describe("审核通过时间（毫秒时间戳）"),
});
export type IdentityApproval = z.infer<typeof IdentityApprovalSchema>;

/** The approval with what proves it: its entry and a proof under the same signed checkpoint as the evidence's. */
export const IdentityApprovalProofSchema = IdentityApprovalSchema.extend({
  entry: z.string().describe("审核记录原文（operatorAction 规范化 JSON）"),
  proofBundle: z.string().describe("审核记录的 c2sp.org/tlog-proof@v1 证明包，与证据记录同一签名检查点"),
});
export type IdentityApprovalProof = z.infer<typeof IdentityApprovalProofSchema>;

export const HOLDER_IDENTITY_LABEL = "持有人身份";

/**
 * The certificate's statement on the holder's identity (null: not verified by the platform at the
 * evidence's time). `separator` comes before the entry's place: a line break where a narrow row
 * would otherwise break inside it (the PDF).
 */
export function describeHolderIdentity(approval: IdentityApproval | null, separator = "，"): string {
  if (!approval) return "存证时持有人身份未经平台核验";
  const { kind, ledgerIndex, blockHeight, time } = approval;
  return `${APPLICATION_KIND_LABELS[kind]}已通过（平台审核于 ${formatDateTime(time)}）${separator}账本序号 ${ledgerIndex}，区块高度 ${blockHeight}`;
}

/**
 * A captured web page's second certificate page (取证环境与过程, issue 15): where, when and how the
 * platform's browser captured it, from the package's provenance and QA.
 */
export const CertificateCaptureSchema = z.object({
  url: z.string().describe("取证网址"),
  finalUrl: z.string().describe("最终地址"),
  title: z.string().describe("网页标题"),
  startedAt: z.string().describe("取证开始时间（ISO 8601）"),
  endedAt: z.string().describe("取证结束时间（ISO 8601）"),
  software: z.string().describe("取证软件"),
  chromium: z.string().describe("Chromium 版本"),
  nodeAddresses: z.array(z.string()).describe("取证节点出口地址"),
  publicAddress: z.string().nullable().describe("取证节点公网地址（运营方声明）"),
  origins: z
    .array(
      z.object({
        origin: z.string(),
        addresses: z.array(z.string()),
        tls: z.object({ protocol: z.string(), subject: z.string(), issuer: z.string(), fingerprint256: z.string() }).nullable(),
      }),
    )
    .describe("访问的源站"),
  redirects: z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int() })).describe("重定向"),
  blocked: z.array(z.object({ reason: z.string(), count: z.number().int() })).describe("被拦截的请求（按原因）"),
  qaFindings: z.array(z.object({ message: z.string(), detail: z.string() })).describe("质量检查发现"),
  qaAccepted: z.boolean().describe("持有人已确认质量检查发现"),
  manifestSha256: z.string().describe("取证包清单（datapackage.json）SHA-256"),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })).describe("取证包文件"),
});
export type CertificateCapture = z.infer<typeof CertificateCaptureSchema>;

const RecordingAnchorFactSchema = z.object({
  seq: z.number().int().describe("锚定序号"),
  chunks: z.number().int().describe("覆盖的分片数（前若干个）"),
  durationMs: z.number().int().describe("覆盖的录制时长（毫秒）"),
  time: z.number().int().describe("锚定时间（毫秒时间戳）"),
  ledgerIndex: z.number().int().describe("账本序号"),
});

/**
 * A recording's second certificate page (录制环境与过程, issue 16): how it was recorded, how it
 * ended, and each anchor of its chunk chain on the ledger; a mobile array lists each device's part.
 */
export const CertificateRecordingSchema = z.object({
  source: z.string().describe("录制方式"),
  isRemote: z.boolean().describe("用户不接触被录制的计算机（平台云端录制）"),
  ending: z.string().describe("结束方式"),
  durationMs: z.number().int().describe("录制时长（毫秒）"),
  chunks: z.number().int().describe("分片数"),
  target: z.string().nullable().describe("录制对象"),
  parts: z
    .array(
      z.object({
        name: z.string().describe("录制名称（设备）"),
        startedAt: z.number().int().describe("开始时间"),
        endedAt: z.number().int().nullable().describe("结束时间"),
        durationMs: z.number().int(),
        chunks: z.number().int(),
        ending: z.string().describe("结束方式"),
        environment: z.string().describe("录制环境"),
        anchors: z.array(RecordingAnchorFactSchema).describe("上链锚定"),
      }),
    )
    .describe("各段录制（手机阵列为每台设备一段）"),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })).describe("录像取证包文件"),
  /** Cloud-browser recordings only: the procedure's own facts (procedure.json of the package). */
  procedure: CloudBrowserProcedureSchema.nullable().optional().describe("过程取证"),
});
export type CertificateRecording = z.infer<typeof CertificateRecordingSchema>;

/** The facts a certificate prints, also embedded as certificate.json (display only: the proof is the entry). */
export const CertificateFactsSchema = z.object({
  certificateNo: z.string().describe("证书编号"),
  holderName: z.string().describe("持有人"),
  evidenceName: z.string().describe("证据名称"),
  kind: z.string().describe("证据类型代码"),
  kindLabel: z.string().describe("证据类型"),
  /** Only on an affair's child evidence: the affair it belongs to. */
  affair: z.object({ name: z.string().describe("事务名称"), certificateNo: z.string().describe("事务证书编号") }).optional().describe("所属事务"),
  size: z.number().int().nonnegative().describe("大小（字节）"),
  sha256: Sha256HexLowerSchema.describe("SHA-256"),
  sm3: z.string().describe("SM3"),
  createdAt: z.number().int().describe("存证时间（毫秒时间戳）"),
  ledgerIndex: z.number().int().nonnegative().describe("账本序号"),
  blockHeight: z.number().int().positive().describe("区块高度"),
  logOrigin: z.string().describe("日志名称（检查点 origin）"),
  treeSize: z.number().int().positive().describe("检查点树大小"),
  rootHash: z.string().describe("检查点根哈希（base64）"),
  verifierKey: z.string().describe("平台公钥（signed-note 验证密钥）"),
  timeSource: z.string().describe("时间来源说明"),
  verifyUrl: z.string().describe("公开核验地址"),
  /** Absent on certificates issued before identity approvals were proven. */
  holderIdentity: IdentityApprovalSchema.nullable().optional().describe("持有人身份（存证时；null 为未经平台核验）"),
  /** Only on a web page the platform captured: the second page's facts. */
  capture: CertificateCaptureSchema.optional().describe("取证环境与过程"),
  /** Only on recorded evidence: the second page's facts. */
  recording: CertificateRecordingSchema.optional().describe("录制环境与过程"),
});
export type CertificateFacts = z.infer<typeof CertificateFactsSchema>;

/**
 * What the public verification calls answer: enough for the browser to check everything itself,
 * and nothing private beyond masked display names. The entry is public anyway (served in tiles).
 */
const PublicCertificateSchema = z.object({
  certificateNo: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  holderName: z.string().describe("持有人（脱敏）"),
  evidenceName: z.string().describe("证据名称（脱敏）"),
  createdAt: z.number().int(),
  ledgerIndex: z.number().int().nonnegative(),
  blockHeight: z.number().int().positive(),
  entry: z.string().describe("账本记录原文（规范化 JSON）"),
  proofBundle: z.string().describe("c2sp.org/tlog-proof@v1 证明包，含签名检查点"),
  timeSource: z.string(),
  holderIdentity: IdentityApprovalProofSchema.nullable().describe("持有人身份（存证时的平台审核记录及其证明；null 为未经平台核验）"),
});
export type PublicCertificate = z.infer<typeof PublicCertificateSchema>;

/** Keeps the first and last characters of a display name and stars the rest (张三 → 张*, 北京某科技有限公司 → 北*******司). */
export function maskDisplayName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.length === 0 ? "" : "*";
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(Math.min(chars.length - 2, 8))}${chars[chars.length - 1]}`;
}

/** An evidence name shown publicly: masked, but a file's extension stays (合同.pdf → 合*.pdf). */
export function maskEvidenceName(name: string): string {
  const dot = name.lastIndexOf(".");
  const hasExtension = dot > 0 && name.length - dot <= 8;
  return hasExtension ? `${maskDisplayName(name.slice(0, dot))}${name.slice(dot)}` : maskDisplayName(name);
}

// ---- the calls ----

const VerifyByCertificateNoQuerySchema = z.object({
  certificateNo: z.string().trim().min(1, "请输入证书编号").max(64, "证书编号过长"),
});

const VerifyByDigestQuerySchema = z.object({
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, "SHA-256 值应为 64 位十六进制字符（0-9、a-f）")
    .transform((value) => value.toLowerCase()),
});

const TAG = "存证证书";

const verifyByCertificateNo = endpoint({
  method: "GET",
  path: "/certificate/v2/verifyByCertificateNo",
  input: VerifyByCertificateNoQuerySchema,
  datas: PublicCertificateSchema,
  session: "tokenless",
  tag: TAG,
  summary: "公开核验：按证书编号取得账本记录、证明包（含签名检查点）与脱敏的展示信息，由浏览器自行核验",
});
const verifyByDigest = endpoint({
  method: "GET",
  path: "/certificate/v2/verifyByDigest",
  input: VerifyByDigestQuerySchema,
  datas: z.array(PublicCertificateSchema),
  session: "tokenless",
  tag: TAG,
  summary: "公开核验：按文件 SHA-256 查找存证（文件在浏览器本地计算摘要，不上传），应答全部一致的存证",
});

export const CERTIFICATE_ENDPOINTS = {
  /** A file: the holder's certificate PDF (the browser fetches a signed address). */
  getCertificatePdf: endpoint({
    method: "GET",
    path: "/certificate/v2/getCertificatePdf",
    input: z.object({ id: z.string().min(1, "缺少存证记录编号").max(64).describe("存证记录编号") }),
    datas: z.null(),
    file: true,
    session: "user",
    tag: TAG,
    summary: "下载存证证书 PDF（仅证据持有人）：内嵌账本记录原文与 C2SP tlog-proof，可离线核验",
    description: "成功时应答 application/pdf 文件；404 证书不存在（包括不属于当前用户的记录）。",
  }),
  verifyByCertificateNo,
  /** The POST twins answer the same (and share the GET's rate budget); the pages use the GETs. */
  verifyByCertificateNoPost: endpoint({ ...verifyByCertificateNo, method: "POST", summary: "同 GET：按证书编号公开核验" }),
  verifyByDigest,
  verifyByDigestPost: endpoint({ ...verifyByDigest, method: "POST", summary: "同 GET：按文件 SHA-256 公开核验" }),
};
