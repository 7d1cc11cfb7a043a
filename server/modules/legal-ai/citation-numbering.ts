import type { Citation } from "../../../src/schema/legal-ai.js";
import { sha256Hex } from "./passage-library.js";
import type { ScoredPassage } from "./retrieval.js";

/** A passage as a citation numbered `index`: the quote is the passage exactly, with its SHA-256. */
export function citationOf(index: number, { passage, score }: ScoredPassage): Citation {
  return {
    index,
    sourceKind: passage.source.kind,
    sourceId: passage.source.sourceId,
    label: passage.source.label,
    article: passage.source.article,
    quote: passage.text,
    sha256: sha256Hex(passage.text),
    score,
  };
}

/** The sources offered to the model, numbered from 1 in the order offered; a passage offered twice keeps its number. */
export class NumberedSources {
  private readonly list: ScoredPassage[] = [];
  private readonly numbers = new Map<string, number>();

  /** Numbers the passages not numbered yet; answers each one's number. */
  add(found: readonly ScoredPassage[]): { number: number; scored: ScoredPassage }[] {
    return found.map((scored) => {
      let number = this.numbers.get(scored.passage.ref);
      if (number === undefined) {
        this.list.push(scored);
        number = this.list.length;
        this.numbers.set(scored.passage.ref, number);
      }
      return { number, scored };
    });
  }

  get(number: number): ScoredPassage | undefined {
    return this.list[number - 1];
  }
}

// [1], [1][2], [1, 2], [1，2、3]
const MARKER = /\[(\d{1,4}(?:\s*[,，、]\s*\d{1,4})*)\]/g;
// An unfinished marker at the end of what has arrived: held back until the rest comes.
const OPEN_MARKER = /\[[\d\s,，、]{0,24}$/;

/**
 * Renumbers the model's [n] markers as its text streams: the sources it cites become citations 1,
 * 2, … in the order of their first mention, markers pointing at no offered source are dropped, and
 * the text is rewritten to match, so what was streamed is what is saved.
 */
export class CitationRewriter {
  private pending = "";
  private written = "";
  private readonly renumbered = new Map<number, number>();

  constructor(private readonly sources: NumberedSources) {}

  /** The rewritten text that can be shown now. */
  feed(delta: string): string {
    const text = this.pending + delta;
    const open = OPEN_MARKER.exec(text);
    this.pending = open ? text.slice(open.index) : "";
    return this.emit(open ? text.slice(0, open.index) : text);
  }

  /** The rest, at the end of the answer (an unfinished marker is plain text). */
  flush(): string {
    const rest = this.pending;
    this.pending = "";
    return this.emit(rest);
  }

  get text(): string {
    return this.written;
  }

  citations(): Citation[] {
    return [...this.renumbered].map(([original, index]) => citationOf(index, this.sources.get(original)!));
  }

  private emit(text: string): string {
    const rewritten = text.replace(MARKER, (_marker, numbers: string) =>
      numbers
        .split(/\s*[,，、]\s*/)
        .map(Number)
        .filter((number) => this.sources.get(number) !== undefined)
        .map((number) => `[${this.indexOf(number)}]`)
        .join(""),
    );
    this.written += rewritten;
    return rewritten;
  }

  private indexOf(original: number): number {
    let index = this.renumbered.get(original);
    if (index === undefined) {
      index = this.renumbered.size + 1;
      this.renumbered.set(original, index);
    }
    return index;
  }
}
