import { DIGITAL_REPORT_CHECK_STATUS_LABELS, type DigitalReportCheck } from "../../../src/schema/digital-report.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { LEGAL_AI_MESSAGES, LegalAiCode, type CertificateCheck } from "../../../src/schema/legal-ai.js";
import { BusinessError } from "../../http/envelope.js";
import { inspectEvidence, type InspectorPorts } from "../digital-report/evidence-inspector.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import { citationOf } from "./citation-numbering.js";
import type { PassageLibrary } from "./passage-library.js";
import type { LegalRule } from "./sources/legal-rule.js";

/** Art. 17 of 人民法院在线诉讼规则: the factors a court weighs when the authenticity of blockchain-stored data is disputed. */
export const ONLINE_LITIGATION_RULES = "人民法院在线诉讼规则";
export const ARTICLE_17 = "第十七条";

/** Our own summaries of the four factors. */
const FACTOR_TITLES = [
  "存证平台是否符合国家有关部门关于提供区块链存证服务的规定",
  "当事人与存证平台是否存在利害关系，是否利用技术手段不当干预取证、存证过程",
  "存证平台的信息系统是否符合清洁性、安全性、可靠性、可监督性等标准",
  "存证技术和过程在系统环境、技术安全、加密方式、数据传输、信息验证等方面是否符合标准要求",
] as const;

const lineOf = (check: DigitalReportCheck) => `${check.name}：${DIGITAL_REPORT_CHECK_STATUS_LABELS[check.status]}。${check.reason}`;
const allPass = (checks: readonly DigitalReportCheck[]) => checks.length > 0 && checks.every((check) => check.status === "pass");

export interface CertificateCheckPorts {
  evidence: Pick<EvidencePort, "findByCertificateNo" | "getForHolder">;
  inspector: InspectorPorts;
  library: PassageLibrary;
  rules: readonly LegalRule[];
}

/**
 * What the caller's own certificate can show of each Art. 17 factor, from the checks the digital
 * report runs (evidence-inspector.ts) against the latest signed checkpoint: digests, ledger proofs,
 * witness cosignatures and TSA time-stamps for the technology and process (factor 4), the capture's
 * own records of its environment for a web capture (factor 3). What a certificate cannot show (the
 * platform's qualifications, the parties' relationship with it) is said so, as notAnswered.
 */
export async function checkCertificate(ports: CertificateCheckPorts, userId: number, certificateNo: string): Promise<CertificateCheck> {
  const found = await ports.evidence.findByCertificateNo(certificateNo);
  // The holder's rule of the evidence module (getForHolder), as the digital report applies it.
  const record = found ? await ports.evidence.getForHolder(userId, found.id) : null;
  if (!record || record.status !== "stored" || record.ledgerIndex === null || record.blockHeight === null) {
    throw new BusinessError(LegalAiCode.certificateNotFound, LEGAL_AI_MESSAGES.certificateNotFound);
  }
  const latest = await ports.inspector.ledger.latestCheckpoint();
  if (!latest) throw new BusinessError(LegalAiCode.certificateNotFound, LEGAL_AI_MESSAGES.certificateNotFound);
  const { item } = await inspectEvidence(ports.inspector, record, { treeSize: latest.treeSize, rootHash: latest.rootHash, note: latest.note });
  const capture = item.checks.filter((check) => check.id.startsWith("capture-"));
  const technical = item.checks.filter((check) => !check.id.startsWith("capture-"));
  const independent = item.checks.filter((check) => check.group === "witness" || check.group === "timestamp");

  const factors: CertificateCheck["factors"] = [
    {
      factor: 1,
      title: FACTOR_TITLES[0],
      answer: "notAnswered",
      findings: [
        `证书 ${record.certificateNo} 由本平台签发，证据记录写入本平台的账本（区块 ${record.blockHeight}）。`,
        "本平台是否已按国家有关部门的规定办理区块链信息服务备案等手续，证书本身无法证明，请以主管部门公示的信息为准。",
      ],
    },
    {
      factor: 2,
      title: FACTOR_TITLES[1],
      answer: allPass(independent) ? "partly" : "notAnswered",
      findings: [
        `证书载明的持有人为 ${record.holderName}，存证时间 ${formatDateTime(record.createdAt)}。`,
        ...(allPass(independent)
          ? ["记录写入后经独立的见证者联署或可信时间戳确认，平台事后无法单方改写该记录：", ...independent.map(lineOf)]
          : independent.map(lineOf)),
        "当事人与存证平台之间是否存在利害关系，证书无法说明。",
      ],
    },
    capture.length > 0
      ? {
          factor: 3,
          title: FACTOR_TITLES[2],
          answer: "partly",
          findings: [
            ...capture.map(lineOf),
            "以上是取证包内记录的取证环境与过程；平台信息系统本身是否通过相关国家或行业标准的检测认证，证书无法说明。",
          ],
        }
      : {
          factor: 3,
          title: FACTOR_TITLES[2],
          answer: "notAnswered",
          findings: ["该证据不是本平台浏览器取证所得，证书不含取证环境记录；平台信息系统是否符合相关标准，证书无法说明。"],
        },
    {
      factor: 4,
      title: FACTOR_TITLES[3],
      answer: allPass(technical) ? "answered" : "partly",
      findings: [`摘要算法：SHA-256 ${record.sha256}；SM3 ${record.sm3}。`, ...technical.map(lineOf)],
    },
  ];

  const rule = ports.rules.find((candidate) => candidate.law === ONLINE_LITIGATION_RULES && candidate.article === ARTICLE_17);
  const passage = rule ? ports.library.source("rule", rule.id)?.passages[0] : undefined;
  return { certificateNo: record.certificateNo, citation: passage ? citationOf(1, { passage, score: 1 }) : null, factors };
}
