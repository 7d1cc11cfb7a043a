/**
 * The request signature of DESIGN.md §4, defined once for the browser, the server and any
 * third-party client.
 *
 * Take every parameter of the request (query and body fields; files excluded) plus `timestamp`,
 * leave out `signature`, `paramStr` and any parameter whose value is null or undefined, sort the
 * names by plain code-unit order and concatenate `name + value`. Strings are used as they are,
 * numbers and booleans as `String(v)`, arrays and objects as `JSON.stringify(v)`. The signature is
 * the lowercase hex SHA-256 of the UTF-8 bytes of that string.
 *
 * The digest itself is passed in (crypto-js in the browser, node:crypto on the server) so that
 * this module stays free of platform imports.
 */
export const SIGNATURE_EXCLUDED_PARAMS = ["signature", "paramStr"] as const;

/** A timestamp further than this from the server's clock is refused (5 minutes). */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

export type SignedParams = Record<string, unknown>;
export type Sha256Hex = (utf8Text: string) => string;

export function stringifyParamValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return JSON.stringify(value);
}

/** The exact text that is hashed. Exported so a client author can compare their own output. */
export function canonicalParamString(params: SignedParams): string {
  const excluded: readonly string[] = SIGNATURE_EXCLUDED_PARAMS;
  return Object.keys(params)
    .filter((name) => !excluded.includes(name) && params[name] !== null && params[name] !== undefined)
    .sort(compareCodeUnits)
    .map((name) => name + stringifyParamValue(params[name]))
    .join("");
}

export function computeSignature(params: SignedParams, sha256Hex: Sha256Hex): string {
  return sha256Hex(canonicalParamString(params));
}

// Array.prototype.sort's default comparison is already code-unit order; spelled out so that
// nobody "fixes" it with localeCompare, which would change signatures between machines.
function compareCodeUnits(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
