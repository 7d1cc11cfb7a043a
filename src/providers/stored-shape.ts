/**
 * A small check of what the browser keeps in its storage (the sessions, the pending second step),
 * without zod, which the visitor's first load does not carry (issue 20). Each shape lists the
 * fields it keeps: whatever else an object holds (a password the server happened to send) is
 * dropped, and an object whose listed field has the wrong type is refused whole, as a strict
 * (stripping) zod object would.
 */

const REFUSED = Symbol("refused");

/** Reads one value: the value to keep, or REFUSED. `presence` says whether it may be left out or null. */
export interface FieldReader<T> {
  (value: unknown): T | typeof REFUSED;
  presence?: "optional" | "nullish";
}

const reader = <T>(accepts: (value: unknown) => boolean): FieldReader<T> => (value) => (accepts(value) ? (value as T) : REFUSED);

export const text = reader<string>((value) => typeof value === "string");
export const nonEmptyText = reader<string>((value) => typeof value === "string" && value.length > 0);
export const finiteNumber = reader<number>((value) => typeof value === "number" && Number.isFinite(value));
export const integer = reader<number>((value) => Number.isSafeInteger(value));
export const flag = reader<boolean>((value) => typeof value === "boolean");

export function oneOf<const V extends readonly (string | number)[]>(values: V): FieldReader<V[number]> {
  return reader((value) => values.includes(value as V[number]));
}

/** The first of `readers` that accepts the value. */
export function either<A, B>(first: FieldReader<A>, second: FieldReader<B>): FieldReader<A | B> {
  return (value) => {
    const read = first(value);
    return read === REFUSED ? second(value) : read;
  };
}

export function listOf<T>(item: FieldReader<T>): FieldReader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return REFUSED;
    const items = value.map(item);
    return items.includes(REFUSED) ? REFUSED : (items as T[]);
  };
}

/** A field that may be left out. */
export function optional<T>(field: FieldReader<T>): FieldReader<T | undefined> {
  return Object.assign((value: unknown) => field(value), { presence: "optional" as const });
}

/** A field that may be left out or null. */
export function nullish<T>(field: FieldReader<T>): FieldReader<T | null | undefined> {
  return Object.assign((value: unknown) => field(value), { presence: "nullish" as const });
}

/** An object of exactly these fields; the others are dropped. */
export function shape<T extends object>(fields: { [K in keyof T]-?: FieldReader<T[K]> }): FieldReader<T> {
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return REFUSED;
    const kept: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields) as [string, FieldReader<unknown>][]) {
      // Own fields only: a stored "constructor" or "toString" is not the object's own.
      const given = Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
      if (given === undefined && field.presence) continue;
      if (given === null && field.presence === "nullish") {
        kept[name] = null;
        continue;
      }
      const read = field(given);
      if (read === REFUSED) return REFUSED;
      kept[name] = read;
    }
    return kept as T;
  };
}

/** The value as `field` keeps it, or null when it is refused. */
export function readStored<T>(field: FieldReader<T>, value: unknown): T | null {
  const read = field(value);
  return read === REFUSED ? null : read;
}
