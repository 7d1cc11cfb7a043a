import { layoutLines, type LaidLine } from "../modules/certificate/pdf-text-layout.js";

export interface BlockLimits {
  width: number;
  fontSize: number;
  maxLines: number;
  maxChars: number;
  lineGap?: number;
}

export interface LaidBlock {
  lines: LaidLine[];
  fontSize: number;
  lineHeight: number;
  height: number;
}

/**
 * Variable text laid out by layoutLines (linear, bounded), so that pdfkit's own wrapper never runs
 * on a value that came from a record. Each distinct character is measured once.
 */
export function layoutBlock(doc: PDFKit.PDFDocument, text: string, limits: BlockLimits): LaidBlock {
  doc.fontSize(limits.fontSize);
  const widths = new Map<string, number>();
  const measure = (char: string) => {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = doc.widthOfString(char)));
    return width;
  };
  const lines = layoutLines(text, { width: limits.width, maxLines: limits.maxLines, maxChars: limits.maxChars, measure });
  const lineHeight = doc.currentLineHeight(true) + (limits.lineGap ?? 0);
  return { lines, fontSize: limits.fontSize, lineHeight, height: lines.length * lineHeight };
}

/** Each line at its own position, with line breaking off. */
export function drawLaidBlock(doc: PDFKit.PDFDocument, block: LaidBlock, x: number, y: number, options: { centredIn?: number } = {}) {
  doc.fontSize(block.fontSize);
  block.lines.forEach((line, index) => {
    const lineX = options.centredIn === undefined ? x : x + Math.max(0, (options.centredIn - line.width) / 2);
    doc.text(line.text, lineX, y + index * block.lineHeight, { lineBreak: false });
  });
}
