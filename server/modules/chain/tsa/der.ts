/**
 * The small part of ASN.1 DER (X.690) the RFC 3161 client needs: building a TimeStampReq and
 * walking a TimeStampResp. Decoding is strict about lengths (definite, minimal, inside the parent)
 * so a truncated or padded answer is refused rather than half read.
 */
export class DerError extends Error {
  override name = "DerError";
}

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  sequence: 0x30,
  set: 0x31,
  generalizedTime: 0x18,
} as const;

/** Context-specific tag number `n`, constructed (explicit or a constructed implicit type) or not. */
export const contextTag = (n: number, constructed = true) => (constructed ? 0xa0 : 0x80) | n;

// ---- encoding ----

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, content: Uint8Array): Uint8Array {
  const length = encodeLength(content.length);
  const out = new Uint8Array(1 + length.length + content.length);
  out[0] = tag;
  out.set(length, 1);
  out.set(content, 1 + length.length);
  return out;
}

const concat = (parts: readonly Uint8Array[]) => Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.length)));

export const sequence = (...items: Uint8Array[]) => tlv(TAG.sequence, concat(items));
export const octetString = (bytes: Uint8Array) => tlv(TAG.octetString, bytes);
export const derNull = () => tlv(TAG.null, new Uint8Array(0));
export const derBoolean = (value: boolean) => tlv(TAG.boolean, Uint8Array.of(value ? 0xff : 0x00));

/** A non-negative INTEGER from its big-endian magnitude (a 0x00 is put in front when the top bit is set). */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const trimmed = magnitude.subarray(start);
  const content = trimmed.length === 0 ? Uint8Array.of(0) : trimmed[0] & 0x80 ? concat([Uint8Array.of(0), trimmed]) : trimmed;
  return tlv(TAG.integer, content);
}

export const smallInteger = (value: number) => unsignedInteger(Uint8Array.of(value));

export function objectIdentifier(dotted: string): Uint8Array {
  const arcs = dotted.split(".").map(Number);
  if (arcs.length < 2 || arcs.some((arc) => !Number.isSafeInteger(arc) || arc < 0)) throw new DerError(`bad OID ${dotted}`);
  const bytes: number[] = [];
  const pushArc = (arc: number) => {
    const groups = [arc & 0x7f];
    for (let rest = Math.floor(arc / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift((rest & 0x7f) | 0x80);
    bytes.push(...groups);
  };
  pushArc(arcs[0] * 40 + arcs[1]);
  arcs.slice(2).forEach(pushArc);
  return tlv(TAG.oid, Uint8Array.from(bytes));
}

// ---- decoding ----

export interface DerNode {
  readonly tag: number;
  /** The whole element, header included (what a signature over an element covers). */
  readonly raw: Uint8Array;
  readonly content: Uint8Array;
}

function readNode(bytes: Uint8Array, offset: number): DerNode {
  if (offset + 2 > bytes.length) throw new DerError("truncated DER element");
  const tag = bytes[offset];
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte DER tags are not used here");
  let length = bytes[offset + 1];
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new DerError("indefinite or oversized DER length");
    if (offset + 2 + count > bytes.length) throw new DerError("truncated DER length");
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + bytes[offset + 2 + i];
    if (length < 0x80 || bytes[offset + 2] === 0) throw new DerError("non-minimal DER length");
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError("DER element runs past its container");
  return { tag, raw: bytes.subarray(offset, end), content: bytes.subarray(offset + header, end) };
}

/** Exactly one element filling `bytes`. */
export function decode(bytes: Uint8Array): DerNode {
  const node = readNode(bytes, 0);
  if (node.raw.length !== bytes.length) throw new DerError("trailing bytes after the DER element");
  return node;
}

/** The elements inside a constructed node, in order. */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  for (let offset = 0; offset < node.content.length; ) {
    const child = readNode(node.content, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`${what}: expected tag 0x${tag.toString(16)}, found ${node ? `0x${node.tag.toString(16)}` : "nothing"}`);
  return node;
}

export function readOid(node: DerNode): string {
  const bytes = expectTag(node, TAG.oid, "object identifier").content;
  const arcs: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  if (arcs.length === 0) throw new DerError("empty object identifier");
  const first = arcs[0] < 80 ? Math.floor(arcs[0] / 40) : 2;
  return [first, arcs[0] - first * 40, ...arcs.slice(1)].join(".");
}

/** A non-negative INTEGER as lowercase hex without leading zero bytes (serials, nonces). */
export function readUnsignedHex(node: DerNode): string {
  const bytes = expectTag(node, TAG.integer, "integer").content;
  if (bytes.length === 0 || bytes[0] & 0x80) throw new DerError("expected a non-negative integer");
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  return Buffer.from(bytes.subarray(start)).toString("hex");
}

export function readSmallInteger(node: DerNode): number {
  const hex = readUnsignedHex(node);
  if (hex.length > 12) throw new DerError("integer too large");
  return Number.parseInt(hex, 16);
}

/** GeneralizedTime "YYYYMMDDHHMMSS[.f+]Z" (RFC 3161 §2.4.2) as ms since the epoch. */
export function readGeneralizedTime(node: DerNode): number {
  const text = Buffer.from(expectTag(node, TAG.generalizedTime, "generalized time").content).toString("latin1");
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw new DerError(`bad GeneralizedTime ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, fraction = ""] = match;
  const ms = Number(`0.${fraction || "0"}`) * 1000;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + Math.floor(ms);
}
