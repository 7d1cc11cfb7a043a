import QRCode from "qrcode";
import { CERTIFICATE_ATTACHMENTS } from "../../../src/schema/certificate-names.js";
import { describeHolderIdentity, HOLDER_IDENTITY_LABEL, type CertificateFacts } from "../../../src/schema/certificate.js";
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import { shorten } from "../../../src/schema/stored-name.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import { drawCapturePages } from "./certificate-capture-page.js";
import { drawRecordingPages } from "./certificate-recording-page.js";
import { drawLaidBlock, layoutBlock } from "../../pdf/laid-text.js";

/**
 * The certificate PDF (A4, one page; a captured web page adds 取证环境与过程 after it, recorded evidence 录制环境与过程): the printed facts, a QR code to the public verification page,
 * and the proof itself as embedded files, so that the PDF alone can be verified offline:
 *   evidence-entry.json  the ledger entry, byte for byte as logged (its leaf hash is in the proof)
 *   evidence.tlog-proof  C2SP tlog-proof: inclusion proof + signed checkpoint
 *   certificate.json     the printed facts, for machines
 * and, when the holder's identity approval is proven (facts.holderIdentity):
 *   identity-approval-entry.json   the approval's operatorAction entry, byte for byte as logged
 *   identity-approval.tlog-proof   its C2SP tlog-proof under the same signed checkpoint
 */
export interface CertificatePdfInput {
  readonly facts: CertificateFacts;
  /** The exact logged entry bytes (canonical JSON). */
  readonly entryBytes: Uint8Array;
  /** c2sp.org/tlog-proof@v1 text. */
  readonly proofBundle: string;
  /** The holder's identity approval entry (exact logged text) and its tlog-proof, when facts.holderIdentity has one. */
  readonly identityProof?: { readonly entry: string; readonly proofBundle: string } | null;
  /** Issue time written into the PDF metadata and footer. */
  readonly issuedAt: number;
}

const PAGE = { ...A4, margin: 50 };
const LABEL_WIDTH = 112;
/** The certificates' colours, shared with the other documents drawn in their style (the notarial certificate). */
export const CERTIFICATE_COLOURS = { ink: "#1f1f1f", muted: "#6b6b6b", accent: "#a0262c", rule: "#d9d9d9" } as const;
const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = CERTIFICATE_COLOURS;
/**
 * What one printed value may take: three lines hold a 100-character Chinese name (the stored-name
 * bound) at 10.5 pt; the characters looked at are capped so that drawing costs the same for a 100-
 * or a 60,000-character value. With the rows' padding shrinking (drawFacts), two such names and a
 * two-line time source still leave the page's layout intact.
 */
const VALUE_LIMITS = { maxLines: 3, maxChars: 300 };
/** Space above and below a value in its row; shrinks to the minimum when long values need the room. */
const ROW_PADDING = { normal: 12, minimum: 2 };
const QR_SIZE = 104;
/** The verification block (steps and QR code) sits at a fixed place above the footer. */
const VERIFICATION_TOP = PAGE.height - PAGE.margin - 58 - QR_SIZE;
/** PDF metadata is not drawn, but is still no place for an unbounded value. */
const METADATA_MAX_LENGTH = 200;

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { facts, issuedAt } = input;
  const { doc, finished } = openA4Document({
    margin: PAGE.margin,
    title: shorten(`电子数据存证证书 ${facts.certificateNo}`, METADATA_MAX_LENGTH),
    subject: shorten(facts.evidenceName, METADATA_MAX_LENGTH),
    issuedAt,
  });
  attachProof(doc, input);
  drawFrame(doc);
  drawHeading(doc, facts);
  const statement = statementOf(facts);
  drawFacts(doc, facts, VERIFICATION_TOP - statementHeight(doc, statement));
  drawStatement(doc, statement);
  drawVerification(doc, facts);
  drawFooter(doc, issuedAt);
  const pageTools = { frame: drawFrame, footer: () => drawFooter(doc, issuedAt), layoutBlock, drawLaidBlock };
  if (facts.capture) drawCapturePages(doc, facts.capture, pageTools);
  if (facts.recording) drawRecordingPages(doc, facts.recording, pageTools);
  doc.end();
  return finished;
}

function attachProof(doc: PDFKit.PDFDocument, { facts, entryBytes, proofBundle, identityProof, issuedAt }: CertificatePdfInput) {
  const date = new Date(issuedAt);
  // "Data": the files are the data the certificate is about (PDF/A-3 AFRelationship); pdfkit supports it, its types do not.
  const attach = (name: string, data: Uint8Array, type: string, description: string) =>
    doc.file(Buffer.from(data), { name, type, description, creationDate: date, modifiedDate: date, relationship: "Data" } as PDFKit.Mixins.PDFAttachmentOptions);
  attach(CERTIFICATE_ATTACHMENTS.entry, entryBytes, "application/json", "账本记录原文（规范化 JSON，其叶子哈希由包含证明核验）");
  attach(CERTIFICATE_ATTACHMENTS.proof, new TextEncoder().encode(proofBundle), "text/plain", "C2SP tlog-proof：包含证明与平台签名的检查点");
  attach(CERTIFICATE_ATTACHMENTS.certificate, new TextEncoder().encode(JSON.stringify(facts, null, 2)), "application/json", "证书所载信息");
  if (identityProof) {
    attach(CERTIFICATE_ATTACHMENTS.identityEntry, new TextEncoder().encode(identityProof.entry), "application/json", "持有人身份审核记录原文（operatorAction，规范化 JSON）");
    attach(CERTIFICATE_ATTACHMENTS.identityProof, new TextEncoder().encode(identityProof.proofBundle), "text/plain", "持有人身份审核记录的 C2SP tlog-proof，与证据记录同一签名检查点");
  }
}

/** The double red frame of every page. */
export function drawFrame(doc: PDFKit.PDFDocument) {
  const inset = 22;
  doc.save().lineWidth(2).strokeColor(ACCENT).rect(inset, inset, PAGE.width - 2 * inset, PAGE.height - 2 * inset).stroke();
  doc.lineWidth(0.6).rect(inset + 5, inset + 5, PAGE.width - 2 * inset - 10, PAGE.height - 2 * inset - 10).stroke().restore();
}

function drawHeading(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor(ACCENT).fontSize(26).text("电子数据存证证书", PAGE.margin, 62, { width, align: "center", characterSpacing: 4 });
  doc.fillColor(MUTED).fontSize(8.5).text("CERTIFICATE OF ELECTRONIC DATA PRESERVATION", { width, align: "center", characterSpacing: 1 });
  doc.moveDown(0.8);
  doc.fillColor(INK);
  const number = layoutBlock(doc, `证书编号：${facts.certificateNo}`, { width, fontSize: 11, maxLines: 1, maxChars: 80 });
  drawLaidBlock(doc, number, PAGE.margin, doc.y, { centredIn: width });
  doc.x = PAGE.margin;
  doc.y += number.height;
  doc.moveDown(0.9);
}

function factRows(facts: CertificateFacts): [string, string][] {
  return [
    ["持有人", facts.holderName],
    // Certificates drawn from facts of before issue 13 (tests' fixtures) have no identity line.
    ...(facts.holderIdentity === undefined ? [] : [[HOLDER_IDENTITY_LABEL, describeHolderIdentity(facts.holderIdentity, "\n")] as [string, string]]),
    ["证据名称", facts.evidenceName],
    // Only where it applies: a child evidence names its affair by name and certificate number, as
    // one more line of this row (the page has no room for another row above the verification block).
    ["证据类型", facts.affair ? `${facts.kindLabel}（事务子存证）\n所属事务：${facts.affair.name}（证书编号 ${facts.affair.certificateNo}）` : facts.kindLabel],
    ["数据大小", `${formatFileSize(facts.size)}（${facts.size.toLocaleString("en-US")} 字节）`],
    ["存证时间", `${formatDateTime(facts.createdAt)}（北京时间）`],
    ["SHA-256", facts.sha256],
    ["SM3", facts.sm3],
    // One row for the two numbers leaves the holder's identity its room on the one page.
    ["账本序号 / 区块高度", `${facts.ledgerIndex} / ${facts.blockHeight}`],
    ["检查点", `${facts.logOrigin}\n树大小 ${facts.treeSize}，根哈希 ${facts.rootHash}`],
    ["平台公钥", facts.verifierKey],
    ["时间来源", facts.timeSource],
  ];
}

/** The table of facts, ending (with the gap below it) by `bottom`: long values take row padding before they take the statement's place. */
function drawFacts(doc: PDFKit.PDFDocument, facts: CertificateFacts, bottom: number) {
  const left = PAGE.margin;
  const valueWidth = PAGE.width - 2 * PAGE.margin - LABEL_WIDTH - 16;
  const rows = factRows(facts).map(([label, value]) => {
    const isCode = /^[\x20-\x7e\n]+$/.test(value) && value.length > 40;
    return { label, value: layoutBlock(doc, value, { width: valueWidth, fontSize: isCode ? 8.5 : 10.5, ...VALUE_LIMITS }) };
  });
  let y = doc.y;
  const textHeight = rows.reduce((sum, row) => sum + Math.max(row.value.height, 14), 0);
  const spare = (bottom - FACTS_GAP_BELOW - y - textHeight) / rows.length;
  const padding = Math.min(ROW_PADDING.normal, Math.max(ROW_PADDING.minimum, spare));
  doc.strokeColor(RULE).lineWidth(0.6).moveTo(left, y).lineTo(PAGE.width - PAGE.margin, y).stroke();
  for (const { label, value } of rows) {
    doc.fillColor(MUTED).fontSize(10).text(label, left + 4, y + padding / 2, { width: LABEL_WIDTH - 8 });
    doc.fillColor(INK);
    drawLaidBlock(doc, value, left + LABEL_WIDTH, y + padding / 2);
    y += Math.max(value.height, 14) + padding;
    doc.strokeColor(RULE).moveTo(left, y).lineTo(PAGE.width - PAGE.margin, y).stroke();
  }
  doc.x = left;
  doc.y = y + FACTS_GAP_BELOW;
}

const FACTS_GAP_BELOW = 14;

const { entry: ENTRY_FILE, proof: PROOF_FILE, identityEntry: IDENTITY_ENTRY_FILE, identityProof: IDENTITY_PROOF_FILE } = CERTIFICATE_ATTACHMENTS;

/**
 * The statement under the facts. Where the holder's identity approval is proven, the paragraph on
 * the embedded proof names its files too (in that paragraph rather than a new one: the page's room
 * is the facts' room).
 */
function statementOf({ holderIdentity }: CertificateFacts): string[] {
  const identity = holderIdentity ? `；持有人身份审核记录（${holderIdentity.action}）及其包含证明：${IDENTITY_ENTRY_FILE}、${IDENTITY_PROOF_FILE}` : "";
  return [
    "兹证明：上述电子数据已于存证时间由本平台计算 SHA-256 与 SM3 摘要，其存证记录已写入本平台基于 Merkle 树的防篡改账本（RFC 9162），并由平台密钥签名的检查点（C2SP signed-note）确认。",
    `本证书内嵌账本记录原文与包含证明（附件 ${ENTRY_FILE}、${PROOF_FILE}${identity}），无需访问本平台，即可使用离线验证工具或在公开核验页面独立核验。`,
    "本证书只证明该数据在存证时已经存在且此后未被改动，不证明数据内容本身的真实性或合法性。",
  ];
}

const STATEMENT_TEXT = { width: PAGE.width - 2 * PAGE.margin, lineGap: 3, paragraphGap: 5 };
/** Space between the statement and the verification block. */
const STATEMENT_GAP_BELOW = 8;

function drawStatement(doc: PDFKit.PDFDocument, statement: readonly string[]) {
  doc.fillColor(INK).fontSize(10);
  for (const paragraph of statement) doc.text(paragraph, PAGE.margin, doc.y, STATEMENT_TEXT);
}

/**
 * The statement is our own text (the action is a short logged name), so pdfkit's own measure is
 * safe here. It is one of a handful of texts, measured once per process: measuring wraps the
 * whole statement, a tenth of a certificate's drawing time.
 */
function statementHeight(doc: PDFKit.PDFDocument, statement: readonly string[]): number {
  const key = statement.join("\n");
  let height = STATEMENT_HEIGHTS.get(key);
  if (height === undefined) {
    doc.fontSize(10);
    height = statement.reduce((sum, paragraph) => sum + doc.heightOfString(paragraph, STATEMENT_TEXT), 0) + STATEMENT_GAP_BELOW;
    if (STATEMENT_HEIGHTS.size >= STATEMENT_HEIGHTS_MAX) STATEMENT_HEIGHTS.clear();
    STATEMENT_HEIGHTS.set(key, height);
  }
  return height;
}

const STATEMENT_HEIGHTS = new Map<string, number>();
/** Statements differ only by the identity approval's action name. */
const STATEMENT_HEIGHTS_MAX = 32;

function drawVerification(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const size = QR_SIZE;
  const top = VERIFICATION_TOP;
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
  let y = doc.y;
  steps.forEach((step, index) => {
    const block = layoutBlock(doc, `${index + 1}. ${step}`, { width: textWidth, fontSize: 9, lineGap: 2, maxLines: 4, maxChars: 400 });
    drawLaidBlock(doc, block, PAGE.margin, y);
    y += block.height + 3;
  });
}

/** The QR code drawn as vector squares: crisp at any zoom and smaller than an embedded image. */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, left: number, top: number, size: number) {
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
