import { z } from "zod";
import { hasUnsafeChars, UNSAFE_MULTILINE_TEXT_MESSAGE, UNSAFE_TEXT_MESSAGE } from "./stored-name";
import { checkText, type TextRule } from "./text-check";

export { passes, type TextRule, type TextTest } from "./text-check";

/**
 * The one place where a "required + must match" text rule (text-check.ts) is turned into a zod
 * schema, so every field of spec §5 behaves the same way, in zod and on the light pages alike.
 */
export function textRule(rule: TextRule) {
  const base = z.string({ error: rule.required });
  return (rule.keepSpaces ? base : base.trim()).superRefine((value, context) => {
    const checked = checkText(rule, value);
    if (!checked.ok) context.addIssue({ code: "custom", message: checked.message });
  });
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

/** Required free text (a reason, the matters of an appraisal): `required` when blank, else freeText's rules. */
export function requiredFreeText(maxLength: number, messages: { required: string; tooLong: string }, options: { multiline?: boolean } = {}) {
  return z.string({ error: messages.required }).trim().min(1, { error: messages.required, abort: true }).pipe(freeText(maxLength, messages.tooLong, options));
}
