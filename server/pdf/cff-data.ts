import { concatBytes } from "../../isomorphic/ledger/encoding.js";

/**
 * The two container formats of a CFF font program (Adobe Technical Note #5176): INDEX (a counted
 * list of byte strings) and DICT (operands followed by an operator), read and written byte-exactly.
 * Only what the CID-keyed subsetter needs; values are kept as their original bytes so that a copied
 * entry is the font's own encoding, not a re-encoding of a decoded number.
 */

/** Where the items of an INDEX lie in `bytes`, and where the INDEX ends. */
export interface CffIndex {
  readonly items: readonly { readonly start: number; readonly end: number }[];
  readonly end: number;
}

export function readIndex(bytes: Uint8Array, at: number): CffIndex {
  const count = (bytes[at] << 8) | bytes[at + 1];
  if (count === 0) return { items: [], end: at + 2 };
  const offSize = bytes[at + 2];
  if (offSize < 1 || offSize > 4) throw new Error(`CFF INDEX at ${at}: offset size ${offSize}`);
  const offsetAt = (index: number) => {
    let value = 0;
    for (let i = 0, p = at + 3 + index * offSize; i < offSize; i += 1, p += 1) value = value * 256 + bytes[p];
    return value;
  };
  // Offsets count from the byte before the data.
  const base = at + 3 + (count + 1) * offSize - 1;
  const items = [];
  for (let index = 0; index < count; index += 1) items.push({ start: base + offsetAt(index), end: base + offsetAt(index + 1) });
  return { items, end: base + offsetAt(count) };
}

/** An INDEX of `items`, with the smallest offset size that holds them. */
export function writeIndex(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return new Uint8Array([0, 0]);
  const dataLength = items.reduce((sum, item) => sum + item.length, 0);
  const offSize = dataLength + 1 <= 0xff ? 1 : dataLength + 1 <= 0xffff ? 2 : dataLength + 1 <= 0xffffff ? 3 : 4;
  const out = new Uint8Array(3 + (items.length + 1) * offSize + dataLength);
  out[0] = items.length >> 8;
  out[1] = items.length & 0xff;
  out[2] = offSize;
  let offset = 1;
  let data = 3 + (items.length + 1) * offSize;
  const putOffset = (index: number, value: number) => {
    for (let i = offSize - 1, p = 3 + index * offSize; i >= 0; i -= 1) out[p + i] = (value >>> (8 * (offSize - 1 - i))) & 0xff;
  };
  items.forEach((item, index) => {
    putOffset(index, offset);
    out.set(item, data);
    data += item.length;
    offset += item.length;
  });
  putOffset(items.length, offset);
  return out;
}

/** One DICT entry: its operator (escaped ones as 0x0c00 | second byte), its operands' bytes and integer values. */
export interface DictEntry {
  readonly operator: number;
  readonly operandBytes: Uint8Array;
  /** Integer operands decoded (offsets and sizes are integers); a real number is NaN here. */
  readonly operands: readonly number[];
}

export const DICT_OPERATORS = {
  charset: 15,
  charStrings: 17,
  private: 18,
  subrs: 19,
  fontBBox: 5,
  fontMatrix: 0x0c07,
  ros: 0x0c1e,
  cidCount: 0x0c22,
  fdArray: 0x0c24,
  fdSelect: 0x0c25,
  fontName: 0x0c26,
} as const;

export function readDict(bytes: Uint8Array, start: number, end: number): DictEntry[] {
  const entries: DictEntry[] = [];
  let operandStart = start;
  let operands: number[] = [];
  let p = start;
  while (p < end) {
    const b0 = bytes[p];
    if (b0 <= 21) {
      const operator = b0 === 12 ? 0x0c00 | bytes[p + 1] : b0;
      entries.push({ operator, operandBytes: bytes.slice(operandStart, p), operands });
      p += b0 === 12 ? 2 : 1;
      operandStart = p;
      operands = [];
    } else if (b0 === 28) {
      operands.push(((bytes[p + 1] << 24) | (bytes[p + 2] << 16)) >> 16);
      p += 3;
    } else if (b0 === 29) {
      operands.push((bytes[p + 1] << 24) | (bytes[p + 2] << 16) | (bytes[p + 3] << 8) | bytes[p + 4]);
      p += 5;
    } else if (b0 === 30) {
      // A real: nibbles up to an 0xf nibble.
      p += 1;
      while (p < end && (bytes[p] & 0x0f) !== 0x0f && (bytes[p] & 0xf0) !== 0xf0) p += 1;
      p += 1;
      operands.push(Number.NaN);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      p += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + bytes[p + 1] + 108);
      p += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - bytes[p + 1] - 108);
      p += 2;
    } else {
      throw new Error(`CFF DICT at ${p}: reserved byte ${b0}`);
    }
  }
  return entries;
}

export function entryOf(entries: readonly DictEntry[], operator: number): DictEntry | undefined {
  return entries.find((entry) => entry.operator === operator);
}

/** A DICT entry's bytes: the operands as given (bytes, or integers written in 5-byte form so offsets can be filled in later). */
export function writeEntry(operator: number, operands: Uint8Array | readonly number[]): Uint8Array {
  const operandBytes = operands instanceof Uint8Array ? operands : concatBytes(...operands.map(fixedInteger));
  const operatorBytes = operator > 0xff ? [12, operator & 0xff] : [operator];
  return concatBytes(operandBytes, new Uint8Array(operatorBytes));
}

function fixedInteger(value: number): Uint8Array {
  return new Uint8Array([29, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}
