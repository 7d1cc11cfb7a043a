import { hasUnsafeChars, UNSAFE_MULTILINE_TEXT_MESSAGE, UNSAFE_TEXT_MESSAGE } from "./stored-name";

/**
 * A "required + must match" text rule as data, and its check, without zod: string-rule.ts builds
 * the zod schemas of spec §5's fields from the same check, and a light page (the verification
 * page, issue 20) checks its fields with it directly. Surrounding spaces are ignored, an empty
 * value gets the "please enter" message, and only a non-empty value is tested, so a field never
 * shows two messages. Control and bidirectional-override characters are refused rather than
 * silently removed (stored-name.ts): a name shown on a certificate must be exactly what its holder
 * typed, and must read the same in every viewer.
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

export type TextCheck = { ok: true; value: string } | { ok: false; message: string };

export function passes(test: TextTest, value: string): boolean {
  return typeof test === "function" ? test(value) : test.test(value);
}

/** The value as the rule keeps it (trimmed unless `keepSpaces`), or the one message for it. */
export function checkText({ required, invalid, test, keepSpaces = false, multiline = false }: TextRule, input: string): TextCheck {
  const value = keepSpaces ? input : input.trim();
  if (value.length === 0) return { ok: false, message: required };
  if (hasUnsafeChars(value, { multiline })) return { ok: false, message: multiline ? UNSAFE_MULTILINE_TEXT_MESSAGE : UNSAFE_TEXT_MESSAGE };
  if (test && !passes(test, value)) return { ok: false, message: invalid ?? required };
  return { ok: true, value };
}
