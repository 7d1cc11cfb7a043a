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
/** About nine lines at 10.5 pt on A4: well inside a paragraph block's bounds. */
const RUN_MAX_CHARS = 400;
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
    for (const paragraph of section.paragraphs) {
      // A paragraph block is bounded (PageFlow.paragraph): a long one is drawn as runs of whole sentences, lines following on.
      const runs = sentenceRuns(paragraph, RUN_MAX_CHARS);
      runs.forEach((run, index) => flow.paragraph(run, { fontSize: 10.5, gapAfter: index === runs.length - 1 ? 4 : 2 }));
    }
  }
  doc.end();
  return finished;
}

/** `text` cut after sentence ends (。！？；) into runs of at most `max` characters; a longer sentence is cut where it must. */
export function sentenceRuns(text: string, max: number): string[] {
  const sentences = text.match(/[^。！？；]*[。！？；]?/g)!.filter(Boolean);
  const runs: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > max) {
      runs.push(current);
      current = "";
    }
    current += sentence;
    while (current.length > max) {
      runs.push(current.slice(0, max));
      current = current.slice(max);
    }
  }
  if (current) runs.push(current);
  return runs;
}
