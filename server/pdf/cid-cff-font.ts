import { DICT_OPERATORS, entryOf, readDict, readIndex, type DictEntry } from "./cff-data.js";
import { desubroutinize } from "./type2-desubroutinize.js";

/**
 * A CID-keyed CFF font program (the 'CFF ' table of Noto Sans CJK), parsed once per process into
 * what a subset needs: each glyph's charstring, font dict and subroutines, and the font dicts'
 * own entries to copy. Glyphs are desubroutinized on first use and remembered, so a document that
 * uses glyphs drawn before costs a copy, not a parse.
 */
export interface FontDict {
  /** The font dict's entries but Private and FontName (a subset renames nothing and rewrites Private's place). */
  readonly entries: readonly DictEntry[];
  /** The private dict's entries but Subrs (a desubroutinized subset has none). */
  readonly privateEntries: readonly DictEntry[];
  readonly localSubrs: readonly Uint8Array[];
}

/** About the Noto CJK face's glyphs drawn in a day of certificates; bounds the memory a long-lived worker keeps. */
const CACHED_GLYPHS_MAX = 20_000;

export class CidCffFont {
  readonly fontDicts: readonly FontDict[];
  /** The PostScript name in the program's Name INDEX. */
  readonly name: Uint8Array;
  /** Top DICT entries that shape every glyph (FontBBox, FontMatrix), copied into a subset. */
  readonly topEntries: readonly DictEntry[];
  readonly glyphCount: number;
  readonly #bytes: Uint8Array;
  readonly #charStrings: readonly { readonly start: number; readonly end: number }[];
  readonly #globalSubrs: readonly Uint8Array[];
  readonly #fdOfGlyph: Uint8Array;
  readonly #inlined = new Map<number, Uint8Array>();

  /** `table`: the bytes of the 'CFF ' table. Throws for a font that is not CID-keyed. */
  constructor(table: Uint8Array) {
    this.#bytes = table;
    const headerSize = table[2];
    const names = readIndex(table, headerSize);
    const topDicts = readIndex(table, names.end);
    const strings = readIndex(table, topDicts.end);
    const globalSubrs = readIndex(table, strings.end);
    this.#globalSubrs = globalSubrs.items.map(({ start, end }) => table.subarray(start, end));
    const top = readDict(table, topDicts.items[0].start, topDicts.items[0].end);
    const offsetOf = (operator: number) => {
      const entry = entryOf(top, operator);
      if (!entry) throw new Error(`CFF: not a CID-keyed font (no operator ${operator})`);
      return entry.operands[0];
    };
    if (!entryOf(top, DICT_OPERATORS.ros)) throw new Error("CFF: not a CID-keyed font (no ROS)");
    this.name = table.slice(names.items[0].start, names.items[0].end);
    this.topEntries = top.filter((entry) => entry.operator === DICT_OPERATORS.fontBBox || entry.operator === DICT_OPERATORS.fontMatrix);
    this.#charStrings = readIndex(table, offsetOf(DICT_OPERATORS.charStrings)).items;
    this.glyphCount = this.#charStrings.length;
    this.fontDicts = readIndex(table, offsetOf(DICT_OPERATORS.fdArray)).items.map(({ start, end }) => this.#readFontDict(start, end));
    this.#fdOfGlyph = this.#readFdSelect(offsetOf(DICT_OPERATORS.fdSelect));
  }

  fontDictOf(glyph: number): number {
    return this.#fdOfGlyph[glyph];
  }

  /** The glyph's charstring with every subroutine call inlined. */
  inlinedCharString(glyph: number): Uint8Array {
    let inlined = this.#inlined.get(glyph);
    if (!inlined) {
      const { start, end } = this.#charStrings[glyph];
      inlined = desubroutinize(this.#bytes.subarray(start, end), { global: this.#globalSubrs, local: this.fontDicts[this.#fdOfGlyph[glyph]].localSubrs });
      if (this.#inlined.size >= CACHED_GLYPHS_MAX) this.#inlined.clear();
      this.#inlined.set(glyph, inlined);
    }
    return inlined;
  }

  #readFontDict(start: number, end: number): FontDict {
    const entries = readDict(this.#bytes, start, end);
    const privateEntry = entryOf(entries, DICT_OPERATORS.private);
    let privateEntries: DictEntry[] = [];
    let localSubrs: Uint8Array[] = [];
    if (privateEntry) {
      const [size, offset] = privateEntry.operands;
      const all = readDict(this.#bytes, offset, offset + size);
      const subrs = entryOf(all, DICT_OPERATORS.subrs);
      // Subrs is an offset from the private dict's start.
      if (subrs) localSubrs = readIndex(this.#bytes, offset + subrs.operands[0]).items.map((item) => this.#bytes.subarray(item.start, item.end));
      privateEntries = all.filter((entry) => entry.operator !== DICT_OPERATORS.subrs);
    }
    return {
      entries: entries.filter((entry) => entry.operator !== DICT_OPERATORS.private && entry.operator !== DICT_OPERATORS.fontName),
      privateEntries,
      localSubrs,
    };
  }

  #readFdSelect(at: number): Uint8Array {
    const fds = new Uint8Array(this.glyphCount);
    const format = this.#bytes[at];
    if (format === 0) {
      fds.set(this.#bytes.subarray(at + 1, at + 1 + this.glyphCount));
    } else if (format === 3) {
      const ranges = (this.#bytes[at + 1] << 8) | this.#bytes[at + 2];
      const firstOf = (range: number) => (this.#bytes[at + 3 + range * 3] << 8) | this.#bytes[at + 4 + range * 3];
      for (let range = 0; range < ranges; range += 1) {
        const next = range + 1 < ranges ? firstOf(range + 1) : (this.#bytes[at + 3 + ranges * 3] << 8) | this.#bytes[at + 4 + ranges * 3];
        fds.fill(this.#bytes[at + 5 + range * 3], firstOf(range), next);
      }
    } else {
      throw new Error(`CFF: FDSelect format ${format}`);
    }
    return fds;
  }
}
