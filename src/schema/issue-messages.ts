import type { z } from "zod";

/**
 * The one place where zod's generic issues (a missing field, a wrong type, an unknown key, a
 * length or range its rule gave no words for) become Chinese sentences that name the field.
 * A schema's own message always wins: zod consults a check's or schema's `error` before any map.
 *
 * The field is named by its `meta({ title })` where it has one, else by its parameter name. The
 * server knows each route's whole schema and walks it along the issue's path, so a title on a
 * wrapper (`optional`, `preprocess`, `pipe`) is found; elsewhere (the browser's forms) only the
 * schema that raised the issue is known, and its title or the path's last name is used.
 *
 * zod's own zh-CN locale was considered and is not enough: it leaves type names in English
 * ("期望 string") and never names the field.
 *
 * This module does not load zod: it reaches zod's configuration and registry through the globals
 * zod keeps them in (as public/zod-jitless.js does), so the browser installs the messages at start
 * while zod itself arrives only with the first page that parses (issue 20).
 */

type ZodGlobals = { __zod_globalConfig?: Partial<z.core.$ZodConfig>; __zod_globalRegistry?: z.core.$ZodRegistry<z.core.GlobalMeta> };
const zodGlobals = globalThis as typeof globalThis & ZodGlobals;

/** A zod schema (or check), recognised without zod's classes. */
function isZodType(value: unknown): value is z.core.$ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

type RawIssue = z.core.$ZodRawIssue;
type Issue = z.core.$ZodIssue;

/** At most this many characters of a name taken from the request (unknown keys) are quoted. */
const QUOTED_NAME_MAX = 32;
/** An enum's allowed values are listed when there are at most this many. */
const LISTED_VALUES_MAX = 8;
/** Unknown keys named in one message, however many were sent. */
const LISTED_KEYS_MAX = 5;

const TYPE_NAMES: Record<string, string> = {
  string: "文本",
  number: "数字",
  int: "整数",
  bigint: "整数",
  boolean: "true 或 false",
  date: "日期",
  array: "列表",
  tuple: "列表",
  set: "列表",
  object: "对象",
  record: "对象",
  map: "对象",
  file: "文件",
  null: "空值",
};

const FORMAT_PHRASES: Record<string, string> = {
  email: "不是有效的邮箱地址",
  url: "不是有效的网址",
  date: "须为 YYYY-MM-DD 格式的日期",
  datetime: "须为有效的日期时间",
  ipv4: "不是有效的 IP 地址",
  ipv6: "不是有效的 IP 地址",
};

/** "存证文本不能为空", "参数 timestamp 不能为空": a space only after a Latin name. */
function phrase(label: string, rest: string): string {
  return /[\x21-\x7e]$/.test(label) ? `${label} ${rest}` : `${label}${rest}`;
}

/** A name from the request, made safe to echo: no control or bidirectional characters, bounded. */
export function quoteName(name: string): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "?");
  return clean.length > QUOTED_NAME_MAX ? `${clean.slice(0, QUOTED_NAME_MAX)}…` : clean;
}

/** A field holding U+0000: no field of this API has a use for it, and PostgreSQL text cannot store it. */
export function nulCharacterMessage(label: string): string {
  return phrase(label, "含有不允许的空字符（U+0000）");
}

/** A parameter given twice (query or multipart field); no parameter of this API is a list. */
export function repeatedParameterMessage(name: string): string {
  return `参数 ${quoteName(name)} 重复`;
}

function listValues(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === "string" ? `“${quoteName(value)}”` : String(value))).join("、");
}

function sizeBound(issue: { origin: string; inclusive?: boolean; exact?: boolean }, bound: number | bigint, side: "max" | "min", label: string): string {
  const n = String(bound);
  switch (issue.origin) {
    case "string":
      if (issue.exact) return phrase(label, `的长度须为${n}个字符`);
      if (side === "min" && Number(bound) <= 1) return phrase(label, "不能为空");
      return phrase(label, side === "max" ? `不能超过${n}个字符` : `不能少于${n}个字符`);
    case "array":
    case "set":
      if (issue.exact) return phrase(label, `须为${n}项`);
      if (side === "min" && Number(bound) <= 1) return phrase(label, "不能为空");
      return phrase(label, side === "max" ? `最多${n}项` : `至少${n}项`);
    case "file":
      return phrase(label, side === "max" ? `不能超过${n}字节` : `不能少于${n}字节`);
    case "number":
    case "int":
    case "bigint":
      if (side === "max") return phrase(label, issue.inclusive === false ? `须小于${n}` : `不能大于${n}`);
      return phrase(label, issue.inclusive === false ? `须大于${n}` : `不能小于${n}`);
    default:
      return phrase(label, "超出允许的范围");
  }
}

/** The Chinese sentence for one issue about the field called `label`. */
export function describeIssue(issue: RawIssue | Issue, label: string): string {
  const isAbsent = issue.input === undefined || issue.input === null;
  if (isAbsent && (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union")) return phrase(label, "不能为空");
  switch (issue.code) {
    case "invalid_type": {
      const expected = TYPE_NAMES[issue.expected];
      return phrase(label, expected ? `应为${expected}` : "的类型不正确");
    }
    case "too_big":
      return sizeBound(issue, issue.maximum, "max", label);
    case "too_small":
      return sizeBound(issue, issue.minimum, "min", label);
    case "invalid_format":
      if (issue.format === "starts_with" && "prefix" in issue) return phrase(label, `须以“${quoteName(String(issue.prefix))}”开头`);
      if (issue.format === "ends_with" && "suffix" in issue) return phrase(label, `须以“${quoteName(String(issue.suffix))}”结尾`);
      return phrase(label, FORMAT_PHRASES[issue.format] ?? "的格式不正确");
    case "not_multiple_of":
      return phrase(label, `须为${issue.divisor}的整数倍`);
    case "unrecognized_keys":
      return phrase(label, `含有不支持的参数：${issue.keys.slice(0, LISTED_KEYS_MAX).map(quoteName).join("、")}${issue.keys.length > LISTED_KEYS_MAX ? ` 等${issue.keys.length}个` : ""}`);
    case "invalid_value":
      return issue.values.length > 0 && issue.values.length <= LISTED_VALUES_MAX
        ? phrase(label, `须为以下之一：${listValues(issue.values)}`)
        : phrase(label, "的取值不正确");
    case "invalid_key":
      return phrase(label, "中有不正确的名称");
    case "invalid_element":
      return phrase(label, "中有不正确的项");
    case "invalid_union":
      return phrase(label, "的取值或格式不正确");
    default:
      return phrase(label, "不正确");
  }
}

// ---- naming the field ----

function titleOf(schema: unknown): string | undefined {
  if (!isZodType(schema)) return undefined;
  const title = zodGlobals.__zod_globalRegistry?.get(schema)?.title;
  return typeof title === "string" && title !== "" ? title : undefined;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/**
 * The schemas a value may meet at this node once wrappers are looked through, outermost first:
 * optional, nullable, default, pipes (preprocess and coerce included), unions, intersections, lazy.
 */
function expand(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): z.core.$ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (value: unknown) => (isZodType(value) ? expand(value, seen) : []);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return [schema, ...inner(def.innerType)];
    case "pipe":
      return [schema, ...inner(def.in), ...inner(def.out)];
    case "union":
      return [schema, ...(def.options as unknown[]).flatMap(inner)];
    case "intersection":
      return [schema, ...inner(def.left), ...inner(def.right)];
    case "lazy":
      return [schema, ...inner((def.getter as () => unknown)())];
    default:
      return [schema];
  }
}

function childOf(schema: z.core.$ZodType, key: PropertyKey): z.core.$ZodType | undefined {
  const def = defOf(schema);
  // Own keys only: a request may name "constructor" or "toString", which every shape inherits.
  if (def.type === "object" && typeof key === "string") return Object.hasOwn(def.shape as object, key) ? (def.shape as Record<string, z.core.$ZodType>)[key] : undefined;
  if (def.type === "array" && typeof key === "number") return def.element as z.core.$ZodType;
  if (def.type === "record") return def.valueType as z.core.$ZodType;
  if (def.type === "tuple" && typeof key === "number") return (def.items as z.core.$ZodType[])[key] ?? (def.rest as z.core.$ZodType | undefined);
  return undefined;
}

/** The title of the field at `path` below `root`, looking through wrappers; undefined when it has none. */
export function fieldTitle(root: z.core.$ZodType, path: readonly PropertyKey[]): string | undefined {
  let nodes = [root];
  for (const key of path) {
    nodes = nodes.flatMap((node) => expand(node)).flatMap((node) => childOf(node, key) ?? []);
    if (nodes.length === 0) return undefined;
  }
  for (const node of nodes.flatMap((candidate) => expand(candidate))) {
    const title = titleOf(node);
    if (title) return title;
  }
  return undefined;
}

/** How a parse names the value as a whole and, before its name, a field without a title. */
export type PartNames = { whole: string; field: string };
const DEFAULT_NAMES: PartNames = { whole: "提交的内容", field: "参数" };

const ordinals = (indexes: readonly PropertyKey[]) => indexes.map((index) => `第${Number(index) + 1}项`).join("");

/** The path's indexes after its last name: ["evidenceIds", 2] → [2]. */
function trailingIndexes(path: readonly PropertyKey[]): PropertyKey[] {
  return path.slice(path.findLastIndex((key) => typeof key === "string") + 1);
}

/**
 * How the issue's field is named: its title, else "参数 name" (the part's word for a field);
 * a list item adds "第3项"; the value itself is `names.whole`.
 */
export function issueLabel(issue: Pick<RawIssue, "path" | "inst">, root?: z.core.$ZodType, names: PartNames = DEFAULT_NAMES): string {
  const path = issue.path ?? [];
  const indexes = trailingIndexes(path);
  const named = path.slice(0, path.length - indexes.length);
  // The schema that raised the issue is the named field itself only when no index follows.
  const title = (root && fieldTitle(root, named)) ?? (indexes.length ? undefined : titleOf(issue.inst));
  if (title) return `${title}${ordinals(indexes)}`;
  const lastName = named[named.length - 1];
  if (typeof lastName !== "string") return `${names.whole}${ordinals(indexes)}`;
  return `${names.field} ${quoteName(lastName)}${indexes.length ? ` ${ordinals(indexes)}` : ""}`;
}

/**
 * An error map for one parse whose whole schema is known (the server's route validation), e.g.
 * `schema.safeParse(data, { error: issueMessagesFor(schema, { whole: "查询参数", field: "查询参数" }) })`.
 */
export function issueMessagesFor(root: z.core.$ZodType, names?: PartNames): z.core.$ZodErrorMap {
  return (issue) => describeIssue(issue, issueLabel(issue, root, names));
}

/**
 * Makes the Chinese messages zod's default everywhere in this JavaScript realm (the browser's
 * forms, the server's own parses). Call once at start, before or after zod has loaded; calling
 * again changes nothing.
 */
export function installChineseIssueMessages(): void {
  // zod adopts this object when it loads, or already holds it: the same global either way.
  zodGlobals.__zod_globalConfig = Object.assign(zodGlobals.__zod_globalConfig ?? {}, {
    customError: (issue: RawIssue) => describeIssue(issue, issueLabel(issue)),
  });
}
