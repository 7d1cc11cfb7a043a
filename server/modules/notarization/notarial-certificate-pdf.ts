import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { shorten } from "../../../src/schema/stored-name.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import { CERTIFICATE_COLOURS, drawFrame, drawLaidBlock, drawQrCode, layoutBlock, type LaidBlock } from "../certificate/certificate-pdf.js";

/**
 * The notarial certificate as a PDF (A4; issue 17), drawn in the evidence certificates' style and
 * with their bounded text layout: the office's title, the number, the body filled from the office's
 * template, the covered evidence as a table, the office's footer and a QR code to the public query.
 * Room is left at the bottom right of the last page for the office's seal, which pdf-sealer.ts
 * stamps there (and signs the whole file) when the certificate is issued. A preview has no number,
 * no QR code and a 预览 mark, and is never sealed.
 */
export interface NotarialCertificatePdfInput {
  /** Null for a preview. */
  readonly certificateNo: string | null;
  readonly title: string;
  /** The template's body and footer, placeholders already filled. */
  readonly body: string;
  readonly footer: string;
  readonly evidence: readonly { kindLabel: string; name: string; certificateNo: string; sha256: string; ledgerIndex: number | null }[];
  /** The public query of this certificate (its QR code); null for a preview. */
  readonly queryUrl: string | null;
  readonly officeName: string;
  readonly issuedAt: number;
}

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = CERTIFICATE_COLOURS;
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;
/** The page footer line, inside the bottom margin (pdfkit starts a new page for text below it). */
const FOOTER_Y = A4.height - MARGIN - 16;
/** Text stops above the page footer line. */
const BOTTOM = FOOTER_Y - 10;
/** The office's footer ends here, so the seal (pdf-sealer.ts: 120 pt square, 36 pt from the corner) covers only its end, as a stamp does. */
const SIGNATURE_RIGHT = A4.width - MARGIN - 70;
/** The signature block (footer text, QR code) of the last page, and the seal's square beside it (pdf-sealer.ts: 120 pt, 36 pt from the corner). */
const SIGNATURE_BLOCK_HEIGHT = 150;
const QR_SIZE = 84;
const BODY = { fontSize: 11.5, lineGap: 7, maxLines: 200, maxChars: 6000 };
const PREVIEW_NUMBER = "（出具时生成）";
const COLUMNS = [
  { title: "序号", width: 26 },
  { title: "类型", width: 60 },
  { title: "证据名称", width: 96 },
  { title: "证书编号", width: 92 },
  { title: "SHA-256", width: 160 },
  { title: "账本序号", width: 49 },
] as const;
const CELL = { fontSize: 7.5, maxLines: 3, maxChars: 300, padding: 4 };

export async function renderNotarialCertificatePdf(input: NotarialCertificatePdfInput): Promise<Buffer> {
  const number = input.certificateNo ?? PREVIEW_NUMBER;
  const { doc, finished } = openA4Document({ margin: MARGIN, title: shorten(`${input.title.replace(/\s+/g, "")} ${number}`, 200), subject: shorten(input.officeName, 200), issuedAt: input.issuedAt });
  let pageNo = 1;
  const startPage = (isFirst: boolean) => {
    if (!isFirst) {
      doc.addPage();
      pageNo += 1;
    }
    drawFrame(doc);
    drawPageFooter(doc, number, pageNo);
    if (!input.certificateNo) drawPreviewMark(doc);
  };
  startPage(true);
  doc.fillColor(ACCENT).fontSize(28).text(input.title, MARGIN, 70, { width: WIDTH, align: "center", characterSpacing: 6, lineBreak: false });
  doc.fillColor(INK);
  const numberLine = layoutBlock(doc, `（${input.officeName}）编号：${number}`, { width: WIDTH, fontSize: 11, maxLines: 1, maxChars: 120 });
  drawLaidBlock(doc, numberLine, MARGIN, 118, { centredIn: WIDTH });
  let y = 118 + numberLine.height + 22;

  /** Draws a laid block line by line, starting a new page where the page ends. */
  const drawFlowing = (block: LaidBlock, x: number) => {
    for (const line of block.lines) {
      if (y + block.lineHeight > BOTTOM) {
        startPage(false);
        y = MARGIN + 20;
      }
      doc.fontSize(block.fontSize).fillColor(INK).text(line.text, x, y, { lineBreak: false });
      y += block.lineHeight;
    }
  };
  // Each paragraph of the body indented by two characters, as Chinese documents are.
  for (const paragraph of input.body.split("\n").filter((line) => line.trim() !== "")) {
    drawFlowing(layoutBlock(doc, `\u3000\u3000${paragraph.trim()}`, { width: WIDTH, ...BODY }), MARGIN);
    y += 4;
  }

  y += 14;
  if (y + 60 > BOTTOM) {
    startPage(false);
    y = MARGIN + 20;
  }
  doc.fillColor(ACCENT).fontSize(12).text(`所涉电子数据清单（共 ${input.evidence.length} 条）`, MARGIN, y, { width: WIDTH, lineBreak: false });
  y += 22;
  y = drawEvidenceTable(doc, input, y, () => {
    startPage(false);
    return MARGIN + 20;
  });

  // The signature block needs its own room at the foot of the last page (the seal is stamped there).
  if (y + 16 > FOOTER_Y - SIGNATURE_BLOCK_HEIGHT) startPage(false);
  drawSignatureBlock(doc, input);
  doc.end();
  return finished;
}

/** The evidence table; answers where it ends. A row never splits across pages; the header repeats on each. */
function drawEvidenceTable(doc: PDFKit.PDFDocument, input: NotarialCertificatePdfInput, top: number, newPage: () => number): number {
  let y = top;
  const drawHeader = () => {
    let x = MARGIN;
    doc.save().fillColor("#f5f0f0").rect(MARGIN, y, WIDTH, 18).fill().restore();
    for (const column of COLUMNS) {
      doc.fillColor(MUTED).fontSize(8).text(column.title, x + CELL.padding, y + 5, { width: column.width - 2 * CELL.padding, lineBreak: false });
      x += column.width;
    }
    y += 18;
    doc.strokeColor(RULE).lineWidth(0.6).moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
  };
  drawHeader();
  input.evidence.forEach((item, index) => {
    const values = [String(index + 1), item.kindLabel, item.name, item.certificateNo, item.sha256, item.ledgerIndex === null ? "—" : String(item.ledgerIndex)];
    const cells = values.map((value, column) => layoutBlock(doc, value, { width: COLUMNS[column].width - 2 * CELL.padding, ...CELL }));
    const height = Math.max(...cells.map((cell) => cell.height)) + 2 * CELL.padding;
    if (y + height > BOTTOM) {
      y = newPage();
      drawHeader();
    }
    let x = MARGIN;
    doc.fillColor(INK);
    cells.forEach((cell, column) => {
      drawLaidBlock(doc, cell, x + CELL.padding, y + CELL.padding);
      x += COLUMNS[column].width;
    });
    y += height;
    doc.strokeColor(RULE).lineWidth(0.4).moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
  });
  return y;
}

/** The office's footer (name, notary, date) right-aligned where the seal will be stamped, and the QR code to the public query on the left. */
function drawSignatureBlock(doc: PDFKit.PDFDocument, input: NotarialCertificatePdfInput) {
  const top = FOOTER_Y - SIGNATURE_BLOCK_HEIGHT;
  const textWidth = 220;
  let y = top + 20;
  for (const line of input.footer.split("\n").filter((text) => text.trim() !== "")) {
    const block = layoutBlock(doc, line.trim(), { width: textWidth, fontSize: 11.5, maxLines: 2, maxChars: 120 });
    for (const laid of block.lines) {
      doc.fillColor(INK).fontSize(11.5).text(laid.text, SIGNATURE_RIGHT - laid.width, y, { lineBreak: false });
      y += block.lineHeight + 4;
    }
  }
  if (input.queryUrl) {
    drawQrCode(doc, input.queryUrl, MARGIN, top + 10, QR_SIZE);
    doc.fillColor(MUTED).fontSize(7.5).text("扫码查询、核验本公证书", MARGIN, top + 14 + QR_SIZE, { width: QR_SIZE + 40, lineBreak: false });
  }
}

function drawPageFooter(doc: PDFKit.PDFDocument, number: string, pageNo: number) {
  doc.fillColor(MUTED).fontSize(8).text(`${PLATFORM_NAME}　公证书编号 ${number}　第 ${pageNo} 页`, MARGIN, FOOTER_Y, { width: WIDTH, align: "center", lineBreak: false });
}

function drawPreviewMark(doc: PDFKit.PDFDocument) {
  doc.save().rotate(-30, { origin: [A4.width / 2, A4.height / 2] });
  doc.fillColor("#d9d9d9").opacity(0.5).fontSize(96).text("预 览", 0, A4.height / 2 - 60, { width: A4.width, align: "center", lineBreak: false });
  doc.restore();
}
