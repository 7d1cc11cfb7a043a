import { parseProofBundle } from "../../isomorphic/ledger/proof-bundle";
import { DIGITAL_REPORT_ATTACHMENTS, DigitalReportDocumentSchema, type DigitalReportDocument } from "../schema/digital-report";
import { certificateCheck, PREREQUISITE_FAILED, type CertificateCheck } from "./certificate-check";
import { verifyCertificate } from "./certificate-checks";
import { readPdfAttachments } from "./pdf-attachments";

/**
 * The checks of a digital report PDF (数据检验报告) on its own, beside its certificate's check of
 * the whole file's digests: every evidence the report lists must come with its ledger entry and
 * tlog-proof embedded, the entry must carry the certificate number and digests the report prints,
 * and the proof must hold under the one signed checkpoint the report names, signed by a trusted
 * platform key (the same certificate checks as for each evidence's own certificate). So a reader
 * re-checks each item the report vouches for, offline.
 */

export interface DigitalReportContents {
  /** The results as embedded, or the reason they cannot be read. */
  readonly document: DigitalReportDocument | { readonly problem: string };
  readonly files: ReadonlyMap<string, Uint8Array>;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The embedded results when `bytes` is a PDF carrying digital-report.json; null for any other file. */
export async function readDigitalReportPdf(bytes: Uint8Array): Promise<DigitalReportContents | null> {
  if (!PDF_MAGIC.every((byte, index) => bytes[index] === byte)) return null;
  let files: Map<string, Uint8Array>;
  try {
    files = await readPdfAttachments(bytes);
  } catch {
    return null;
  }
  const report = files.get(DIGITAL_REPORT_ATTACHMENTS.report);
  if (!report) return null;
  try {
    return { document: DigitalReportDocumentSchema.parse(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(report))), files };
  } catch (error) {
    return { document: { problem: (error as Error).message }, files };
  }
}

export function checkDigitalReport({ document, files }: DigitalReportContents, context: { readonly verifierKeys: readonly string[] }): CertificateCheck[] {
  if ("problem" in document) {
    return [
      certificateCheck("report-document", "fail", `报告内嵌的检验结果（${DIGITAL_REPORT_ATTACHMENTS.report}）无法读取或格式不正确`, document.problem),
      certificateCheck("report-items", "skip", PREREQUISITE_FAILED),
    ];
  }
  const problems = document.items.flatMap((item, index) => {
    const name = `第 ${index + 1} 条证据（${item.certificateNo}）`;
    const entry = files.get(DIGITAL_REPORT_ATTACHMENTS.entry(item.certificateNo));
    const proof = files.get(DIGITAL_REPORT_ATTACHMENTS.proof(item.certificateNo));
    if (!entry || !proof) return [`${name}的账本记录或包含证明未内嵌在报告中`];
    const proofText = new TextDecoder().decode(proof);
    const verified = verifyCertificate({ entry, proofBundle: proofText, verifierKeys: context.verifierKeys, certificateNo: item.certificateNo });
    const failed = verified.checks.find((check) => check.status === "fail");
    if (!verified.ok || !verified.entry) return [`${name}：${failed ? `${failed.name}——${failed.reason}` : "包含证明未能核对"}`];
    if (verified.entry.sha256 !== item.sha256 || verified.entry.sm3 !== item.sm3) return [`${name}的账本记录摘要与报告所载不一致`];
    return parseProofBundle(proofText).checkpoint === document.checkpoint ? [] : [`${name}的包含证明不是在报告所载的检查点下给出的`];
  });
  const documentCheck = certificateCheck("report-document", "pass", `报告 ${document.reportNo} 列出 ${document.items.length} 条证据，结论：${document.verdict === "pass" ? "全部检查通过" : "存在不通过项"}`);
  if (problems.length > 0) return [documentCheck, certificateCheck("report-items", "fail", problems[0], problems.join("\n"))];
  return [documentCheck, certificateCheck("report-items", "pass", `报告列出的 ${document.items.length} 条证据的账本记录均内嵌在报告中、证书编号与摘要与报告所载一致，且包含在报告所载的平台签名检查点中`)];
}
