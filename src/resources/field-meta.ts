import { z } from "zod";
import { formatDateTime, formatDuration, formatFileSize } from "../schema/format";
import { formatYuan, formatYuanWithCents } from "../schema/money";
import type { ListFilter } from "./types";

/**
 * UI metadata rides on the zod schema (STYLE.md habit 3): a record's field carries its label and
 * display hints through zod's global registry, e.g.
 *   fileName: z.string().meta({ title: "文件名称" }),
 *   createTime: z.number().meta({ title: "存证时间", format: "datetime" }),
 * so a section lists only field names and the generic pages read the rest here. `title` is also
 * what the OpenAPI document shows for the field. How a list cell draws it rides there too:
 * `copyable` (a copy button), `ellipsis` (one shortened line), `mono` (digits and codes in a fixed
 * width font), `colors` (an enum's or boolean's values as coloured tags, by value).
 */

/** `fen`: integer fen as short yuan ("1,500 元"); `money`: an amount of an account, always two decimals ("1,500.00 元"). */
/** `durationMs`: a length of time in milliseconds, shown as 1分05秒. */
export type FieldFormat = "text" | "datetime" | "fen" | "money" | "bytes" | "durationMs";
export type FieldWidget = "input" | "textarea" | "password";
/**
 * Whether a record page shows the field as a row: always (an empty value shows as empty), only
 * when the record has a value for it (`ifPresent`: a row that applies to some records only), or
 * never (a field for programs, such as an internal id).
 */
export type FieldRow = "always" | "ifPresent" | "never";

export interface FieldDescription {
  name: string;
  label: string;
  format: FieldFormat;
  widget: FieldWidget;
  row: FieldRow;
  /** The schema without its optional / nullable / default wrappers. */
  schema: z.ZodType;
  isRequired: boolean;
  /**
   * For enums (and lists of them): the values, each with its label from `meta({ labels })` or
   * itself, and a line saying what it means from `meta({ hints })` where there is one.
   */
  options?: FieldOption[];
  /** A list of enum values: chosen several at a time, shown as their labels. */
  isMultiple?: boolean;
  /** Cell hints for lists. */
  display: FieldDisplay;
  /** For objects (and lists of them) shown as lines (`meta({ labels, formats })`): each key's label and format; unlabelled keys are not shown. */
  entries?: { labels: Record<string, string>; formats: Record<string, FieldFormat> };
}

export interface FieldOption {
  value: string;
  label: string;
  hint?: string;
}

export interface FieldDisplay {
  copyable?: boolean;
  ellipsis?: boolean;
  mono?: boolean;
  /** An antd tag colour per value ("success", "default" …). */
  colors?: Record<string, string>;
  empty?: string;
}

const FORMATS: readonly FieldFormat[] = ["text", "datetime", "fen", "money", "bytes", "durationMs"];
const WIDGETS: readonly FieldWidget[] = ["input", "textarea", "password"];
const ROWS: readonly FieldRow[] = ["always", "ifPresent", "never"];

/** The fields of an object schema, in the given order (all of them when no names are given). */
export function describeFields(object: z.ZodObject, names?: readonly string[]): FieldDescription[] {
  return (names ?? Object.keys(object.shape)).map((name) => describeField(name, object.shape[name] as z.ZodType));
}

/** A field's label from its schema's metadata, for a screen that lays the field out itself. */
export function labelOf<S extends z.ZodObject>(schema: S, name: keyof S["shape"] & string): string {
  return describeField(name, schema.shape[name] as z.ZodType).label;
}

export function describeField(name: string, field: z.ZodType): FieldDescription {
  const { schema, meta, isRequired } = unwrap(field);
  const labels = isStringRecord(meta.labels) ? meta.labels : {};
  const hints = isStringRecord(meta.hints) ? meta.hints : {};
  const optionsOf = (values: readonly unknown[]): FieldOption[] =>
    values.map((value) => ({ value: String(value), label: labels[String(value)] ?? String(value), ...(hints[String(value)] ? { hint: hints[String(value)] } : {}) }));
  const element = schema instanceof z.ZodArray ? (schema.element as z.ZodType) : null;
  return {
    name,
    label: typeof meta.title === "string" ? meta.title : name,
    format: FORMATS.find((format) => format === meta.format) ?? "text",
    widget: WIDGETS.find((widget) => widget === meta.widget) ?? "input",
    row: ROWS.find((row) => row === meta.row) ?? "always",
    schema,
    isRequired,
    display: displayOf(meta),
    ...(schema instanceof z.ZodEnum ? { options: optionsOf(schema.options) } : {}),
    ...(element instanceof z.ZodEnum ? { options: optionsOf(element.options), isMultiple: true } : {}),
    // A kind that has one value so far (every capture is a snapshot) is still shown by its label.
    ...(schema instanceof z.ZodLiteral && Object.keys(labels).length > 0 ? { options: optionsOf([...schema.values]) } : {}),
    // An open set of names with labels for the known ones (the audit trail's actions): chosen from those.
    ...(schema instanceof z.ZodString && Object.keys(labels).length > 0 ? { options: optionsOf(Object.keys(labels)) } : {}),
    // A yes/no fact may say what each answer means ("未修改（首次登录须修改）" / "已修改").
    ...(schema instanceof z.ZodBoolean && (labels.true || labels.false) ? { options: ["true", "false"].map((value) => ({ value, label: labels[value] ?? value })) } : {}),
    ...(schema instanceof z.ZodRecord || schema instanceof z.ZodObject || schema instanceof z.ZodArray ? { entries: { labels, formats: formatsOf(meta.formats) } } : {}),
  };
}

/** A filter of a list, named by its query field; a pair of fields is a date range from the first to the second. */
export type FilterSpec = string | readonly [start: string, stop: string];

/**
 * A list's filters from the query schema of its list call: a text field becomes a keyword search
 * (its maximum length from the schema's rule), an enum a choice of its labelled values, a pair of
 * fields a date range. Labels, placeholders and widths come from the fields' metadata.
 */
export function describeFilters(query: z.ZodObject, specs: readonly FilterSpec[]): ListFilter[] {
  return specs.map((spec): ListFilter => {
    if (typeof spec !== "string") {
      const [start, stop] = spec;
      return { kind: "dateRange", start, stop, label: describeField(start, query.shape[start] as z.ZodType).label };
    }
    const field = describeField(spec, query.shape[spec] as z.ZodType);
    const { placeholder, width } = unwrap(query.shape[spec] as z.ZodType).meta;
    const hints = { ...(typeof width === "number" ? { width } : {}) };
    if (field.options) return { kind: "select", field: spec, label: field.label, placeholder: typeof placeholder === "string" ? placeholder : `全部${field.label}`, options: field.options, ...hints };
    const maxLength = field.schema instanceof z.ZodString ? field.schema.maxLength : null;
    return { kind: "keyword", field: spec, label: field.label, ...(typeof placeholder === "string" ? { placeholder } : {}), ...(maxLength !== null ? { maxLength } : {}), ...hints };
  });
}

/**
 * A record value as the page shows it; an absent value is an empty string. An object with
 * `entries` becomes one "label：value" line per labelled key, nested objects and lists included.
 */
export function formatFieldValue(field: Pick<FieldDescription, "format" | "options" | "entries">, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (field.options && Array.isArray(value)) return value.map((item) => field.options!.find((candidate) => candidate.value === String(item))?.label ?? String(item)).join("、");
  const option = field.options?.find((candidate) => candidate.value === String(value));
  if (option) return option.label;
  if (field.entries && typeof value === "object") return entryLines(field.entries, value).join("\n");
  if (typeof value === "boolean") return value ? "是" : "否";
  switch (field.format) {
    case "datetime":
      return typeof value === "number" || typeof value === "string" ? formatDateTime(value) : "";
    case "fen":
      return typeof value === "number" ? `${formatYuan(value)} 元` : "";
    case "money":
      return typeof value === "number" ? `${formatYuanWithCents(value)} 元` : "";
    case "bytes":
      return typeof value === "number" || typeof value === "string" ? formatFileSize(value) : "";
    case "durationMs":
      return typeof value === "number" ? formatDuration(value / 1000) : "";
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** The rows a record page shows for `record`: each field's label and formatted value, rows that do not apply left out. */
export function recordRows(fields: readonly FieldDescription[], record: Record<string, unknown>): { name: string; label: string; value: string }[] {
  return fields.flatMap((field) => {
    const value = formatFieldValue(field, record[field.name]);
    const isShown = field.row === "always" || (field.row === "ifPresent" && value !== "");
    return isShown ? [{ name: field.name, label: field.label, value }] : [];
  });
}

function entryLines(entries: NonNullable<FieldDescription["entries"]>, value: object): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === "object" && item !== null ? entryLines(entries, item) : [String(item)]));
  return Object.entries(value).flatMap(([key, entry]) => {
    const label = entries.labels[key];
    if (!label || entry === null || entry === undefined || entry === "") return [];
    if (typeof entry === "object") return entryLines(entries, entry).map((line) => `${label} · ${line}`);
    return [`${label}：${formatFieldValue({ format: entries.formats[key] ?? "text" }, entry)}`];
  });
}

function displayOf(meta: Record<string, unknown>): FieldDisplay {
  return {
    ...(meta.copyable === true ? { copyable: true } : {}),
    ...(meta.ellipsis === true ? { ellipsis: true } : {}),
    ...(meta.mono === true ? { mono: true } : {}),
    ...(isStringRecord(meta.colors) ? { colors: meta.colors } : {}),
    ...(typeof meta.empty === "string" ? { empty: meta.empty } : {}),
  };
}

function formatsOf(value: unknown): Record<string, FieldFormat> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, FieldFormat] => FORMATS.includes(entry[1] as FieldFormat)));
}

/** Meta may sit on the field or on any wrapper around it; the outermost wins, as zod's own lookup does. */
function unwrap(field: z.ZodType): { schema: z.ZodType; meta: Record<string, unknown>; isRequired: boolean } {
  let schema = field;
  let meta: Record<string, unknown> = {};
  let isRequired = true;
  for (;;) {
    meta = { ...(z.globalRegistry.get(schema) ?? {}), ...meta };
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
      isRequired = false;
      schema = schema.unwrap() as z.ZodType;
    } else if (schema instanceof z.ZodPipe) {
      // z.preprocess(fn, inner) (optionalText) is a pipe from a transform into `inner`, which holds
      // the field's label; a.pipe(b) and a.transform(fn) are described by `a`, what the form holds.
      const { in: input, out } = schema.def;
      schema = (input instanceof z.ZodTransform ? out : input) as z.ZodType;
    } else {
      return { schema, meta, isRequired };
    }
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((entry) => typeof entry === "string");
}
