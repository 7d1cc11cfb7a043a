import { hasUnsafeChars } from "../../../src/schema/stored-name.js";

/**
 * Line breaking for the certificate's variable text, in time linear in what is drawn and bounded
 * whatever it is given (issue 11). pdfkit's own wrapper re-measures the whole rest of a word for
 * every line it cuts off, so a long run with no break opportunity (an ASCII file name, a base64
 * key) costs time quadratic in its length: 2,000 characters took about a second, 60,000 froze the
 * process. Here each character is measured once (by the caller's cached measure), only the first
 * `maxChars` characters are looked at, and at most `maxLines` lines come out; text that does not
 * fit ends in an ellipsis. The full value stays in the certificate's embedded data.
 */
export interface TextBox {
  /** Line width in points. */
  readonly width: number;
  readonly maxLines: number;
  /** Characters (code points) looked at; anything beyond is cut off. */
  readonly maxChars: number;
  /** The advance width of one character at the size it will be drawn. */
  readonly measure: (char: string) => number;
}

export interface LaidLine {
  readonly text: string;
  readonly width: number;
}

const ELLIPSIS = "…";
/** No line starts with these (Chinese and Western closing punctuation). */
const CLOSING = new Set([..."，。、；：？！）》」』】〕〉”’,.;:?!)]}%…"]);
/** No line ends with these. */
const OPENING = new Set([..."（《「『【〔〈“‘([{"]);
/** After these a code or address may break: paths, keys, lists. */
const BREAK_AFTER = new Set([..."/-+,;=&?_|"]);
/** Ideographs, kana, hangul, fullwidth forms: a line may break between any two of them. */
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\u{20000}-\u{3ffff}]/u;

/** Whether a line may break between `before` and `after`. */
function isBreakBetween(before: string, after: string): boolean {
  if (after === " " || CLOSING.has(after) || OPENING.has(before)) return false;
  return before === " " || BREAK_AFTER.has(before) || WIDE.test(before) || WIDE.test(after);
}

/** The first `count` drawable characters: tabs become spaces, other controls and bidi characters are dropped, `\n` is kept. */
function leadingChars(text: string, count: number): string[] {
  const chars: string[] = [];
  for (const char of text) {
    if (chars.length >= count) break;
    if (char === "\t") chars.push(" ");
    else if (char === "\n" || (char !== "\r" && !hasUnsafeChars(char, { multiline: true }))) chars.push(char);
  }
  return chars;
}

export function layoutLines(text: string, box: TextBox): LaidLine[] {
  const { width, maxLines, maxChars, measure } = box;
  const chars = leadingChars(text, maxChars + 1);
  let isCut = chars.length > maxChars;
  if (isCut) chars.length = maxChars;

  const lines: string[][] = [];
  let line: string[] = [];
  let lineWidth = 0;
  /** Where in `line` the last break opportunity is; 0 when there is none. */
  let breakAt = 0;
  const widthOf = (part: readonly string[]) => part.reduce((sum, char) => sum + measure(char), 0);
  const endLine = (keep: number) => {
    lines.push(trimSpaces(line.slice(0, keep), "end"));
    // What moves to the next line follows the last break opportunity, so it holds none itself:
    // each character is carried (and re-measured) at most once.
    line = trimSpaces(line.slice(keep), "start");
    lineWidth = widthOf(line);
    breakAt = 0;
  };

  let index = 0;
  for (; index < chars.length && lines.length < maxLines; index += 1) {
    const char = chars[index];
    if (char === "\n") {
      endLine(line.length);
      continue;
    }
    const charWidth = measure(char);
    const isBreakHere = line.length > 0 && isBreakBetween(line[line.length - 1], char);
    if (line.length > 0 && lineWidth + charWidth > width) {
      if (char === " ") {
        endLine(line.length);
        continue;
      }
      endLine(isBreakHere || breakAt === 0 ? line.length : breakAt);
      // What was carried may itself leave no room for this character (a narrow part before the break).
      if (lines.length < maxLines && line.length > 0 && lineWidth + charWidth > width) endLine(line.length);
      if (lines.length >= maxLines) break;
    } else if (isBreakHere) {
      breakAt = line.length;
    }
    line.push(char);
    lineWidth += charWidth;
  }
  if (lines.length < maxLines && line.length > 0) {
    lines.push(line);
    line = [];
  }
  isCut ||= line.some((char) => char !== " ") || chars.slice(index).some((char) => char.trim() !== "");
  if (isCut) lines.push(withEllipsis(lines.pop() ?? [], width, measure));
  return lines.map((chars) => ({ text: chars.join(""), width: widthOf(chars) }));
}

function trimSpaces(chars: string[], end: "start" | "end"): string[] {
  let start = 0;
  let stop = chars.length;
  if (end === "start") while (start < stop && chars[start] === " ") start += 1;
  else while (stop > start && chars[stop - 1] === " ") stop -= 1;
  return chars.slice(start, stop);
}

/** The line shortened until an ellipsis fits after it. */
function withEllipsis(chars: string[], width: number, measure: (char: string) => number): string[] {
  const kept = [...chars];
  let keptWidth = kept.reduce((sum, char) => sum + measure(char), 0);
  while (kept.length > 0 && keptWidth + measure(ELLIPSIS) > width) keptWidth -= measure(kept.pop()!);
  return [...trimSpaces(kept, "end"), ELLIPSIS];
}
