import { decodeUtf8 } from "../../../isomorphic/ledger/encoding.js";
import {
  DIGITAL_REPORT_CHECK_GROUPS,
  type DigitalReportCheck,
  type DigitalReportCheckGroup,
  type DigitalReportItem,
} from "../../../src/schema/digital-report.js";
import type { EvidenceEntry } from "../../../src/schema/evidence-entry.js";
import { RECORDING_KINDS } from "../../../src/schema/recording.js";
import { verifyCertificate, type FileContentChecks, type FileDigests } from "../../../src/verification/certificate-checks.js";
import { checkDigitalReport, readDigitalReportPdf } from "../../../src/verification/digital-report-check.js";
import { checkRecordingPackage } from "../../../src/verification/recording-check.js";
import { checkWaczPackage } from "../../../src/verification/wacz-check.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { captureFactsOf } from "../certificate/capture-facts.js";
import type { ChainService } from "../chain/chain.service.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import { checkCaptureProcess } from "./capture-process-check.js";
import { evidenceFacts } from "./evidence-facts.js";
import { proveUnder, type CheckedAgainst, type ReportLedger } from "./ledger-view.js";
import { firstFailure, reportCheck } from "./report-check.js";
import { NODE_PACKAGE_TOOLS, readStoredContent } from "./stored-content.js";
import { checkTimestamp } from "./timestamp-check.js";
import { checkWitnesses } from "./witness-check.js";

export interface InspectorPorts {
  readonly ledger: ReportLedger;
  readonly chain: Pick<ChainService, "witnessCosignatures" | "timestampFor" | "verifyTimestamp" | "timestampAuthority">;
  readonly evidence: Pick<EvidencePort, "openContent">;
  readonly blobs: Pick<BlobStore, "localPath">;
}

/** One evidence checked: the report's item, and what the report PDF embeds for it. */
export interface Inspection {
  readonly item: DigitalReportItem;
  /** The entry exactly as logged. */
  readonly entry: string;
  /** Its tlog-proof under the report's checkpoint. */
  readonly proofBundle: string;
}

/** Where the shared checks' wording speaks of "the file" or of any checkpoint, the report says what it recomputed and against what. */
const REPORT_NAMES: Record<string, string> = {
  "file-sha256": "SHA-256 摘要（由存储的数据重新计算）与账本记录一致",
  "file-sm3": "SM3 摘要（由存储的数据重新计算）与账本记录一致",
  "checkpoint-signature": "检验所依据的检查点签名有效（平台密钥）",
  inclusion: "证据记录包含在检验所依据的签名检查点中",
};
const HASH_ONLY_NAMES: Record<string, string> = {
  "file-sha256": "平台记录的 SHA-256 摘要与账本记录一致（仅保存摘要）",
  "file-sm3": "平台记录的 SM3 摘要与账本记录一致（仅保存摘要）",
};
const HASH_ONLY = "该证据只保存了摘要，平台未保存原文件，无法由存储的数据重新计算：本项核对平台记录的摘要与账本记录。";

function groupOf(id: string): DigitalReportCheckGroup {
  if (id.startsWith("file-") || id === "record-entry") return "digest";
  if (/^(wacz|recording|capture|report)-/.test(id)) return "package";
  return "ledger";
}

/** What the stored bytes are, where their content has checks of its own: a capture's WACZ, a recording package, an earlier digital report. */
type PackageKind = "wacz" | "recording" | "report" | null;

function packageKindOf(record: EvidenceRecord): PackageKind {
  if (captureFactsOf(record)) return "wacz";
  if (record.kind === "digitalReport") return "report";
  return (RECORDING_KINDS as readonly string[]).includes(record.kind) ? "recording" : null;
}

/**
 * Every check of one stored evidence, against one signed checkpoint, with the verification code the
 * verification pages and the offline verifier run (src/verification, isomorphic/ledger): the entry
 * as the ledger logged it, the stored bytes as they are now, the ledger's proofs and the witnesses'
 * and TSA's attestations as the chain module keeps them.
 */
export async function inspectEvidence(ports: InspectorPorts, record: EvidenceRecord, against: CheckedAgainst): Promise<Inspection> {
  const index = record.ledgerIndex!;
  const entryBytes = await ports.ledger.entry(index);
  if (!entryBytes) throw new Error(`digital report: ledger entry ${index} of evidence ${record.id} is missing`);
  const entryText = decodeUtf8(entryBytes, "ledger entry");
  const packageKind = packageKindOf(record);
  const isHashOnly = record.blobSha256 === null;
  const stream = isHashOnly ? null : await ports.evidence.openContent(record);
  const content = stream ? await readStoredContent(stream, packageKind !== null) : null;
  const proofBundle = await ports.ledger.proofBundle(index, against.treeSize);

  const file: FileDigests | undefined = content ? content : isHashOnly ? { sha256: record.sha256, sm3: record.sm3 } : undefined;
  const verification = verifyCertificate({
    entry: entryBytes,
    proofBundle,
    verifierKeys: [ports.ledger.verifierKey],
    certificateNo: record.certificateNo,
    ...(file ? { file } : {}),
    ...(content?.bytes && packageKind ? { fileChecks: await packageChecks(content.bytes, packageKind) } : {}),
  });

  const checks: DigitalReportCheck[] = [recordAgreement(record, entryText, verification.entry, isHashOnly)];
  for (const shared of verification.checks) {
    // The report proves consistency from the entry's own block instead (below).
    if (shared.id === "consistency") continue;
    if (!content && !isHashOnly && shared.id.startsWith("file-")) {
      checks.push(reportCheck(shared.id, "digest", REPORT_NAMES[shared.id], "fail", "存储的数据已缺失，无法重新计算摘要"));
      continue;
    }
    const name = (isHashOnly ? HASH_ONLY_NAMES[shared.id] : undefined) ?? REPORT_NAMES[shared.id] ?? shared.name;
    // The shared wording speaks of "the file" a visitor gives; here it is what the platform stores.
    const reason = isHashOnly && HASH_ONLY_NAMES[shared.id] ? `${HASH_ONLY}${shared.reason}` : shared.reason.replace(/^文件的/, "存储数据的");
    checks.push(reportCheck(shared.id, groupOf(shared.id), name, shared.status, reason, shared.detail));
  }
  checks.push(await checkIssuedConsistency(ports.ledger, record, entryBytes, against));
  checks.push(await checkWitnesses(ports, entryBytes, index, against));
  checks.push(await checkTimestamp(ports, entryBytes, index, against));
  if (packageKind === "wacz") {
    const stated = record.details as { provenance?: unknown; qaAccepted?: boolean };
    const path = content ? await ports.blobs.localPath(record.blobSha256!) : null;
    checks.push(...(await checkCaptureProcess(path, { provenance: stated.provenance, qaAccepted: stated.qaAccepted === true })));
  }
  const ordered = DIGITAL_REPORT_CHECK_GROUPS.flatMap((group) => checks.filter((check) => check.group === group));
  const item: DigitalReportItem = {
    evidenceId: record.id,
    certificateNo: record.certificateNo,
    name: record.name,
    kind: record.kind,
    createTime: record.createdAt,
    size: record.size,
    sha256: record.sha256,
    sm3: record.sm3,
    ledgerIndex: index,
    blockHeight: record.blockHeight!,
    verdict: ordered.some((check) => check.status === "fail") ? "fail" : "pass",
    facts: evidenceFacts(record),
    checks: ordered,
  };
  return { item, entry: entryText, proofBundle };
}

async function packageChecks(stored: Buffer, kind: Exclude<PackageKind, null>): Promise<FileContentChecks> {
  const bytes = new Uint8Array(stored.buffer, stored.byteOffset, stored.length);
  if (kind === "wacz") return () => checkWaczPackage(bytes, NODE_PACKAGE_TOOLS);
  if (kind === "recording") return (context) => checkRecordingPackage(bytes, NODE_PACKAGE_TOOLS, context);
  // A report checked again: the evidence it embeds, as the offline verifier re-checks it.
  const report = await readDigitalReportPdf(bytes);
  return (context) => (report ? checkDigitalReport(report, context) : []);
}

/** The platform's record (its cached columns) against what the ledger logged: both must state the same evidence. */
function recordAgreement(record: EvidenceRecord, entryText: string, entry: EvidenceEntry | null, isHashOnly: boolean): DigitalReportCheck {
  const name = "平台存证记录与账本记录一致";
  if (!entry) return reportCheck("record-entry", "digest", name, "fail", "账本记录无法解析，无法核对");
  const differences = [
    entryText !== record.entryJson ? "记录原文" : null,
    entry.certificateNo !== record.certificateNo ? "证书编号" : null,
    entry.sha256 !== record.sha256 ? "SHA-256 摘要" : null,
    entry.sm3 !== record.sm3 ? "SM3 摘要" : null,
    entry.size !== record.size ? "数据大小" : null,
    entry.kind !== record.kind ? "证据类型" : null,
  ].filter((item): item is string => item !== null);
  if (differences.length > 0) return reportCheck("record-entry", "digest", name, "fail", `平台记录的${differences.join("、")}与账本记录不一致`);
  const what = isHashOnly ? "该证据只保存了摘要：平台记录的证书编号、SHA-256 与 SM3 摘要、大小" : "平台记录的证书编号、SHA-256 与 SM3 摘要、大小";
  return reportCheck("record-entry", "digest", name, "pass", `${what}与账本记录（序号 ${record.ledgerIndex}）一致`);
}

/**
 * The checkpoint of the block that first took the entry (the one its certificate was issued
 * under) is signed, holds the entry, and is a prefix of the report's checkpoint: the log was not
 * rewritten between.
 */
async function checkIssuedConsistency(ledger: ReportLedger, record: EvidenceRecord, entry: Uint8Array, against: CheckedAgainst): Promise<DigitalReportCheck> {
  const name = "存证时的检查点与检验所依据的检查点一致（日志未被改写）";
  const issued = await ledger.checkpointOfBlock(record.blockHeight!);
  if (!issued) return reportCheck("issued-consistency", "ledger", name, "fail", `账本中没有区块 ${record.blockHeight} 的检查点`);
  const { verification } = await proveUnder(ledger, entry, record.ledgerIndex!, issued.treeSize, against);
  if (!verification.ok) return reportCheck("issued-consistency", "ledger", name, "fail", firstFailure(verification.checks));
  return reportCheck(
    "issued-consistency",
    "ledger",
    name,
    "pass",
    `证据写入账本的区块 ${record.blockHeight}（树大小 ${issued.treeSize}）的检查点签名有效且包含该证据，并且是检验所依据的检查点（树大小 ${against.treeSize}）的前缀：此后日志未被改写`,
  );
}
