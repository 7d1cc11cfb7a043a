import PDFDocument from "pdfkit";
import { pdfBytesOf, selectCjkFont } from "../pdf/a4-document.js";

/**
 * The generated seal (issue 16): a round official-style red seal drawn from the verified
 * enterprise name: the name around the top arc, a five-pointed star in the middle, an optional
 * line below it. One layout feeds both drawings: SVG for the pages and vectors in the PDF (the
 * CJK font subset by pdfkit), so what the holder previews is what the document carries. An
 * original drawing, imitating no real organisation's seal.
 */
export const SEAL_BOX = 200;
export const SEAL_RED = "#d7261e";
const CENTRE = SEAL_BOX / 2;
const RING_RADIUS = 94;
const RING_WIDTH = 6;
const TEXT_RADIUS = 70;
const STAR_RADIUS = 27;

export interface SealDrawing {
  ring: { cx: number; cy: number; r: number; width: number };
  /** Each character of the name, centred at (x, y), turned `angle` degrees clockwise. */
  arc: { char: string; x: number; y: number; angle: number; size: number }[];
  star: [number, number][];
  bottom: { text: string; x: number; y: number; size: number } | null;
}

export function layoutSeal(organisation: string, bottomText: string | null): SealDrawing {
  const chars = Array.from(organisation);
  // Short names keep a natural spacing; long ones share at most 250 degrees, in smaller type.
  const span = Math.min(250, Math.max(120, chars.length * 24));
  const size = Math.max(12, Math.min(28, ((span / 360) * 2 * Math.PI * TEXT_RADIUS) / chars.length * 0.9));
  const arc = chars.map((char, index) => {
    const angle = -span / 2 + (span * (index + 0.5)) / chars.length;
    const radians = (angle * Math.PI) / 180;
    return { char, x: round(CENTRE + TEXT_RADIUS * Math.sin(radians)), y: round(CENTRE - TEXT_RADIUS * Math.cos(radians)), angle: round(angle), size: round(size) };
  });
  const star = Array.from({ length: 10 }, (_, index): [number, number] => {
    const radius = index % 2 === 0 ? STAR_RADIUS : STAR_RADIUS * 0.382;
    const radians = ((-90 + index * 36) * Math.PI) / 180;
    return [round(CENTRE + radius * Math.cos(radians)), round(CENTRE + radius * Math.sin(radians))];
  });
  const bottom = bottomText ? { text: bottomText, x: CENTRE, y: CENTRE + 52, size: Math.min(20, 120 / Array.from(bottomText).length) } : null;
  return { ring: { cx: CENTRE, cy: CENTRE, r: RING_RADIUS, width: RING_WIDTH }, arc, star, bottom };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function sealSvg(organisation: string, bottomText: string | null): string {
  const { ring, arc, star, bottom } = layoutSeal(organisation, bottomText);
  const font = `font-family="Noto Sans CJK SC, Noto Sans SC, sans-serif" fill="${SEAL_RED}" text-anchor="middle" dominant-baseline="central"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SEAL_BOX} ${SEAL_BOX}" width="${SEAL_BOX}" height="${SEAL_BOX}">`,
    `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="${SEAL_RED}" stroke-width="${ring.width}"/>`,
    ...arc.map((c) => `<text ${font} font-size="${c.size}" transform="translate(${c.x} ${c.y}) rotate(${c.angle})">${escapeXml(c.char)}</text>`),
    `<polygon fill="${SEAL_RED}" points="${star.map(([x, y]) => `${x},${y}`).join(" ")}"/>`,
    bottom ? `<text ${font} font-size="${bottom.size}" x="${bottom.x}" y="${bottom.y}">${escapeXml(bottom.text)}</text>` : "",
    "</svg>",
  ].join("");
}

/** The seal as a one-page PDF of SEAL_BOX points square, for embedding into a sealed document's page. */
export function sealPdf(organisation: string, bottomText: string | null): Promise<Buffer> {
  const { ring, arc, star, bottom } = layoutSeal(organisation, bottomText);
  const doc = new PDFDocument({ size: [SEAL_BOX, SEAL_BOX], margin: 0, autoFirstPage: true });
  const finished = pdfBytesOf(doc);
  selectCjkFont(doc).fillColor(SEAL_RED).strokeColor(SEAL_RED);
  doc.lineWidth(ring.width).circle(ring.cx, ring.cy, ring.r).stroke();
  const drawCentred = (text: string, x: number, y: number, size: number, angle: number) => {
    doc.save().translate(x, y).rotate(angle).fontSize(size);
    // pdfkit places text by its top-left corner; centre it on the point like the SVG does.
    doc.text(text, -doc.widthOfString(text) / 2, -doc.currentLineHeight() / 2, { lineBreak: false });
    doc.restore();
  };
  for (const c of arc) drawCentred(c.char, c.x, c.y, c.size, c.angle);
  doc.polygon(...star).fill();
  if (bottom) drawCentred(bottom.text, bottom.x, bottom.y, bottom.size, 0);
  doc.end();
  return finished;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
