/**
 * Canonical JSON of the ledger entries (issue 5 contract): object keys sorted by UTF-16 code unit
 * (JavaScript's default sort, as RFC 8785 does), no whitespace, strings and numbers exactly as
 * JSON.stringify writes them, UTF-8 bytes. The entry logged is this text, so anybody can rebuild it
 * from the fields and get the same bytes, hence the same leaf hash.
 *
 * Only what JSON can carry round-trip is accepted: a non-finite number, a bigint, a function or a
 * symbol is a programming error and throws. Properties whose value is undefined are left out, as
 * JSON.stringify does, so an absent optional field and an undefined one give the same text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} has no JSON form`);
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(",")}]`;
      const record = value as Record<string, unknown>;
      const names = Object.keys(record)
        .filter((name) => record[name] !== undefined)
        .sort();
      return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`).join(",")}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
  }
}

/** The UTF-8 bytes of the canonical text: what is hashed and logged. */
export function canonicalJsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalJson(value));
}

/**
 * A logged entry read back, checked by its schema and refused unless the text is exactly the
 * canonical form of what it parses to, so one entry has one text (and one leaf hash), never two
 * spellings. Null for anything else (another kind of entry, a spelling variant, no JSON at all).
 */
export function parseCanonicalEntry<T>(text: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success && canonicalJson(result.data) === text ? result.data : null;
}
