import fc from "fast-check";

/**
 * Malformed and hostile requests generated from the OpenAPI document (/opendocs/json): for each
 * documented operation and each kind of mistake, a seeded fast-check arbitrary of a request
 * draft. Drafts carry what the parameters are, not yet the transport fields: the test signs
 * each one over exactly what the server will parse, so it reaches validation and the services.
 */

// ---- the document ----

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
export type Param = { name: string; required: boolean; schema: JsonSchema };
export type Operation = { method: "GET" | "POST"; path: string; query: Param[]; body: Param[]; isMultipart: boolean };

/** Fields every call has; the test places them (DESIGN.md §4), the generators leave them alone. */
export const TRANSPORT_FIELDS = ["timestamp", "signature", "token"];

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
};

export function readOperations(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApi).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== "GET" && upper !== "POST") continue;
      const query = (operation.parameters ?? [])
        .filter((param) => param.in === "query" && !TRANSPORT_FIELDS.includes(param.name))
        .map((param) => ({ name: param.name, required: Boolean(param.required), schema: param.schema }));
      const content = operation.requestBody?.content ?? {};
      const bodySchema = (content["application/json"] ?? content["multipart/form-data"])?.schema;
      const required = new Set(bodySchema?.required ?? []);
      const body = Object.entries(bodySchema?.properties ?? {})
        .filter(([name]) => !TRANSPORT_FIELDS.includes(name))
        .map(([name, schema]) => ({ name, required: required.has(name), schema }));
      operations.push({ method: upper, path, query, body, isMultipart: "multipart/form-data" in content });
    }
  }
  return operations;
}

// ---- drafts ----

export type Part = { name: string; value: string | Buffer; filename?: string; contentType?: string };
export type Body =
  | { kind: "none" }
  /** The entries, in order (a repeated name kept), as a JSON object. */
  | { kind: "json"; entries: [string, unknown][] }
  | { kind: "multipart"; parts: Part[]; raw?: { payload: Buffer; contentType: string } }
  | { kind: "raw"; contentType: string | null; payload: string | Buffer };
export type Draft = {
  /** In order; a name given twice is sent twice. */
  query: [string, string][];
  /** Appended to the query string without encoding (bad escapes). */
  rawQuery?: string;
  /** Replaces the path (bad escapes, traversal). */
  path?: string;
  body: Body;
  /** Where timestamp and signature travel: the query (as specified) or, wrongly, the body. */
  transportIn: "query" | "body";
};

// ---- values ----

export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1' --",
  "1; DROP TABLE users; --",
  "1 UNION SELECT password_hash FROM users",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "..",
  "%2e%2e%2f%2e%2e%2f",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\r\nSet-Cookie: x=1",
  "\u0007\u001b[31m\u0008",
  "\uFEFF",
  "\uD800",
  "😀".repeat(20),
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "%s%n%x",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  " 1 ",
  "",
  " ",
  "null",
  "[]",
  "{}",
  "__proto__",
];
export const HOSTILE_KEYS: readonly string[] = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "a[b]", "a.b", "", "\u0000", "\u202E"];
const WRONG_JSON_VALUES: readonly unknown[] = [{}, [], { a: 1 }, [1, 2], 123, -1, 1.5, 0, true, false, null, "abc", 1e308, -1e308];
const WRONG_QUERY_VALUES: readonly string[] = ["abc", "", "-1", "0", "1.5", "NaN", "Infinity", "true", "null", "[]", "{}", "9".repeat(40), "１２３"];

function patternString(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** A value its schema would probably accept: the request then reaches the service. */
export function plausible(schema: JsonSchema = {}): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  switch (schema.type) {
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? 1, 1), max: Math.min(schema.maximum ?? 5, Math.max(schema.minimum ?? 1, 1) + 4) });
    case "number":
      return fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(plausible(schema.items), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "object":
      return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, plausible(inner)])));
    default:
      if (schema.format === "email") return fc.emailAddress();
      if (schema.pattern) return patternString(schema.pattern);
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
  }
}

/** JSON text sent as it is: values nested thousands deep cannot go through JSON.stringify here either. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value as JSON text; RawJson as it is. */
export const jsonText = (value: unknown) => (value instanceof RawJson ? value.text : JSON.stringify(value));
const asQueryValue = (value: unknown) => (typeof value === "string" ? value : typeof value === "object" ? jsonText(value) : String(value));

/** One value that breaks its schema in a way kind `kind` names; queries get text, JSON anything. */
const hugeValues = fc.constantFrom<unknown>("x".repeat(200_000), "中".repeat(60_000), "9".repeat(400), -1e308, Array.from({ length: 20_000 }, (_, i) => i));
const deepValues = fc.constantFrom<unknown>(nest(5000, "array"), nest(5000, "object"), nest(40, "object"));

function nest(depth: number, kind: "array" | "object"): RawJson {
  return kind === "array" ? new RawJson(`${"[".repeat(depth)}1${"]".repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
}

// ---- kinds of mistakes ----

type Pick = (operation: Operation) => fc.Arbitrary<Draft>;

const paramsOf = (operation: Operation) => (operation.method === "GET" ? operation.query : operation.body);

/** Plausible values for every parameter, as a draft of the operation's own shape. */
function draftFrom(operation: Operation, values: [string, unknown][], isMultipart = operation.isMultipart): Draft {
  if (operation.method === "GET") return { query: values.map(([name, value]) => [name, asQueryValue(value)]), body: { kind: "none" }, transportIn: "query" };
  if (isMultipart) {
    const parts = values.map(([name, value]): Part => {
      const schema = operation.body.find((param) => param.name === name)?.schema;
      if (schema?.format === "binary") return { name, value: Buffer.from(asQueryValue(value)), filename: "licence.png", contentType: "image/png" };
      return { name, value: asQueryValue(value) };
    });
    return { query: [], body: { kind: "multipart", parts }, transportIn: "query" };
  }
  return { query: [], body: { kind: "json", entries: values }, transportIn: "query" };
}

function plausibleValues(operation: Operation): fc.Arbitrary<[string, unknown][]> {
  const params = paramsOf(operation);
  return fc.tuple(...params.map((param) => plausible(param.schema).map((value): [string, unknown] => [param.name, value])));
}

/** Replaces one parameter's value (or adds one when the operation has none). */
function withOne(operation: Operation, replacement: (param: Param | undefined) => fc.Arbitrary<[string, unknown]>, isMultipart?: boolean): fc.Arbitrary<Draft> {
  const params = paramsOf(operation);
  return fc
    .tuple(plausibleValues(operation), fc.nat({ max: Math.max(params.length - 1, 0) }))
    .chain(([values, index]) =>
      replacement(params[index]).map(([name, value]) => {
        const replaced = values.some(([existing]) => existing === name) ? values.map((entry): [string, unknown] => (entry[0] === name ? [name, value] : entry)) : [...values, [name, value] as [string, unknown]];
        return draftFrom(operation, replaced, isMultipart);
      }),
    );
}

const nameOf = (param: Param | undefined) => param?.name ?? "extra";

export const KINDS: Record<string, { applies: (operation: Operation) => boolean; draft: Pick }> = {
  plausible: { applies: () => true, draft: (operation) => plausibleValues(operation).map((values) => draftFrom(operation, values)) },
  missing: {
    applies: () => true,
    draft: (operation) =>
      plausibleValues(operation).chain((values) => fc.subarray(values).map((kept) => draftFrom(operation, kept.length === values.length ? kept.slice(1) : kept))),
  },
  "wrong type": {
    applies: () => true,
    draft: (operation) =>
      withOne(operation, (param) =>
        operation.method === "GET"
          ? fc.constantFrom(...WRONG_QUERY_VALUES).map((value): [string, unknown] => [nameOf(param), value])
          : fc.constantFrom(...WRONG_JSON_VALUES).map((value): [string, unknown] => [nameOf(param), value]),
      ),
  },
  duplicated: {
    applies: () => true,
    draft: (operation) =>
      fc.tuple(plausibleValues(operation), fc.constantFrom(...TRANSPORT_FIELDS.slice(0, 1), ...paramsOf(operation).map((param) => param.name))).map(([values, name]) => {
        const draft = draftFrom(operation, values);
        const copy = values.find(([existing]) => existing === name)?.[1] ?? "1";
        if (operation.method === "GET" || name === "timestamp") draft.query.push([name, asQueryValue(copy)]);
        else if (draft.body.kind === "multipart") draft.body.parts.push({ name, value: asQueryValue(copy) });
        else if (draft.body.kind === "json") draft.body.entries.push([name, copy]);
        return draft;
      }),
  },
  huge: { applies: () => true, draft: (operation) => withOne(operation, (param) => hugeValues.map((value): [string, unknown] => [nameOf(param), value])) },
  "deeply nested": {
    applies: () => true,
    draft: (operation) => withOne(operation, (param) => deepValues.map((value): [string, unknown] => [nameOf(param), value]), false),
  },
  "control characters and injection": {
    applies: () => true,
    draft: (operation) =>
      fc
        .tuple(
          withOne(operation, (param) => fc.constantFrom(...HOSTILE_STRINGS).map((value): [string, unknown] => [nameOf(param), value])),
          fc.constantFrom(...HOSTILE_KEYS),
          fc.constantFrom(...HOSTILE_STRINGS),
        )
        .map(([draft, key, value]) => {
          if (operation.method === "GET") draft.query.push([key, value]);
          else if (draft.body.kind === "json") draft.body.entries.push([key, value]);
          else if (draft.body.kind === "multipart") draft.body.parts.push({ name: key, value });
          return draft;
        }),
  },
  "transport fields in the body": {
    applies: (operation) => operation.method === "POST",
    draft: (operation) => plausibleValues(operation).map((values) => ({ ...draftFrom(operation, values), transportIn: "body" as const })),
  },
  "bad URL encoding": {
    applies: () => true,
    draft: (operation) =>
      fc
        .tuple(plausibleValues(operation), fc.constantFrom("x=%E0%A4%A", "%=%", "a=%FF%FE", "a=%00", "&&&=&", "a[b][c]=1"), fc.boolean())
        .map(([values, rawQuery, inPath]) => ({ ...draftFrom(operation, values), rawQuery, ...(inPath ? { path: `${operation.path}%E0%A4%A/..%2f..%2f` } : {}) })),
  },
  "content type": {
    applies: () => true,
    draft: () =>
      fc.constantFrom<Body>(
        { kind: "raw", contentType: "text/plain", payload: "abc" },
        { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: "a=1&b=2" },
        { kind: "raw", contentType: "application/json", payload: "{" },
        { kind: "raw", contentType: "application/json", payload: "[]" },
        { kind: "raw", contentType: "application/json", payload: '"text"' },
        { kind: "raw", contentType: "application/json", payload: "null" },
        { kind: "raw", contentType: "application/json", payload: "" },
        { kind: "raw", contentType: "application/json; charset=utf-16", payload: Buffer.from('{"a":1}', "utf16le") },
        { kind: "raw", contentType: "application/xml", payload: "<a/>" },
        { kind: "raw", contentType: "application/octet-stream", payload: Buffer.from([0, 1, 2, 255]) },
        { kind: "raw", contentType: null, payload: "abc" },
        { kind: "raw", contentType: ";;;", payload: "abc" },
        { kind: "raw", contentType: "multipart/mixed; boundary=x", payload: "--x--" },
      ).map((body): Draft => ({ query: [], body, transportIn: "query" })),
  },
  "malformed multipart": { applies: (operation) => operation.method === "POST", draft: (operation) => malformedMultipart(operation) },
};

// ---- multipart ----

export function encodeParts(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function malformedMultipart(operation: Operation): fc.Arbitrary<Draft> {
  const boundary = "fuzzboundary";
  const type = `multipart/form-data; boundary=${boundary}`;
  const raw = (payload: string | Buffer, contentType = type) => ({ payload: Buffer.from(payload), contentType });
  return fc.tuple(plausibleValues(operation), fc.nat({ max: 1000 }), fc.nat()).map(([values, variant, cut]): Draft => {
    const draft = draftFrom(operation, values, true);
    const parts = draft.body.kind === "multipart" ? draft.body.parts : [];
    const whole = encodeParts(parts, boundary);
    const file = (filename: string | undefined, contentType = "image/png"): Part => ({ name: "file", value: Buffer.from("content"), filename, contentType });
    const variants: (() => Body)[] = [
      () => ({ kind: "multipart", parts, raw: raw(whole, "multipart/form-data") }),
      () => ({ kind: "multipart", parts, raw: raw(whole, "multipart/form-data; boundary=other") }),
      () => ({ kind: "multipart", parts, raw: raw(whole.subarray(0, cut % Math.max(whole.length, 1))) }),
      () => ({ kind: "multipart", parts, raw: raw(whole.subarray(0, whole.length - `--${boundary}--\r\n`.length)) }),
      () => ({ kind: "multipart", parts, raw: raw(`--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`) }),
      () => ({ kind: "multipart", parts, raw: raw(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`) }),
      () => ({ kind: "multipart", parts, raw: raw(`--${boundary}\nContent-Disposition: form-data; name="a"\n\nvalue\n--${boundary}--\n`) }),
      () => ({ kind: "multipart", parts, raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\nX-Long: ${"h".repeat(100_000)}\r\n\r\nv\r\n--${boundary}--\r\n`) }),
      () => ({ kind: "multipart", parts: [...parts, { name: "__proto__", value: "x" }] }),
      () => ({ kind: "multipart", parts: [...parts, { name: "constructor", value: "x" }] }),
      () => ({ kind: "multipart", parts: [...parts, file("")] }),
      () => ({ kind: "multipart", parts: [...parts, file(undefined, "application/octet-stream")] }),
      () => ({ kind: "multipart", parts: [...parts, file(`..${"\u202E"}\u0000${"名".repeat(5000)}.png`)] }),
      () => ({ kind: "multipart", parts: [...parts, { name: "a", value: "{", contentType: "application/json" }] }),
      () => ({ kind: "multipart", parts: [...parts, { name: "a", value: nest(5000, "array").text, contentType: "application/json" }] }),
      () => ({ kind: "multipart", parts: [...parts, ...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: "x" }))] }),
      () => ({ kind: "multipart", parts: [...parts, ...Array.from({ length: 12 }, () => file("a.png"))] }),
      () => ({ kind: "multipart", parts, raw: raw("") }),
      // A file cut off in the middle of its content: the streaming routes are reading it by then.
      () => ({ kind: "multipart", parts, raw: raw(encodeParts([...parts, { ...file("a.txt", "text/plain"), value: Buffer.alloc(256 * 1024, 97) }], boundary).subarray(0, -1000)) }),
    ];
    return { ...draft, body: variants[variant % variants.length]() };
  });
}
