import { parseCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { encodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import { parseNote } from "../../../isomorphic/ledger/signed-note.js";
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import {
  DIGITAL_REPORT_ATTACHMENTS,
  DIGITAL_REPORT_CHECK_GROUP_LABELS,
  DIGITAL_REPORT_CHECK_STATUS_LABELS,
  DIGITAL_REPORT_VERDICT_LABELS,
  type DigitalReportCheckStatus,
  type DigitalReportDocument,
  type DigitalReportItem,
} from "../../../src/schema/digital-report.js";
import { EVIDENCE_KIND_LABELS } from "../../../src/schema/evidence.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import { shorten } from "../../../src/schema/stored-name.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import { MUTED, PageFlow, type Cell } from "../../pdf/page-flow.js";

/**
 * The digital report PDF (数据检验报告): who asked, when, against which signed checkpoint, the
 * verdict per evidence, then each evidence's facts and every check with 通过 / 不通过 / 不适用 and
 * why. Embedded, so that the PDF alone can be re-checked offline:
 *   digital-report.json                    the results for machines (DigitalReportDocumentSchema)
 *   <certificate no>.evidence-entry.json   each checked evidence's ledger entry, byte for byte as logged
 *   <certificate no>.tlog-proof            its C2SP tlog-proof under the report's checkpoint
 * The report itself is stored as evidence afterwards; its own certificate proves these bytes.
 */
export interface DigitalReportPdfInput {
  readonly document: DigitalReportDocument;
  /** The applicant as certificates print a holder (masked). */
  readonly applicant: string;
  readonly purpose: string | null;
  readonly verifierKey: string;
  readonly proofs: readonly { readonly certificateNo: string; readonly entry: string; readonly proofBundle: string }[];
}

const MARGIN = 50;
const ACCENT = "#a0262c";
const STATUS_COLORS: Record<DigitalReportCheckStatus, string> = { pass: "#237804", fail: "#cf1322", skip: MUTED };
const METADATA_MAX_LENGTH = 200;
const CHINESE_NUMERALS = "一二三四五六七八九十";

export async function renderDigitalReportPdf(input: DigitalReportPdfInput): Promise<Buffer> {
  const { document } = input;
  const { doc, finished } = openA4Document({
    margin: MARGIN,
    title: shorten(`数据检验报告 ${document.reportNo}`, METADATA_MAX_LENGTH),
    subject: shorten(document.name, METADATA_MAX_LENGTH),
    issuedAt: document.issuedAt,
  });
  attachResults(doc, input);
  const flow = new PageFlow(doc, { margin: MARGIN, top: MARGIN, footerSpace: 30, onPage: (page) => drawFooter(doc, document, page) });
  drawTitle(flow, document);
  section(flow, 0, "报告信息");
  flow.rows(reportRows(input));
  section(flow, 1, "检验结论");
  drawSummary(flow, document);
  section(flow, 2, "逐条检验结果");
  document.items.forEach((item, index) => drawItem(flow, item, index));
  section(flow, 3, "说明与核验方法");
  drawStatement(flow, input);
  doc.end();
  return finished;
}

function attachResults(doc: PDFKit.PDFDocument, { document, proofs }: DigitalReportPdfInput) {
  const date = new Date(document.issuedAt);
  // "Data": the files are the data the report is about (PDF/A-3 AFRelationship); pdfkit supports it, its types do not.
  const attach = (name: string, text: string, type: string, description: string) =>
    doc.file(Buffer.from(text, "utf8"), { name, type, description, creationDate: date, modifiedDate: date, relationship: "Data" } as PDFKit.Mixins.PDFAttachmentOptions);
  attach(DIGITAL_REPORT_ATTACHMENTS.report, JSON.stringify(document, null, 2), "application/json", "检验结果（每条证据的每项检查）与所依据的签名检查点");
  for (const proof of proofs) {
    attach(DIGITAL_REPORT_ATTACHMENTS.entry(proof.certificateNo), proof.entry, "application/json", `证书 ${proof.certificateNo} 的账本记录原文（规范化 JSON）`);
    attach(DIGITAL_REPORT_ATTACHMENTS.proof(proof.certificateNo), proof.proofBundle, "text/plain", `证书 ${proof.certificateNo} 的 C2SP tlog-proof：包含证明与平台签名的检查点`);
  }
}

function drawTitle(flow: PageFlow, document: DigitalReportDocument) {
  const { doc } = flow;
  doc.fillColor(ACCENT).fontSize(24).text("数据检验报告", flow.left, flow.y + 8, { width: flow.width, align: "center", characterSpacing: 4, lineBreak: false });
  doc.fillColor(MUTED).fontSize(8.5).text("ELECTRONIC DATA INSPECTION REPORT", flow.left, flow.y + 42, { width: flow.width, align: "center", characterSpacing: 1, lineBreak: false });
  flow.gap(62);
  flow.heading(`报告编号：${document.reportNo}`, { fontSize: 10.5, keepWith: 0 });
  flow.gap(4);
}

function section(flow: PageFlow, index: number, title: string) {
  flow.gap(6);
  flow.heading(`${CHINESE_NUMERALS[index]}、${title}`, { fontSize: 13, color: ACCENT, keepWith: 80 });
}

function reportRows({ document, applicant, purpose, verifierKey }: DigitalReportPdfInput): [string, string][] {
  const checkpoint = parseCheckpoint(parseNote(document.checkpoint).text);
  return [
    ["报告名称", document.name],
    ["申请人", applicant],
    ...(purpose ? [["用途说明", purpose] as [string, string]] : []),
    ["出具时间", `${formatDateTime(document.issuedAt)}（北京时间）`],
    ["检验证据", `${document.items.length} 条`],
    ["检验所依据的检查点", `${checkpoint.origin}\n树大小 ${checkpoint.size}，根哈希 ${encodeBase64(checkpoint.rootHash)}`],
    ["平台公钥", verifierKey],
  ];
}

function drawSummary(flow: PageFlow, document: DigitalReportDocument) {
  const failed = document.items.filter((item) => item.verdict === "fail").length;
  const verdict = DIGITAL_REPORT_VERDICT_LABELS[document.verdict];
  flow.paragraph(
    failed === 0
      ? `共检验 ${document.items.length} 条证据，${verdict}：每条证据由存储的数据重新计算的摘要与账本记录一致，账本证明、见证者联署与可信时间戳（如有）均核验有效。`
      : `共检验 ${document.items.length} 条证据，其中 ${failed} 条${verdict}，详见下表与逐条检验结果。`,
    { fontSize: 10.5, color: failed === 0 ? STATUS_COLORS.pass : STATUS_COLORS.fail },
  );
  const columns = [
    { title: "序号", width: 32 },
    { title: "证据名称", width: 150 },
    { title: "证据类型", width: 78 },
    { title: "证书编号", width: 165 },
    { title: "结论", width: flow.width - 425 },
  ];
  flow.table(
    columns,
    document.items.map((item, index) => [String(index + 1), item.name, EVIDENCE_KIND_LABELS[item.kind], item.certificateNo, verdictCell(item)]),
  );
}

function verdictCell(item: DigitalReportItem): Cell {
  return item.verdict === "pass" ? { text: "通过", color: STATUS_COLORS.pass } : { text: "不通过", color: STATUS_COLORS.fail };
}

function drawItem(flow: PageFlow, item: DigitalReportItem, index: number) {
  flow.heading(`（${index + 1}）${item.name}　${EVIDENCE_KIND_LABELS[item.kind]}　${item.verdict === "pass" ? "通过" : "不通过"}`, { fontSize: 11, keepWith: 120 });
  flow.rows([
    ["证书编号", item.certificateNo],
    ["存证时间", `${formatDateTime(item.createTime)}（北京时间）`],
    ["数据大小", `${formatFileSize(item.size)}（${item.size.toLocaleString("en-US")} 字节）`],
    ["SHA-256", item.sha256],
    ["SM3", item.sm3],
    ["账本序号 / 区块高度", `${item.ledgerIndex} / ${item.blockHeight}`],
    ...item.facts.map((fact) => [fact.label, fact.value] as [string, string]),
  ]);
  const columns = [
    { title: "类别", width: 62 },
    { title: "检查项", width: 150 },
    { title: "结果", width: 42 },
    { title: "说明", width: flow.width - 254 },
  ];
  flow.table(
    columns,
    item.checks.map((check) => [DIGITAL_REPORT_CHECK_GROUP_LABELS[check.group], check.name, { text: DIGITAL_REPORT_CHECK_STATUS_LABELS[check.status], color: STATUS_COLORS[check.status] }, check.reason]),
  );
}

function drawStatement(flow: PageFlow, { document }: DigitalReportPdfInput) {
  const paragraphs = [
    `本报告由${PLATFORM_NAME}依据上述检查点，对所列证据逐条检验后自动出具：摘要由平台存储的数据重新计算；账本证明、见证者联署与可信时间戳使用与离线验证工具相同的核验程序核对。“不适用”表示该项对这条证据不存在（例如未配置可信时间戳机构、仅保存摘要的证据），不影响结论。`,
    `本报告内嵌检验结果（附件 ${DIGITAL_REPORT_ATTACHMENTS.report}）以及每条证据的账本记录原文与包含证明（附件 <证书编号>.evidence-entry.json、<证书编号>.tlog-proof），阅读者可逐条复核。`,
    `本报告本身已作为证据存证上链，报告编号即其存证证书编号 ${document.reportNo}。离线核验：npx hengzheng-verify verify 报告证书.pdf 本报告.pdf —— 核对本报告未被改动，并复核报告内嵌的每条证据记录及其包含证明；报告的任何一个字节被改动，核验即不通过。`,
    "本报告只说明所列证据自存证以来未被改动、其存证记录可被独立核验，不证明证据内容本身的真实性或合法性。",
  ];
  for (const paragraph of paragraphs) flow.paragraph(paragraph);
}

function drawFooter(doc: PDFKit.PDFDocument, document: DigitalReportDocument, page: number) {
  const { x, y } = doc;
  doc.fillColor(MUTED).fontSize(8).text(`${PLATFORM_NAME}　数据检验报告 ${document.reportNo}　第 ${page} 页`, MARGIN, A4.height - MARGIN - 16, {
    width: A4.width - 2 * MARGIN,
    align: "center",
    lineBreak: false,
  });
  doc.x = x;
  doc.y = y;
}
