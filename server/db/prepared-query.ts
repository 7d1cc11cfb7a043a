import { CompiledQuery, type Compilable, type Kysely } from "kysely";

/**
 * Queries Kysely builds and compiles once per database, then runs with fresh values: for statements
 * on a hot path (a ledger block runs a handful, hundreds of times a second), where building and
 * compiling a small statement cost more than the database took to run it. The SQL text is still
 * Kysely's, so it stays right for either dialect; only the bound values change between runs.
 */

/** Stands for the value named `name` while the query is built; becomes one bound parameter. */
class ValueSlot {
  constructor(readonly name: string) {}
}

/** The values object `build` sees: each property read yields the slot of that name. */
const valueSlots = new Proxy({}, { get: (_, name) => new ValueSlot(String(name)) });

/** The compiled SQL depends on the database kind only, not on its table types. */
type AnyKysely = Kysely<any>;

/** Caches one compilation per database (its adapter: a transaction shares its database's). */
function perDatabase<T>(compile: (db: AnyKysely) => T): (db: AnyKysely) => T {
  const compiled = new WeakMap<object, T>();
  return (db) => {
    const adapter = db.getExecutor().adapter;
    let found = compiled.get(adapter);
    if (found === undefined) compiled.set(adapter, (found = compile(db)));
    return found;
  };
}

/**
 * `build(db, values)` is called once per database with stand-ins for `values`; a value the query
 * spells out itself (say `limit(1)`) stays as compiled. Answers the query with the real values
 * bound, for `db.executeQuery` (or `executeWrites`, server/db/dialect.ts).
 * `build` reads each value by name (`values.size`): the stand-ins have no keys to spread or list.
 */
export function preparedQuery<D, V extends object, R>(build: (db: Kysely<D>, values: V) => Compilable<R>) {
  const compiledFor = perDatabase((db) => {
    const { sql, parameters } = build(db as Kysely<D>, valueSlots as V).compile();
    return { sql, parameters };
  });
  return (db: Kysely<D>, values: V): CompiledQuery<R> => {
    const { sql, parameters } = compiledFor(db);
    const bound = parameters.map((parameter) => (parameter instanceof ValueSlot ? values[parameter.name as keyof V] : parameter));
    return CompiledQuery.raw(sql, bound) as CompiledQuery<R>;
  };
}

/**
 * A multi-row INSERT of `columns` into `table`, compiled once per database and row count. Rows are
 * given as their values flattened in row order, each row in `columns` order, so a block's hundreds
 * of rows cost no object per row.
 */
export function preparedRowsInsert<D>(table: keyof D & string, columns: readonly string[]) {
  const compiledFor = perDatabase(() => new Map<number, string>());
  return (db: Kysely<D>, rowValues: unknown[]): CompiledQuery => {
    const rows = rowValues.length / columns.length;
    if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`${rowValues.length} values are not whole rows of ${columns.length} columns`);
    const byRows = compiledFor(db);
    let sql = byRows.get(rows);
    if (sql === undefined) {
      const row = Object.fromEntries(columns.map((column) => [column, null]));
      sql = (db as AnyKysely).insertInto(table).values(Array.from({ length: rows }, () => row)).compile().sql;
      byRows.set(rows, sql);
    }
    return CompiledQuery.raw(sql, rowValues);
  };
}
