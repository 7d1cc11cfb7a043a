import type { CheckStatus, VerificationCheck } from "../../isomorphic/ledger/verify-bundle";

/**
 * One check of a certificate as the verification pages and the offline verifier list it: the
 * ledger's own checks (isomorphic/ledger/verify-bundle.ts), these of the certificate's content and, for
 * a web capture's package, those of the WACZ file itself (wacz-check.ts), for a recording package,
 * those of its chunks and anchors (recording-check.ts), for a digital report, those of the evidence
 * it embeds (digital-report-check.ts).
 */
export const CERTIFICATE_CHECK_NAMES = {
  "entry-format": "证据记录格式正确",
  "certificate-no": "证书编号与证据记录一致",
  "identity-entry": "持有人身份审核记录为身份认证通过",
  "identity-inclusion": "持有人身份审核记录包含在同一签名检查点中",
  "file-sha256": "文件 SHA-256 摘要与证据记录一致",
  "file-sm3": "文件 SM3 摘要与证据记录一致",
  "wacz-structure": "网页取证包结构完整",
  "wacz-manifest": "网页取证包清单与清单摘要一致",
  "wacz-files": "网页取证包内文件与清单记载一致",
  "recording-structure": "录像取证包结构完整",
  "recording-files": "录像取证包内文件与清单记载一致",
  "recording-chunks": "录像分片与哈希链完整",
  "recording-anchors": "各次锚定已上链且与哈希链一致",
  "recording-complete": "录像完整，未被截断",
  "report-document": "数据检验报告的检验结果可读",
  "report-items": "报告内嵌的证据记录与包含证明有效",
} as const;

export type CertificateCheckId = keyof typeof CERTIFICATE_CHECK_NAMES;

export interface CertificateCheck {
  readonly id: VerificationCheck["id"] | CertificateCheckId;
  readonly name: string;
  readonly status: CheckStatus;
  readonly reason: string;
  readonly detail?: string;
}

export const PREREQUISITE_FAILED = "前置检查未通过，无法进行此项检查";

export function certificateCheck(id: CertificateCheckId, status: CheckStatus, reason: string, detail?: string): CertificateCheck {
  return { id, name: CERTIFICATE_CHECK_NAMES[id], status, reason, ...(detail === undefined ? {} : { detail }) };
}
