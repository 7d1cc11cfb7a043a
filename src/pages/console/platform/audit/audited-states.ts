import type { z } from "zod";
import { describeField, formatFieldValue } from "../../../../resources/field-meta";
import { OperatorRecordSchema } from "../../../../schema/console/operators";

/**
 * How the audit page labels the fields of an audited object's before/after, by target type: the
 * record schema whose metadata names them. A console concern that audits a new kind of object adds
 * its line; fields of an unknown type show by their own names.
 */
export const AUDITED_STATE_SCHEMAS: Readonly<Record<string, z.ZodObject>> = {
  operator: OperatorRecordSchema,
};

/** A before/after field's label and its value as text, by the target type's record schema where it knows the field. */
export function describeStateField(targetType: string, path: string): { label: string; format: (value: unknown) => string } {
  const schema = AUDITED_STATE_SCHEMAS[targetType];
  const field = schema && path in schema.shape ? describeField(path, schema.shape[path] as z.ZodType) : null;
  return {
    label: field?.label ?? path,
    format: (value) => {
      if (value === undefined) return "—";
      if (value === null) return "（空）";
      const text = field ? formatFieldValue(field, value) : formatFieldValue({ format: "text" }, Array.isArray(value) ? value.join("、") : value);
      return text === "" ? "（空）" : text;
    },
  };
}
