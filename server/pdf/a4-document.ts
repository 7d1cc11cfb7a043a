import PDFDocument from "pdfkit";
import { PLATFORM_NAME } from "../../src/schema/constants.js";
import { certificateFont } from "../modules/certificate/certificate-font.js";

export const A4 = { width: 595.28, height: 841.89 };

export interface A4DocumentOptions {
  margin: number;
  /** Metadata, not drawn; the author is always the platform, both dates the issue time. */
  title: string;
  subject: string;
  issuedAt: number;
}

/**
 * A Chinese A4 document the platform issues (a certificate, an invoice sample): the CJK font
 * selected, the metadata set, and `finished`, the whole file once the caller has drawn and ended it.
 */
export function openA4Document({ margin, title, subject, issuedAt }: A4DocumentOptions): { doc: PDFKit.PDFDocument; finished: Promise<Buffer> } {
  const issued = new Date(issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin,
    info: { Title: title, Author: PLATFORM_NAME, Subject: subject, CreationDate: issued, ModDate: issued },
    lang: "zh-CN",
    // No default font: pdfkit would parse Helvetica's metrics for every document (a tenth of a
    // certificate's drawing time) only for the CJK font to replace it on the next line.
    font: "",
  });
  const finished = pdfBytesOf(doc);
  selectCjkFont(doc);
  return { doc, finished };
}

/** The whole file once the caller has drawn and ended `doc`. */
export function pdfBytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** The process's one parsed CJK font, selected (pdfkit embeds only the glyphs drawn). */
export function selectCjkFont(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  doc.registerFont("cjk", certificateFont() as unknown as PDFKit.Mixins.PDFFontSource);
  return doc.font("cjk");
}
