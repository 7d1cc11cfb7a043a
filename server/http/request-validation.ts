import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import type { ValidationErrors } from "../../src/schema/envelope.js";
import { issueLabel, issueMessagesFor, nulCharacterMessage, type PartNames } from "../../src/schema/issue-messages.js";
import { isUploadedFile } from "./uploaded-file.js";

/**
 * How a message names each request part as a whole (a body that is not an object) and a field of
 * it without a title: "查询参数 timestamp 不能为空" tells a client that sent it in the body where it belongs.
 */
const PART_NAMES: Record<string, PartNames> = {
  body: { whole: "请求体", field: "参数" },
  querystring: { whole: "查询参数", field: "查询参数" },
  params: { whole: "路径参数", field: "路径参数" },
  headers: { whole: "请求头", field: "请求头" },
};

/** A request part its route's zod schema refused; the error handler answers it as code 1001. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: ValidationErrors) {
    super(Object.values(errors)[0]);
    this.name = "RequestValidationError";
  }
}

/**
 * Validates each request part with its route's zod schema. Unlike fastify-type-provider-zod's
 * compiler, a refused part's issues are worded by the Chinese issue map with the route's whole
 * schema, so a generic issue names its field by the title found along its path
 * (src/schema/issue-messages.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const names = PART_NAMES[httpPart ?? ""];
  const error = issueMessagesFor(schema, names);
  return (data) => {
    const nulAt = hasNul(data) ? pathOfNul(data) : null;
    if (nulAt) {
      const message = nulCharacterMessage(issueLabel({ path: nulAt }, schema, names));
      return { error: new RequestValidationError({ [nulAt.map(String).join(".") || "_"]: message }) };
    }
    // Parsed without the issue map first: it only words the messages, and handing zod a context
    // for every request cost as much as the parse itself. A refused input is parsed again for them.
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const worded = schema.safeParse(data, { error });
    return worded.success ? { value: worded.data } : { error: new RequestValidationError(fieldErrors(worded.error.issues)) };
  };
};

/**
 * Whether any string in a parsed query or body holds U+0000: the walk of pathOfNul without the
 * paths, which every request would otherwise build for every field only to find nothing.
 */
function hasNul(data: unknown): boolean {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isFieldObject(value)) {
      for (const name in value) if (Object.hasOwn(value, name)) stack.push(value[name]);
    }
  }
  return false;
}

/**
 * The path of the first string holding U+0000 in a parsed query or body, or null. Uploaded files
 * are not walked (their bytes are not text, their names are cleaned where stored); iterative, and bounded
 * because bodies are bounded in depth before they get here (server/http/json-depth.ts).
 */
function pathOfNul(data: unknown): PropertyKey[] | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (isFieldObject(value)) {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** Parsed fields: not an uploaded file nor raw bytes (Fastify's query object has its own null-based prototype). */
function isFieldObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !ArrayBuffer.isView(value) && !isUploadedFile(value);
}

/** One message per field, keyed by its dotted path ("_" for the part itself); the first issue of a field wins. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): ValidationErrors {
  const errors = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "_";
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  // fromEntries defines own properties, so a field named "__proto__" stays a plain key.
  return Object.fromEntries(errors);
}
