import type { z } from "zod";
import { describeField, formatFieldValue } from "../../../resources/field-meta";

export { labelOf } from "../../../resources/field-meta";

/** What the health page shows for a figure the server could not read. */
export const UNKNOWN_FIGURE = "无法读取";

/** A health figure as text, formatted by its metadata (bytes, datetime); null reads 无法读取 unless told otherwise. */
export function figureOf<S extends z.ZodObject>(schema: S, name: keyof S["shape"] & string, value: unknown, whenNull = UNKNOWN_FIGURE): string {
  if (value === null || value === undefined) return whenNull;
  return formatFieldValue(describeField(name, schema.shape[name] as z.ZodType), value);
}
