import { createHash } from "node:crypto";
import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import { MUTED, PageFlow } from "../../pdf/page-flow.js";

/** A text the platform writes and issues as a PDF (the principles document, the filing guide). */
export interface PlatformDocument {
  readonly title: string;
  readonly subTitle?: string;
  readonly brief?: string;
  readonly sections: readonly { readonly heading: string; readonly paragraphs: readonly string[] }[];
}

const MARGIN = 56;
const ACCENT = "#a0262c";

/** What a rendering depends on: the same text always names the same PDF (the principles cache key). */
export function documentHash(document: PlatformDocument): string {
  return createHash("sha256").update(JSON.stringify(document), "utf8").digest("hex");
}

/**
 * Lays `document` out on A4 pages: title, subtitle and brief, then each section's heading and
 * paragraphs, with the platform's name and the page number in the footer. `issuedAt` is the
 * metadata date (the principles PDF uses a fixed one, so its bytes depend on the text alone).
 */
export async function renderPlatformDocumentPdf(document: PlatformDocument, issuedAt: number): Promise<Buffer> {
  const { doc, finished } = openA4Document({ margin: MARGIN, title: document.title, subject: document.subTitle ?? document.title, issuedAt });
  const flow = new PageFlow(doc, {
    margin: MARGIN,
    top: MARGIN,
    footerSpace: 24,
    onPage: (page) => {
      // Inside the bottom margin, where pdfkit would start a page of its own: the cursor is put back.
      const { x, y } = doc;
      doc.fillColor(MUTED).fontSize(8).text(`${PLATFORM_NAME}　${document.title}　第 ${page} 页`, MARGIN, A4.height - MARGIN - 12, { width: A4.width - 2 * MARGIN, align: "center", lineBreak: false });
      doc.x = x;
      doc.y = y;
    },
  });
  flow.gap(8);
  flow.heading(document.title, { fontSize: 20, color: ACCENT, keepWith: 60 });
  if (document.subTitle) flow.heading(document.subTitle, { fontSize: 12, color: MUTED, keepWith: 40 });
  if (document.brief) {
    flow.gap(6);
    flow.paragraph(document.brief, { fontSize: 10.5 });
  }
  for (const section of document.sections) {
    flow.gap(10);
    flow.heading(section.heading, { fontSize: 13, color: ACCENT, keepWith: 60 });
    for (const paragraph of section.paragraphs) flow.paragraph(paragraph, { fontSize: 10.5 });
  }
  doc.end();
  return finished;
}
