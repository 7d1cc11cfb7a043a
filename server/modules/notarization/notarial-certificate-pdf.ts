import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { shorten } from "../../../src/schema/stored-name.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import { drawLaidBlock, layoutBlock } from "../../pdf/laid-text.js";
import { PageFlow } from "../../pdf/page-flow.js";
import { CERTIFICATE_COLOURS, drawFrame, drawQrCode } from "../certificate/certificate-pdf.js";

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

const { ink: INK, muted: MUTED, accent: ACCENT } = CERTIFICATE_COLOURS;
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;
/** The page footer line, inside the bottom margin (pdfkit starts a new page for text below it). */
const FOOTER_Y = A4.height - MARGIN - 16;
/** The signature block (footer text, QR code) of the last page, and the seal's square beside it (pdf-sealer.ts: 120 pt, 36 pt from the corner). */
const SIGNATURE_BLOCK_HEIGHT = 150;
/** The office's footer ends here, so the seal covers only its end, as a stamp does. */
const SIGNATURE_RIGHT = A4.width - MARGIN - 70;
const QR_SIZE = 84;
const BODY = { fontSize: 11.5, lineGap: 7, maxLines: 200, maxChars: 6000 };
const PREVIEW_NUMBER = "（出具时生成）";
const COLUMNS = [
  { title: "序号", width: 28 },
  { title: "类型", width: 62 },
  { title: "证据名称", width: 96 },
  { title: "证书编号", width: 92 },
  { title: "SHA-256", width: 156 },
  { title: "账本序号", width: 49 },
] as const;

export async function renderNotarialCertificatePdf(input: NotarialCertificatePdfInput): Promise<Buffer> {
  const number = input.certificateNo ?? PREVIEW_NUMBER;
  const { doc, finished } = openA4Document({ margin: MARGIN, title: shorten(`${input.title.replace(/\s+/g, "")} ${number}`, 200), subject: shorten(input.officeName, 200), issuedAt: input.issuedAt });
  const flow = new PageFlow(doc, {
    margin: MARGIN,
    top: MARGIN + 20,
    footerSpace: A4.height - MARGIN - FOOTER_Y + 10,
    onPage: (page) => {
      drawFrame(doc);
      drawPageFooter(doc, number, page);
      if (!input.certificateNo) drawPreviewMark(doc);
    },
  });
  doc.fillColor(ACCENT).fontSize(28).text(input.title, MARGIN, 70, { width: WIDTH, align: "center", characterSpacing: 6, lineBreak: false });
  doc.fillColor(INK);
  const numberLine = layoutBlock(doc, `（${input.officeName}）编号：${number}`, { width: WIDTH, fontSize: 11, maxLines: 1, maxChars: 120 });
  drawLaidBlock(doc, numberLine, MARGIN, 118, { centredIn: WIDTH });
  flow.y = 118 + numberLine.height + 22;

  // Each paragraph of the body indented by two characters, as Chinese documents are; a long one runs on to the next page.
  for (const paragraph of input.body.split("\n").filter((line) => line.trim() !== "")) {
    const block = layoutBlock(doc, `\u3000\u3000${paragraph.trim()}`, { width: WIDTH, ...BODY });
    for (const line of block.lines) {
      flow.ensure(block.lineHeight);
      doc.fontSize(block.fontSize).fillColor(INK).text(line.text, MARGIN, flow.y, { lineBreak: false });
      flow.gap(block.lineHeight);
    }
    flow.gap(4);
  }

  flow.gap(14);
  flow.heading(`所涉电子数据清单（共 ${input.evidence.length} 条）`, { color: ACCENT, keepWith: 60 });
  flow.table(
    COLUMNS,
    input.evidence.map((item, index) => [String(index + 1), item.kindLabel, item.name, item.certificateNo, item.sha256, item.ledgerIndex === null ? "—" : String(item.ledgerIndex)]),
    { fontSize: 7.5 },
  );

  // The signature block needs its own room at the foot of the last page (the seal is stamped there).
  if (flow.y + 16 > FOOTER_Y - SIGNATURE_BLOCK_HEIGHT) flow.newPage();
  drawSignatureBlock(doc, input);
  doc.end();
  return finished;
}

/** The office's footer (name, notary, date) right-aligned where the seal will be stamped, and the QR code to the public query on the left. */
function drawSignatureBlock(doc: PDFKit.PDFDocument, input: NotarialCertificatePdfInput) {
  const top = FOOTER_Y - SIGNATURE_BLOCK_HEIGHT;
  let y = top + 20;
  for (const line of input.footer.split("\n").filter((text) => text.trim() !== "")) {
    const block = layoutBlock(doc, line.trim(), { width: 220, fontSize: 11.5, maxLines: 2, maxChars: 120 });
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
