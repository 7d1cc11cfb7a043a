import { latin1, parseValue, PdfFormatError, PdfName, PdfRef, type PdfDict, type PdfValue } from "./pdf-objects";

/**
 * Reads the files embedded in a PDF through its EmbeddedFiles name tree (ISO 32000-1 §7.11.4): the
 * way a certificate carries its own proof. Platform-neutral: FlateDecode goes through the standard
 * DecompressionStream, present in browsers and in Node 20.
 */
export async function readPdfAttachments(pdf: Uint8Array): Promise<Map<string, Uint8Array>> {
  const document = new PdfObjects(pdf);
  const catalog = document.dictionary(document.trailer().get("Root"), "the document catalog");
  const names = catalog.get("Names");
  const attachments = new Map<string, Uint8Array>();
  if (names === undefined) return attachments;
  const tree = document.dictionary(document.dictionary(names, "the names dictionary").get("EmbeddedFiles") ?? null, "the EmbeddedFiles tree", true);
  if (!tree) return attachments;
  for (const [name, spec] of document.nameTreeEntries(tree)) {
    const files = document.dictionary(document.dictionary(spec, `file specification ${name}`).get("EF"), `embedded file of ${name}`);
    attachments.set(name, await document.streamData(files.get("F") ?? files.get("UF") ?? null));
  }
  return attachments;
}

class PdfObjects {
  readonly #offsets = new Map<number, number>();
  readonly #text: string;

  constructor(readonly bytes: Uint8Array) {
    this.#text = latin1(bytes);
    if (!this.#text.startsWith("%PDF-")) throw new PdfFormatError("not a PDF file");
    // Later definitions win, as after an incremental update.
    for (const match of this.#text.matchAll(/(?<![0-9])(\d+)\s+(\d+)\s+obj\b/g)) this.#offsets.set(Number(match[1]), match.index + match[0].length);
  }

  trailer(): PdfDict {
    const at = this.#text.lastIndexOf("trailer");
    if (at < 0) throw new PdfFormatError("no trailer (cross-reference streams are not supported)");
    const { value } = parseValue(this.bytes, at + "trailer".length);
    if (!(value instanceof Map)) throw new PdfFormatError("the trailer is not a dictionary");
    return value;
  }

  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (!(value instanceof PdfRef)) return value;
    const offset = this.#offsets.get(value.id);
    if (offset === undefined) throw new PdfFormatError(`object ${value.id} is missing`);
    return parseValue(this.bytes, offset).value;
  }

  dictionary(value: PdfValue | undefined, what: string, optional?: false): PdfDict;
  dictionary(value: PdfValue | undefined, what: string, optional: true): PdfDict | null;
  dictionary(value: PdfValue | undefined, what: string, optional = false): PdfDict | null {
    const resolved = this.resolve(value);
    if (resolved instanceof Map) return resolved;
    if (optional && (resolved === undefined || resolved === null)) return null;
    throw new PdfFormatError(`${what} is not a dictionary`);
  }

  /** Leaves of a name tree in key order, following /Kids. */
  *nameTreeEntries(node: PdfDict, depth = 0): Generator<[string, PdfValue]> {
    if (depth > 32) throw new PdfFormatError("the name tree is too deep");
    const kids = this.resolve(node.get("Kids"));
    if (Array.isArray(kids)) for (const kid of kids) yield* this.nameTreeEntries(this.dictionary(kid, "a name tree node"), depth + 1);
    const names = this.resolve(node.get("Names"));
    if (!Array.isArray(names)) return;
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = this.resolve(names[i]);
      if (typeof key === "string") yield [key, names[i + 1]];
    }
  }

  async streamData(ref: PdfValue): Promise<Uint8Array> {
    if (!(ref instanceof PdfRef)) throw new PdfFormatError("an embedded file must be an indirect stream");
    const offset = this.#offsets.get(ref.id);
    if (offset === undefined) throw new PdfFormatError(`object ${ref.id} is missing`);
    const { value: dict, end } = parseValue(this.bytes, offset);
    if (!(dict instanceof Map)) throw new PdfFormatError(`object ${ref.id} is not a stream`);
    const keyword = /^\s*stream(\r\n|\n)/.exec(this.#text.slice(end, end + 16));
    if (!keyword) throw new PdfFormatError(`object ${ref.id} is not a stream`);
    const length = this.resolve(dict.get("Length"));
    if (typeof length !== "number" || !Number.isInteger(length) || length < 0) throw new PdfFormatError(`stream ${ref.id} has no valid /Length`);
    const start = end + keyword[0].length;
    if (start + length > this.bytes.length) throw new PdfFormatError(`stream ${ref.id} runs past the end of the file`);
    const raw = this.bytes.slice(start, start + length);
    const filter = this.resolve(dict.get("Filter"));
    const filters = (Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter]).map((item) => (item instanceof PdfName ? item.name : String(item)));
    let data: Uint8Array = raw;
    for (const name of filters) {
      if (name !== "FlateDecode") throw new PdfFormatError(`stream filter ${name} is not supported`);
      data = await inflate(data);
    }
    return data;
  }
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([Uint8Array.from(data)]).stream().pipeThrough(new DecompressionStream("deflate"));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    throw new PdfFormatError(`a compressed stream is damaged (${(error as Error).message})`);
  }
}
