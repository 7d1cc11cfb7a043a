import { A4 } from "./a4-document.js";
import { drawLaidBlock, layoutBlock, type LaidBlock } from "./laid-text.js";

/**
 * Content that runs over as many A4 pages as it needs (a digital report's per-evidence tables):
 * a cursor that starts a new page (with the document's own footer) when the next block does not
 * fit, and tables and labelled rows whose record text is laid out by layoutBlock (bounded, linear),
 * never by pdfkit's own wrapper. A row is never split across pages; a table's header is drawn again
 * at the top of each page it continues on.
 */

export const INK = "#1f1f1f";
export const MUTED = "#6b6b6b";
const RULE = "#d9d9d9";
const HEADER_FILL = "#f3f3f3";
/** What a cell may take: long reasons (a list of witnesses) wrap, a pasted essay does not take pages. */
const CELL_LIMITS = { maxLines: 12, maxChars: 1200 };
const CELL_PADDING = 4;

export interface TableColumn {
  readonly title: string;
  readonly width: number;
}

/** A cell: its text, and optionally its colour (a verdict). */
export type Cell = string | { readonly text: string; readonly color: string };

export class PageFlow {
  y: number;
  pageNumber = 1;
  readonly left: number;
  readonly width: number;
  readonly #bottom: number;
  readonly #top: number;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly options: { margin: number; top: number; footerSpace: number; onPage: (pageNumber: number) => void },
  ) {
    this.left = options.margin;
    this.width = A4.width - 2 * options.margin;
    this.#top = options.top;
    this.#bottom = A4.height - options.margin - options.footerSpace;
    this.y = options.top;
    options.onPage(1);
  }

  newPage(): void {
    this.doc.addPage();
    this.pageNumber += 1;
    this.options.onPage(this.pageNumber);
    this.y = this.#top;
  }

  /** Starts a new page unless `height` more fits on this one. */
  ensure(height: number): void {
    if (this.y + height > this.#bottom) this.newPage();
  }

  /** A heading line, kept with at least `keepWith` of what follows it. */
  heading(text: string, options: { fontSize?: number; color?: string; keepWith?: number } = {}): void {
    const block = layoutBlock(this.doc, text, { width: this.width, fontSize: options.fontSize ?? 12, maxLines: 2, maxChars: 200 });
    this.ensure(block.height + (options.keepWith ?? 40));
    this.doc.fillColor(options.color ?? INK);
    drawLaidBlock(this.doc, block, this.left, this.y);
    this.y += block.height + 6;
  }

  /** Free text in paragraphs (our own wording, with record values bounded by the layout). */
  paragraph(text: string, options: { fontSize?: number; color?: string; gapAfter?: number } = {}): void {
    const block = layoutBlock(this.doc, text, { width: this.width, fontSize: options.fontSize ?? 9.5, maxLines: 20, maxChars: 2000, lineGap: 2 });
    this.ensure(block.height);
    this.doc.fillColor(options.color ?? INK);
    drawLaidBlock(this.doc, block, this.left, this.y);
    this.y += block.height + (options.gapAfter ?? 4);
  }

  gap(points: number): void {
    this.y += points;
  }

  /** Label and value rows (a record's facts). */
  rows(rows: readonly (readonly [string, string])[], labelWidth = 110): void {
    this.table([{ title: "", width: labelWidth }, { title: "", width: this.width - labelWidth }], rows.map(([label, value]) => [{ text: label, color: MUTED }, value]), { hasHeader: false });
  }

  table(columns: readonly TableColumn[], rows: readonly (readonly Cell[])[], options: { hasHeader?: boolean; fontSize?: number } = {}): void {
    const fontSize = options.fontSize ?? 8.5;
    const hasHeader = options.hasHeader ?? true;
    const header = hasHeader ? this.#layRow(columns, columns.map((column) => column.title), fontSize) : null;
    const drawHeader = () => header && this.#drawRow(columns, header, HEADER_FILL);
    const laid = rows.map((row) => this.#layRow(columns, row, fontSize));
    this.ensure((header?.height ?? 0) + (laid[0]?.height ?? 0));
    drawHeader();
    for (const row of laid) {
      if (this.y + row.height > this.#bottom) {
        this.newPage();
        drawHeader();
      }
      this.#drawRow(columns, row, null);
    }
    this.y += 8;
  }

  #layRow(columns: readonly TableColumn[], cells: readonly Cell[], fontSize: number): { blocks: { block: LaidBlock; color: string }[]; height: number } {
    const blocks = columns.map((column, index) => {
      const cell = cells[index] ?? "";
      const text = typeof cell === "string" ? cell : cell.text;
      const isCode = /^[\x20-\x7e\n]+$/.test(text) && text.length > 40;
      return { block: layoutBlock(this.doc, text, { width: column.width - 2 * CELL_PADDING, fontSize: isCode ? fontSize - 1 : fontSize, ...CELL_LIMITS }), color: typeof cell === "string" ? INK : cell.color };
    });
    return { blocks, height: Math.max(...blocks.map(({ block }) => block.height), fontSize) + 2 * CELL_PADDING };
  }

  #drawRow(columns: readonly TableColumn[], row: { blocks: { block: LaidBlock; color: string }[]; height: number }, fill: string | null): void {
    const { doc } = this;
    if (fill) doc.save().rect(this.left, this.y, this.width, row.height).fill(fill).restore();
    let x = this.left;
    row.blocks.forEach(({ block, color }, index) => {
      doc.fillColor(color);
      drawLaidBlock(doc, block, x + CELL_PADDING, this.y + CELL_PADDING);
      x += columns[index].width;
    });
    doc.strokeColor(RULE).lineWidth(0.6);
    doc.rect(this.left, this.y, this.width, row.height).stroke();
    x = this.left;
    for (const column of columns.slice(0, -1)) {
      x += column.width;
      doc.moveTo(x, this.y).lineTo(x, this.y + row.height).stroke();
    }
    this.y += row.height;
  }
}
