import type { Font, GlyphRun } from "fontkit";
import type { CidCffFont } from "./cid-cff-font.js";
import { CidCffSubset, writeCidCff } from "./cid-cff-subset.js";

/**
 * The process's parsed font as pdfkit's font source, made cheap to use for many documents:
 *  - shaping results are remembered across documents. pdfkit already shapes word by word (split at
 *    spaces) and remembers words per document; the fixed texts of a certificate (labels, the
 *    statement, the verification steps) were shaped again for every one, about half its drawing
 *    time. A run depends only on its text, so a remembered one is the same run.
 *  - the subset pdfkit embeds is written by CidCffSubset (compact, desubroutinized), falling back
 *    to the font library's own subsetter if a charstring uses what the inliner does not model.
 */

/** Words and lines remembered; the fixed texts of every document kind are a few hundred. */
const CACHED_RUNS_MAX = 5_000;

export function pdfFontSource(font: Font, program: CidCffFont | null): Font {
  const runs = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown): GlyphRun => {
    // Runs with explicit features are not ours to remember (none of our documents asks for any).
    if (features !== undefined) return font.layout(text, features);
    let run = runs.get(text);
    if (!run) {
      run = font.layout(text);
      if (runs.size >= CACHED_RUNS_MAX) runs.delete(runs.keys().next().value!);
      runs.set(text, run);
    }
    return copyOfRun(run);
  };
  const createSubset = () => (program ? new FallbackSubset(program, font) : font.createSubset());
  return new Proxy(font, {
    get(target, property, receiver) {
      if (property === "layout") return layout;
      if (property === "createSubset") return createSubset;
      return Reflect.get(target, property, receiver);
    },
  });
}

/** pdfkit scales a run's positions in place, so each caller gets positions of its own (the glyphs are shared, read-only). */
function copyOfRun(run: GlyphRun): GlyphRun {
  const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
  Object.assign(copy, run);
  copy.positions = run.positions.map((position) => Object.assign(Object.create(Object.getPrototypeOf(position) as object), position));
  return copy;
}

class FallbackSubset extends CidCffSubset {
  constructor(
    program: CidCffFont,
    private readonly library: Font,
  ) {
    super(program);
  }

  override encode(): Uint8Array {
    try {
      return super.encode();
    } catch {
      const subset = this.library.createSubset();
      for (const glyph of this.glyphs.slice(1)) subset.includeGlyph(glyph);
      return subset.encode();
    }
  }
}
