/** A passage: an exact slice of its source's text. */
export interface TextSpan {
  start: number;
  end: number;
}

export const PASSAGE_MIN = 80;
export const PASSAGE_MAX = 400;
const SENTENCE = /[^。！？；!?;]*[。！？；!?;]+[”’」』）)]*|[^。！？；!?;]+$/g;

/**
 * Cuts a text into paragraph-sized passages (about PASSAGE_MIN-PASSAGE_MAX characters): a paragraph
 * is one passage; short neighbours are joined (with the line breaks between them), long ones are cut
 * after a sentence end, and a sentence longer than PASSAGE_MAX is cut where it must. Each passage is
 * an exact slice of `text`, so a quote of it is found verbatim in the source.
 */
export function splitPassages(text: string): string[] {
  const pieces = paragraphs(text).flatMap((span) => (span.end - span.start > PASSAGE_MAX ? sentencePacks(text, span) : [span]));
  const merged: TextSpan[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && (last.end - last.start < PASSAGE_MIN || piece.end - piece.start < PASSAGE_MIN) && piece.end - last.start <= PASSAGE_MAX) last.end = piece.end;
    else merged.push({ ...piece });
  }
  return merged.map((span) => text.slice(span.start, span.end));
}

function paragraphs(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const match of text.matchAll(/[^\n]+/g)) {
    const trimmed = trimSpan(text, { start: match.index, end: match.index + match[0].length });
    if (trimmed) spans.push(trimmed);
  }
  return spans;
}

/** A long paragraph's sentences, packed greedily up to PASSAGE_MAX. */
function sentencePacks(text: string, paragraph: TextSpan): TextSpan[] {
  const body = text.slice(paragraph.start, paragraph.end);
  const packs: TextSpan[] = [];
  for (const match of body.matchAll(SENTENCE)) {
    if (!match[0]) continue;
    for (let start = match.index; start < match.index + match[0].length; start += PASSAGE_MAX) {
      const span = { start: paragraph.start + start, end: paragraph.start + Math.min(match.index + match[0].length, start + PASSAGE_MAX) };
      const last = packs.at(-1);
      if (last && span.end - last.start <= PASSAGE_MAX) last.end = span.end;
      else packs.push(span);
    }
  }
  return packs.map((span) => trimSpan(text, span)).filter((span): span is TextSpan => span !== null);
}

function trimSpan(text: string, span: TextSpan): TextSpan | null {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return start < end ? { start, end } : null;
}
