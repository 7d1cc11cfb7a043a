import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { CERTIFICATE_ATTACHMENTS, type CertificateFacts } from "../../../src/schema/certificate.js";
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import { certificateFont } from "./certificate-font.js";

/**
 * The certificate PDF (A4, one page): the printed facts, a QR code to the public verification page,
 * and the proof itself as embedded files, so that the PDF alone can be verified offline:
 *   evidence-entry.json  the ledger entry, byte for byte as logged (its leaf hash is in the proof)
 *   evidence.tlog-proof  C2SP tlog-proof: inclusion proof + signed checkpoint
 *   certificate.json     the printed facts, for machines
 */
export interface CertificatePdfInput {
  readonly facts: CertificateFacts;
  /** The exact logged entry bytes (canonical JSON). */
  readonly entryBytes: Uint8Array;
  /** c2sp.org/tlog-proof@v1 text. */
  readonly proofBundle: string;
  /** Issue time written into the PDF metadata and footer. */
  readonly issuedAt: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const LABEL_WIDTH = 112;
const INK = "#1f1f1f";
const MUTED = "#6b6b6b";
const ACCENT = "#a0262c";
const RULE = "#d9d9d9";

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { facts, issuedAt } = input;
  const issued = new Date(issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: `电子数据存证证书 ${facts.certificateNo}`, Author: PLATFORM_NAME, Subject: facts.evidenceName, CreationDate: issued, ModDate: issued },
    lang: "zh-CN",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.registerFont("cjk", certificateFont() as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font("cjk");
  attachProof(doc, input);
  drawFrame(doc);
  drawHeading(doc, facts);
  drawFacts(doc, facts);
  drawStatement(doc);
  drawVerification(doc, facts);
  drawFooter(doc, issuedAt);
  doc.end();
  return finished;
}

function attachProof(doc: PDFKit.PDFDocument, { facts, entryBytes, proofBundle, issuedAt }: CertificatePdfInput) {
  const date = new Date(issuedAt);
  // "Data": the files are the data the certificate is about (PDF/A-3 AFRelationship); pdfkit supports it, its types do not.
  const attach = (name: string, data: Uint8Array, type: string, description: string) =>
    doc.file(Buffer.from(data), { name, type, description, creationDate: date, modifiedDate: date, relationship: "Data" } as PDFKit.Mixins.PDFAttachmentOptions);
  attach(CERTIFICATE_ATTACHMENTS.entry, entryBytes, "application/json", "账本记录原文（规范化 JSON，其叶子哈希由包含证明核验）");
  attach(CERTIFICATE_ATTACHMENTS.proof, new TextEncoder().encode(proofBundle), "text/plain", "C2SP tlog-proof：包含证明与平台签名的检查点");
  attach(CERTIFICATE_ATTACHMENTS.certificate, new TextEncoder().encode(JSON.stringify(facts, null, 2)), "application/json", "证书所载信息");
}

function drawFrame(doc: PDFKit.PDFDocument) {
  const inset = 22;
  doc.save().lineWidth(2).strokeColor(ACCENT).rect(inset, inset, PAGE.width - 2 * inset, PAGE.height - 2 * inset).stroke();
  doc.lineWidth(0.6).rect(inset + 5, inset + 5, PAGE.width - 2 * inset - 10, PAGE.height - 2 * inset - 10).stroke().restore();
}

function drawHeading(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor(ACCENT).fontSize(26).text("电子数据存证证书", PAGE.margin, 62, { width, align: "center", characterSpacing: 4 });
  doc.fillColor(MUTED).fontSize(8.5).text("CERTIFICATE OF ELECTRONIC DATA PRESERVATION", { width, align: "center", characterSpacing: 1 });
  doc.moveDown(0.8);
  doc.fillColor(INK).fontSize(11).text(`证书编号：${facts.certificateNo}`, { width, align: "center" });
  doc.moveDown(0.9);
}

function factRows(facts: CertificateFacts): [string, string][] {
  return [
    ["持有人", facts.holderName],
    ["证据名称", facts.evidenceName],
    // Only where it applies: a child evidence names its affair by name and certificate number, as
    // one more line of this row (the page has no room for another row above the verification block).
    ["证据类型", facts.affair ? `${facts.kindLabel}（事务子存证）\n所属事务：${facts.affair.name}（证书编号 ${facts.affair.certificateNo}）` : facts.kindLabel],
    ["数据大小", `${formatFileSize(facts.size)}（${facts.size.toLocaleString("en-US")} 字节）`],
    ["存证时间", `${formatDateTime(facts.createdAt)}（北京时间）`],
    ["SHA-256", facts.sha256],
    ["SM3", facts.sm3],
    ["账本序号", String(facts.ledgerIndex)],
    ["区块高度", String(facts.blockHeight)],
    ["检查点", `${facts.logOrigin}\n树大小 ${facts.treeSize}，根哈希 ${facts.rootHash}`],
    ["平台公钥", facts.verifierKey],
    ["时间来源", facts.timeSource],
  ];
}

function drawFacts(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const left = PAGE.margin;
  const valueWidth = PAGE.width - 2 * PAGE.margin - LABEL_WIDTH - 16;
  let y = doc.y;
  doc.strokeColor(RULE).lineWidth(0.6).moveTo(left, y).lineTo(PAGE.width - PAGE.margin, y).stroke();
  for (const [label, value] of factRows(facts)) {
    const isCode = /^[\x20-\x7e\n]+$/.test(value) && value.length > 40;
    doc.fontSize(isCode ? 8.5 : 10.5);
    const height = Math.max(doc.heightOfString(value, { width: valueWidth }), 14);
    doc.fillColor(MUTED).fontSize(10).text(label, left + 4, y + 6, { width: LABEL_WIDTH - 8 });
    doc.fillColor(INK).fontSize(isCode ? 8.5 : 10.5).text(value, left + LABEL_WIDTH, y + 6, { width: valueWidth });
    y += height + 12;
    doc.strokeColor(RULE).moveTo(left, y).lineTo(PAGE.width - PAGE.margin, y).stroke();
  }
  doc.x = left;
  doc.y = y + 14;
}

const STATEMENT = [
  "兹证明：上述电子数据已于存证时间由本平台计算 SHA-256 与 SM3 摘要，其存证记录已写入本平台基于 Merkle 树的防篡改账本（RFC 9162），并由平台密钥签名的检查点（C2SP signed-note）确认。",
  "本证书内嵌账本记录原文与包含证明（附件 evidence-entry.json、evidence.tlog-proof），无需访问本平台，即可使用离线验证工具或在公开核验页面独立核验。",
  "本证书只证明该数据在存证时已经存在且此后未被改动，不证明数据内容本身的真实性或合法性。",
];

function drawStatement(doc: PDFKit.PDFDocument) {
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor(INK).fontSize(10);
  for (const paragraph of STATEMENT) doc.text(paragraph, PAGE.margin, doc.y, { width, lineGap: 3, paragraphGap: 5 });
}

function drawVerification(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const size = 104;
  const top = PAGE.height - PAGE.margin - 58 - size;
  const qrLeft = PAGE.width - PAGE.margin - size;
  drawQrCode(doc, facts.verifyUrl, qrLeft, top, size);
  doc.fillColor(MUTED).fontSize(8).text("扫码在线核验", qrLeft, top + size + 4, { width: size, align: "center" });

  const textWidth = qrLeft - PAGE.margin - 20;
  doc.fillColor(INK).fontSize(10.5).text("如何核验本证书", PAGE.margin, top, { width: textWidth });
  doc.fillColor(INK).fontSize(9).moveDown(0.3);
  const steps = [
    `在线：打开 ${facts.verifyUrl}，或扫描右侧二维码；也可上传原文件按内容查询（文件不会离开您的电脑）。`,
    "离线：npx hengzheng-verify verify 本证书.pdf 原文件 —— 检查文件摘要、包含证明与平台签名，无需联网。",
    "平台公钥见上表，也发布在 /ledger/vkey 与项目说明中；核验时请使用您独立获得的公钥。",
  ];
  steps.forEach((step, index) => doc.text(`${index + 1}. ${step}`, PAGE.margin, doc.y, { width: textWidth, lineGap: 2, paragraphGap: 3 }));
}

/** The QR code drawn as vector squares: crisp at any zoom and smaller than an embedded image. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, left: number, top: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  doc.save().fillColor("#ffffff").rect(left, top, size, size).fill();
  doc.fillColor("#000000");
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(left + (column + quiet) * cell, top + (row + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}

function drawFooter(doc: PDFKit.PDFDocument, issuedAt: number) {
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor(MUTED).fontSize(8.5).text(`${PLATFORM_NAME}　出具时间 ${formatDateTime(issuedAt)}（北京时间）`, PAGE.margin, PAGE.height - PAGE.margin - 14, {
    width,
    align: "center",
    lineBreak: false,
  });
}
