import { z } from "zod";
import { hasUnsafeChars, UNSAFE_MULTILINE_TEXT_MESSAGE, UNSAFE_TEXT_MESSAGE } from "./stored-name";

/**
 * The one place where a "required + must match" text rule is turned into a zod schema, so every
 * field of spec §5 behaves the same way: surrounding spaces are ignored, an empty value gets the
 * "please enter" message, and only a non-empty value is tested (the required check aborts, so a
 * form never shows two messages for one field). Control and bidirectional-override characters are
 * refused rather than silently removed (stored-name.ts): a name shown on a certificate must be
 * exactly what its holder typed, and must read the same in every viewer.
 */
export type TextTest = RegExp | ((value: string) => boolean);

export interface TextRule {
  /** Shown when the value is missing, not a string, or blank. */
  required: string;
  /** Shown when the value is present but fails `test`. Omit for "required only" fields. */
  invalid?: string;
  test?: TextTest;
  /** Passwords keep their spaces (a space is then simply an invalid character). */
  keepSpaces?: boolean;
  /** Line breaks allowed (a template of several lines); other control characters are still refused. */
  multiline?: boolean;
}

export function passes(test: TextTest, value: string): boolean {
  return typeof test === "function" ? test(value) : test.test(value);
}

export function textRule({ required, invalid, test, keepSpaces = false, multiline = false }: TextRule) {
  const base = z.string({ error: required });
  const trimmed = keepSpaces ? base : base.trim();
  const present = trimmed.min(1, { error: required, abort: true }).refine((value) => !hasUnsafeChars(value, { multiline }), { error: multiline ? UNSAFE_MULTILINE_TEXT_MESSAGE : UNSAFE_TEXT_MESSAGE, abort: true });
  return test ? present.refine((value) => passes(test, value), { error: invalid ?? required }) : present;
}

/**
 * An optional field in a form arrives as "" or as only spaces; treat that as absent so that
 * the field's rule only runs when the user typed something.
 */
export function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );
}

/**
 * Optional free text (a remark, or with `multiline` a text area's description, where line breaks
 * and tabs are allowed); other control and bidirectional characters are refused as in textRule.
 */
export function freeText(maxLength: number, tooLong: string, { multiline = false } = {}) {
  return z
    .string()
    .trim()
    .max(maxLength, tooLong)
    .refine((value) => !hasUnsafeChars(value, { multiline }), { error: multiline ? UNSAFE_MULTILINE_TEXT_MESSAGE : UNSAFE_TEXT_MESSAGE });
}
