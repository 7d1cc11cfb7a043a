/**
 * Just enough of the PDF object syntax (ISO 32000-1 §7.3) to read the files a certificate embeds:
 * dictionaries, arrays, names, strings, numbers and indirect references. Platform-neutral (runs in
 * the browser and in the offline verifier). Not a general PDF reader: no object streams, no
 * encryption, which our certificates (pdfkit, classic cross-reference table) never use.
 */

export type PdfValue = number | boolean | null | string | PdfName | PdfRef | PdfValue[] | PdfDict;
export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly id: number,
    readonly generation: number,
  ) {}
}
export type PdfDict = Map<string, PdfValue>;

export class PdfFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfFormatError";
  }
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Reads one value starting at `offset` of `bytes`; returns it with the offset just after it. */
export function parseValue(bytes: Uint8Array, offset: number): { value: PdfValue; end: number } {
  const parser = new ValueParser(bytes, offset);
  const value = parser.value();
  return { value, end: parser.offset };
}

class ValueParser {
  constructor(
    readonly bytes: Uint8Array,
    public offset: number,
  ) {}

  value(): PdfValue {
    this.skipSpace();
    const byte = this.bytes[this.offset];
    if (byte === undefined) throw new PdfFormatError("unexpected end of PDF data");
    if (byte === 0x2f) return new PdfName(this.name());
    if (byte === 0x28) return this.literalString();
    if (byte === 0x3c) return this.bytes[this.offset + 1] === 0x3c ? this.dictionary() : this.hexString();
    if (byte === 0x5b) return this.array();
    const word = this.word();
    if (word === "true" || word === "false") return word === "true";
    if (word === "null") return null;
    const number = Number(word);
    if (word === "" || !Number.isFinite(number)) throw new PdfFormatError(`unexpected token ${JSON.stringify(word)} at ${this.offset}`);
    // `id gen R` is an indirect reference: look ahead without consuming unless it matches.
    if (Number.isInteger(number) && number >= 0) {
      const mark = this.offset;
      this.skipSpace();
      const generation = this.word();
      this.skipSpace();
      if (/^\d+$/.test(generation) && this.bytes[this.offset] === 0x52 && this.isBoundary(this.offset + 1)) {
        this.offset += 1;
        return new PdfRef(number, Number(generation));
      }
      this.offset = mark;
    }
    return number;
  }

  private isBoundary(at: number): boolean {
    const byte = this.bytes[at];
    return byte === undefined || WHITESPACE.has(byte) || DELIMITERS.has(byte);
  }

  private skipSpace() {
    for (;;) {
      const byte = this.bytes[this.offset];
      if (byte === 0x25) {
        while (this.offset < this.bytes.length && this.bytes[this.offset] !== 0x0a && this.bytes[this.offset] !== 0x0d) this.offset += 1;
      } else if (byte !== undefined && WHITESPACE.has(byte)) this.offset += 1;
      else return;
    }
  }

  private word(): string {
    const start = this.offset;
    while (this.offset < this.bytes.length && !this.isBoundary(this.offset)) this.offset += 1;
    return latin1(this.bytes.subarray(start, this.offset));
  }

  private name(): string {
    this.offset += 1;
    return this.word().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  private dictionary(): PdfDict {
    this.offset += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.offset] === 0x3e && this.bytes[this.offset + 1] === 0x3e) {
        this.offset += 2;
        return dict;
      }
      const key = this.value();
      if (!(key instanceof PdfName)) throw new PdfFormatError(`a dictionary key must be a name (at ${this.offset})`);
      dict.set(key.name, this.value());
    }
  }

  private array(): PdfValue[] {
    this.offset += 1;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.offset] === 0x5d) {
        this.offset += 1;
        return items;
      }
      if (this.offset >= this.bytes.length) throw new PdfFormatError("unterminated array");
      items.push(this.value());
    }
  }

  private hexString(): string {
    const end = this.bytes.indexOf(0x3e, this.offset);
    if (end < 0) throw new PdfFormatError("unterminated hex string");
    const hex = latin1(this.bytes.subarray(this.offset + 1, end)).replace(/\s+/g, "");
    this.offset = end + 1;
    const padded = hex.length % 2 ? `${hex}0` : hex;
    return decodePdfText(Uint8Array.from(padded.match(/../g) ?? [], (pair) => parseInt(pair, 16)));
  }

  private literalString(): string {
    const out: number[] = [];
    let depth = 0;
    this.offset += 1;
    for (;;) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new PdfFormatError("unterminated string");
      if (byte === 0x29 && depth === 0) break;
      if (byte === 0x28) depth += 1;
      if (byte === 0x29) depth -= 1;
      if (byte !== 0x5c) {
        out.push(byte);
        continue;
      }
      const escaped = this.bytes[this.offset++];
      const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
      if (escaped in simple) out.push(simple[escaped]);
      else if (escaped >= 0x30 && escaped <= 0x37) {
        let octal = escaped - 0x30;
        for (let i = 0; i < 2 && this.bytes[this.offset] >= 0x30 && this.bytes[this.offset] <= 0x37; i += 1) octal = octal * 8 + (this.bytes[this.offset++] - 0x30);
        out.push(octal & 0xff);
      } else if (escaped === 0x0d || escaped === 0x0a) {
        if (escaped === 0x0d && this.bytes[this.offset] === 0x0a) this.offset += 1;
      } else out.push(escaped);
    }
    return decodePdfText(Uint8Array.from(out));
  }
}

/** PDF text strings are UTF-16BE with a BOM, or PDFDocEncoding (treated as Latin-1: our names are ASCII). */
function decodePdfText(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return latin1(bytes);
}

export function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) text += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return text;
}
