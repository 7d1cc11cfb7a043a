import { z } from "zod";

/**
 * Multi-line text areas (keyword lists, URL lists, notes): every line is trimmed and empty
 * lines are dropped (spec §5), so "a\r\n\n  b " is stored as "a\nb" whichever OS typed it.
 */
export function splitTextAreaLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function normaliseTextArea(text: string): string {
  return splitTextAreaLines(text).join("\n");
}

export const TextAreaSchema = z.string().transform(normaliseTextArea);
/** The same input as a list of its non-empty lines (one keyword or address per line). */
export const TextAreaLinesSchema = z.string().transform(splitTextAreaLines);
