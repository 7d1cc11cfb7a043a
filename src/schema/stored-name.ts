/**
 * Names that come from outside and end up stored, in blobs' and ZIP entries' names, and drawn into
 * certificates. A multipart file name is whatever the client put in its header: any length, any
 * characters. A name is bounded and cleaned here, once, before anything keeps it (issue 11: a
 * 60,000-character file name froze certificate rendering).
 *
 * File names are cleaned silently (the user did not type them, and refusing a file because of its
 * name would only be confusing). Typed text is refused instead (string-rule.ts), so that what a
 * user typed is never altered behind their back.
 */

/** The same bound as a typed evidence name (EvidenceNameSchema), in UTF-16 code units as zod counts. */
export const STORED_NAME_MAX_LENGTH = 100;
/** The name of a file whose own name says nothing (empty, `.`, `..`, only dots and spaces). */
export const UNNAMED_FILE = "未命名文件";
/** Longer tails are not extensions but part of the name ("a.<60,000 characters>"). */
const EXTENSION_MAX_LENGTH = 16;
const ELLIPSIS = "…";

/**
 * Characters no name or single-line text may hold: C0 and C1 controls, DEL, the Arabic letter
 * mark, left-to-right/right-to-left marks, bidirectional embeddings and overrides (U+202A-U+202E,
 * the "RLO" trick that shows `exe.pdf` for `fdp.exe`), isolates (U+2066-U+2069), line and
 * paragraph separators and the byte-order mark.
 */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u;
/** The same set without line breaks and tabs, for text areas. */
const UNSAFE_MULTILINE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u;
/** Half of a surrogate pair on its own: not text, and unencodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
const WHITESPACE_CONTROLS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const UNSAFE_CHARS_ALL = new RegExp(UNSAFE_CHARS.source, "gu");

export const UNSAFE_TEXT_MESSAGE = "输入内容不能包含换行、制表符等控制字符或文字方向控制符";
/** For text areas, where line breaks and tabs are allowed. */
export const UNSAFE_MULTILINE_TEXT_MESSAGE = "输入内容不能包含控制字符或文字方向控制符";

export function hasUnsafeChars(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? UNSAFE_MULTILINE_CHARS : UNSAFE_CHARS).test(text) || LONE_SURROGATE.test(text);
}

/** `text` with line breaks and tabs turned into spaces and every other unsafe character removed. */
export function removeUnsafeChars(text: string): string {
  return text
    .replace(LONE_SURROGATES, "\ufffd")
    .replace(WHITESPACE_CONTROLS, " ")
    .replace(UNSAFE_CHARS_ALL, "");
}

/**
 * A file name as it may be stored: the last segment of a path (some clients send
 * `C:\Users\…\合同.pdf`), without unsafe characters, runs of spaces or dots and spaces at either
 * end; `未命名文件` (plus the extension) when nothing is left; at most `maxLength` code units,
 * shortened in the middle with an ellipsis so that the extension (which decides the upload rule
 * and how the file opens) survives. Idempotent, and never longer than `maxLength`.
 */
export function cleanFileName(raw: unknown, maxLength = STORED_NAME_MAX_LENGTH): string {
  const text = removeUnsafeChars(typeof raw === "string" ? raw : "");
  const base = text.slice(Math.max(text.lastIndexOf("/"), text.lastIndexOf("\\")) + 1);
  const { stem, extension } = splitExtension(trimDotsAndSpaces(base.replace(/ {2,}/g, " "), "end"));
  return joinBounded(trimDotsAndSpaces(stem, "both") || UNNAMED_FILE, extension, maxLength);
}

/** A name made of clean parts (a typed name and a file name) within `maxLength`, keeping the extension. */
export function boundFileName(name: string, maxLength = STORED_NAME_MAX_LENGTH): string {
  const { stem, extension } = splitExtension(name);
  return joinBounded(stem, extension, maxLength);
}

/**
 * Dots and spaces off one or both ends, by scanning: the regex /[.\s]+$/ backtracks quadratically
 * over a long run of spaces that does not reach the end, which a hostile name can be.
 */
function trimDotsAndSpaces(text: string, ends: "end" | "both"): string {
  const isTrimmed = (char: string) => char === "." || /\s/u.test(char);
  let start = 0;
  let end = text.length;
  while (end > 0 && isTrimmed(text[end - 1])) end -= 1;
  if (ends === "both") while (start < end && isTrimmed(text[start])) start += 1;
  return text.slice(start, end);
}

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf(".");
  const tail = dot >= 0 ? name.slice(dot + 1) : "";
  const isExtension = tail.length > 0 && tail.length <= EXTENSION_MAX_LENGTH && !/\s/u.test(tail);
  return isExtension ? { stem: name.slice(0, dot), extension: `.${tail}` } : { stem: name, extension: "" };
}

function joinBounded(stem: string, extension: string, maxLength: number): string {
  return `${shorten(stem, maxLength - extension.length)}${extension}`;
}

/** At most `maxLength` code units, ending in an ellipsis when cut; never splits a surrogate pair. */
export function shorten(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - ELLIPSIS.length);
  if (end > 0 && /[\ud800-\udbff]/.test(text[end - 1])) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}
