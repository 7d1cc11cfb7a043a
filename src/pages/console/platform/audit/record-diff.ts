/**
 * Before and after of an audited change, side by side: one row per field (nested objects by their
 * dotted path), each marked as added, removed, changed or unchanged. Lists are compared whole.
 */
export type FieldChange = "added" | "removed" | "changed" | "same";

export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: FieldChange;
}

export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const left = flatten(before);
  const right = flatten(after);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const [isBefore, isAfter] = [left.has(path), right.has(path)];
    const change: FieldChange = !isBefore ? "added" : !isAfter ? "removed" : sameValue(left.get(path), right.get(path)) ? "same" : "changed";
    return { path, before: left.get(path), after: right.get(path), change };
  });
}

/** A plain object's leaves by dotted path; anything else (a list, a value, nothing) is one leaf named "". */
function flatten(value: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (value === null || value === undefined) return into;
  if (!isPlainObject(value)) return into.set(prefix, value);
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner)) flatten(inner, path, into);
    else into.set(path, inner);
  }
  return into;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
