import { concatBytes } from "../../isomorphic/ledger/encoding.js";
import { DICT_OPERATORS, writeEntry, writeIndex } from "./cff-data.js";
import type { CidCffFont } from "./cid-cff-font.js";

/**
 * The glyphs one document uses, written as a compact CID-keyed CFF program (pdfkit embeds it as
 * FontFile3/CIDFontType0C). It has pdfkit's subset interface (includeGlyph numbers the glyphs in the
 * order drawn, glyph 0 first; encode writes the program), so CIDs are those numbers, as pdfkit's
 * content streams and width arrays expect. Charstrings are desubroutinized (see
 * type2-desubroutinize.ts) and only the font dicts used are kept: no subroutine tables at all,
 * where the font library's subsetter writes a placeholder for each of tens of thousands.
 */
export class CidCffSubset {
  readonly glyphs: number[] = [];
  readonly mapping: Record<number, number> = {};
  /** pdfkit checks this to embed the program as CFF (FontFile3) rather than TrueType. */
  readonly cff: true = true;

  constructor(private readonly font: CidCffFont) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === "object" ? glyph.id : glyph;
    if (this.mapping[id] === undefined) {
      this.mapping[id] = this.glyphs.length;
      this.glyphs.push(id);
    }
    return this.mapping[id];
  }

  encode(): Uint8Array {
    return writeCidCff(this.font, this.glyphs);
  }
}

/** Standard strings end at SID 390; ours follow. */
const FIRST_CUSTOM_SID = 391;
const STRINGS = ["Adobe", "Identity"];

export function writeCidCff(font: CidCffFont, glyphs: readonly number[]): Uint8Array {
  const fontDictIndex = new Map<number, number>();
  const fdSelect = new Uint8Array(1 + glyphs.length);
  glyphs.forEach((glyph, cid) => {
    const original = font.fontDictOf(glyph);
    if (!fontDictIndex.has(original)) fontDictIndex.set(original, fontDictIndex.size);
    fdSelect[1 + cid] = fontDictIndex.get(original)!;
  });
  const charStrings = writeIndex(glyphs.map((glyph) => font.inlinedCharString(glyph)));
  // Identity charset: glyph i is CID i (format 2, one range from CID 1), none beyond .notdef.
  const charset = glyphs.length > 1 ? new Uint8Array([2, 0, 1, (glyphs.length - 2) >> 8, (glyphs.length - 2) & 0xff]) : new Uint8Array([0]);
  const usedDicts = [...fontDictIndex.keys()].map((index) => font.fontDicts[index]);
  const privateDicts = usedDicts.map((dict) => concatBytes(...dict.privateEntries.map((entry) => writeEntry(entry.operator, entry.operandBytes))));

  // Every offset in a DICT is written in the 5-byte form, so sizes are known before the offsets.
  const header = new Uint8Array([1, 0, 4, 4]);
  const nameIndex = writeIndex([font.name]);
  const stringIndex = writeIndex(STRINGS.map((text) => new TextEncoder().encode(text)));
  const globalSubrIndex = writeIndex([]);
  const topDict = (offsets: { charset: number; charStrings: number; fdArray: number; fdSelect: number }) =>
    concatBytes(
      writeEntry(DICT_OPERATORS.ros, [FIRST_CUSTOM_SID, FIRST_CUSTOM_SID + 1, 0]),
      ...font.topEntries.map((entry) => writeEntry(entry.operator, entry.operandBytes)),
      writeEntry(DICT_OPERATORS.cidCount, [glyphs.length]),
      writeEntry(DICT_OPERATORS.charset, [offsets.charset]),
      writeEntry(DICT_OPERATORS.charStrings, [offsets.charStrings]),
      writeEntry(DICT_OPERATORS.fdArray, [offsets.fdArray]),
      writeEntry(DICT_OPERATORS.fdSelect, [offsets.fdSelect]),
    );
  const fontDicts = (privateOffsets: readonly number[]) =>
    writeIndex(usedDicts.map((dict, index) => concatBytes(...dict.entries.map((entry) => writeEntry(entry.operator, entry.operandBytes)), writeEntry(DICT_OPERATORS.private, [privateDicts[index].length, privateOffsets[index]]))));

  const topDictIndexSize = writeIndex([topDict({ charset: 0, charStrings: 0, fdArray: 0, fdSelect: 0 })]).length;
  const charsetAt = header.length + nameIndex.length + topDictIndexSize + stringIndex.length + globalSubrIndex.length;
  const fdSelectAt = charsetAt + charset.length;
  const charStringsAt = fdSelectAt + fdSelect.length;
  const fdArrayAt = charStringsAt + charStrings.length;
  const fdArraySize = fontDicts(usedDicts.map(() => 0)).length;
  const privateOffsets: number[] = [];
  let privateAt = fdArrayAt + fdArraySize;
  for (const dict of privateDicts) {
    privateOffsets.push(privateAt);
    privateAt += dict.length;
  }
  return concatBytes(
    header,
    nameIndex,
    writeIndex([topDict({ charset: charsetAt, charStrings: charStringsAt, fdArray: fdArrayAt, fdSelect: fdSelectAt })]),
    stringIndex,
    globalSubrIndex,
    charset,
    fdSelect,
    charStrings,
    fontDicts(privateOffsets),
    ...privateDicts,
  );
}
