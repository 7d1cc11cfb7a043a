import { Fragment } from "react";
import type { Citation } from "../../../schema/legal-ai";
import { citationAnchor } from "./citation-list";

const CITATION_MARK = /\[(\d+)\]/g;

/**
 * An answer's text with each [n] that names one of its citations turned into a superscript link
 * to that citation's entry below; a bracketed number that names none stays plain text.
 */
export function AnswerText({ messageKey, text, citations }: { messageKey: string; text: string; citations: readonly Citation[] }) {
  const cited = new Set(citations.map((citation) => citation.index));
  const parts: { text: string; index?: number }[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION_MARK)) {
    const index = Number(match[1]);
    if (!cited.has(index)) continue;
    parts.push({ text: text.slice(last, match.index) }, { text: match[0], index });
    last = match.index + match[0].length;
  }
  parts.push({ text: text.slice(last) });
  return (
    <div style={{ whiteSpace: "pre-wrap", lineHeight: 1.8 }}>
      {parts.map((part, position) =>
        part.index === undefined ? (
          <Fragment key={position}>{part.text}</Fragment>
        ) : (
          <sup key={position}>
            <a href={`#${citationAnchor(messageKey, part.index)}`} aria-label={`引用 ${part.index}`}>
              {part.text}
            </a>
          </sup>
        ),
      )}
    </div>
  );
}
