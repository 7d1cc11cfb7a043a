/**
 * Byte helpers used by every text format of the ledger. Platform-neutral (atob/btoa,
 * TextEncoder/TextDecoder exist in Node 20 and in browsers), as everything in shared/ must be.
 *
 * Base64 is the standard alphabet with padding (RFC 4648 §4), as C2SP formats require. Decoding is
 * strict: the text must be the canonical encoding of its bytes, so one value has one spelling and a
 * flipped character can never decode to the same bytes.
 */
import { LedgerFormatError } from "./errors.js";

const BASE64_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** Decodes canonical standard base64; throws `LedgerFormatError` on anything else. */
export function decodeBase64(text: string, what = "base64 value"): Uint8Array {
  if (!BASE64_SHAPE.test(text)) throw new LedgerFormatError(`${what} is not standard base64`);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  // Unused low bits of the last character must be zero (e.g. "AB==" and "AA==" both decode to 0x00).
  if (encodeBase64(bytes) !== text) throw new LedgerFormatError(`${what} is not canonical base64`);
  return bytes;
}

const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** ASCII decimal with no leading zeroes (C2SP formats), up to 2^53 - 1; throws `LedgerFormatError`. */
export function parseDecimal(text: string, what: string): number {
  if (!DECIMAL.test(text)) throw new LedgerFormatError(`${what} is not a decimal number without leading zeroes`);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new LedgerFormatError(`${what} is above 2^53 - 1, which this log does not support`);
  return value;
}

export function encodeHex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

const utf8Encoder = new TextEncoder();
const strictUtf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function encodeUtf8(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/** Decodes UTF-8, refusing invalid sequences (signed notes "MUST be valid UTF-8"). */
export function decodeUtf8(bytes: Uint8Array, what = "text"): string {
  try {
    return strictUtf8Decoder.decode(bytes);
  } catch {
    throw new LedgerFormatError(`${what} is not valid UTF-8`);
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
