import type { ExpressionBuilder, Insertable, Kysely, Selectable } from "kysely";
import type { PublicationState } from "../../../../src/schema/console/publication.js";
import type { Database } from "../../../db/database.js";

/**
 * The queries every table of public content shares (banners and news articles of modules/content,
 * related applications of modules/common): each has `id`, `state`, `sort_order`, `created_at` and
 * `updated_at`, and is shown in `sort_order` within its scope (a news channel, an application
 * category). Each owning module's repository builds one of these on its own table, so a module
 * still only touches its own rows. `db` may be a transaction (the audit trail's).
 */

export type PublishableTableName = "banners" | "cms_articles" | "dapps" | "help_menus" | "help_articles";
/** The columns every publishable table has, as read. */
export interface PublicationColumns {
  id: number;
  state: PublicationState;
  sort_order: number;
  created_at: number;
  updated_at: number;
}
export type PublishableRow<T extends PublishableTableName> = Selectable<Database[T]> & PublicationColumns;
/** A row's own columns, which its kind maps from the console's form. */
export type ContentColumns<T extends PublishableTableName> = Omit<Insertable<Database[T]>, keyof PublicationColumns>;
type Scope<T extends PublishableTableName> = Partial<Record<keyof Database[T] & string, unknown>>;

export interface PageRequest {
  state?: PublicationState;
  offset: number;
  limit: number;
}

export class PublishableTable<T extends PublishableTableName> {
  private readonly name: string;

  constructor(
    table: T,
    /** The columns that split the table into separately ordered lists, in listing order. */
    private readonly scopeColumns: readonly (keyof Database[T] & string)[],
  ) {
    this.name = table;
  }

  // The columns named here exist on every publishable table, which TypeScript cannot see through
  // the table-name parameter; the loose typing stays inside this class, whose answers are typed rows.
  private of(db: Kysely<Database>): Kysely<any> {
    return db as unknown as Kysely<any>;
  }

  async find(db: Kysely<Database>, id: number): Promise<PublishableRow<T> | undefined> {
    return (await this.of(db).selectFrom(this.name).selectAll().where("id", "=", id).executeTakeFirst()) as PublishableRow<T> | undefined;
  }

  /** A page of every scope in listing order (scope, then order), optionally of one state; with the total. */
  async page(db: Kysely<Database>, { state, offset, limit }: PageRequest): Promise<{ rows: PublishableRow<T>[]; total: number }> {
    const filtered = state ? this.of(db).selectFrom(this.name).where("state", "=", state) : this.of(db).selectFrom(this.name);
    const [rows, count] = await Promise.all([
      this.ordered(filtered.selectAll()).offset(offset).limit(limit).execute(),
      filtered.select((eb: ExpressionBuilder<any, any>) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    ]);
    // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
    return { rows: rows as PublishableRow<T>[], total: Number(count.count) };
  }

  /** The published rows, in listing order; `scope` narrows to one scope's rows. */
  async listPublished(db: Kysely<Database>, scope: Scope<T> = {}): Promise<PublishableRow<T>[]> {
    let query = this.of(db).selectFrom(this.name).selectAll().where("state", "=", "published");
    for (const [column, value] of Object.entries(scope)) query = whereScope(query, column, value);
    return (await this.ordered(query).execute()) as PublishableRow<T>[];
  }

  async insert(db: Kysely<Database>, row: ContentColumns<T> & Omit<PublicationColumns, "id">): Promise<number> {
    const inserted = await this.of(db).insertInto(this.name).values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async update(db: Kysely<Database>, id: number, changes: ContentColumns<T> & { sort_order?: number; updated_at: number }): Promise<void> {
    await this.of(db).updateTable(this.name).set(changes).where("id", "=", id).execute();
  }

  /**
   * Moves a row from one of `from` to `to`, only if it is still in one of them: two editors
   * pressing at once cannot both succeed. Answers whether it moved.
   */
  async changeState(db: Kysely<Database>, id: number, from: readonly PublicationState[], to: PublicationState, at: number): Promise<boolean> {
    const result = await this.of(db)
      .updateTable(this.name)
      .set({ state: to, updated_at: at })
      .where("id", "=", id)
      .where("state", "in", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the row if it is still in one of `from`; answers whether it did. */
  async deleteIn(db: Kysely<Database>, id: number, from: readonly PublicationState[]): Promise<boolean> {
    const result = await this.of(db).deleteFrom(this.name).where("id", "=", id).where("state", "in", from).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * The published row next to `row` within its scope, in listing order (sort_order, id): "previous"
   * is the one listed just before it, "next" the one just after. The (sort_order, id) pair is
   * compared as a whole so that rows sharing a position still have a defined neighbour.
   */
  async publishedNeighbour(
    db: Kysely<Database>,
    row: PublishableRow<T>,
    direction: "previous" | "next",
  ): Promise<{ id: number; title: string } | undefined> {
    const isPrevious = direction === "previous";
    const beyond = isPrevious ? "<" : ">";
    const order = isPrevious ? "desc" : "asc";
    let query = this.of(db).selectFrom(this.name).select(["id", "title"]).where("state", "=", "published");
    for (const column of this.scopeColumns) query = whereScope(query, column, (row as Record<string, any>)[column]);
    return (await query
      .where((eb: ExpressionBuilder<any, any>) =>
        eb.or([eb("sort_order", beyond, row.sort_order), eb.and([eb("sort_order", "=", row.sort_order), eb("id", beyond, row.id)])]),
      )
      .orderBy("sort_order", order)
      .orderBy("id", order)
      .limit(1)
      .executeTakeFirst()) as { id: number; title: string } | undefined;
  }

  /** The rows ordered together with `row` (its scope), first shown first, with their positions. */
  async orderOfScope(db: Kysely<Database>, row: PublishableRow<T>): Promise<{ id: number; sortOrder: number }[]> {
    let query = this.of(db).selectFrom(this.name).select(["id", "sort_order"]);
    for (const column of this.scopeColumns) query = whereScope(query, column, (row as Record<string, any>)[column]);
    const rows: { id: number; sort_order: number }[] = await query.orderBy("sort_order").orderBy("id").execute();
    return rows.map((found) => ({ id: Number(found.id), sortOrder: Number(found.sort_order) }));
  }

  /** A place before the first or after the last row of a scope, for a new row. */
  async endOfScope(db: Kysely<Database>, scope: Scope<T>, end: "first" | "last"): Promise<number> {
    let query = this.of(db)
      .selectFrom(this.name)
      .select((eb: ExpressionBuilder<any, any>) => [eb.fn.min("sort_order").as("first"), eb.fn.max("sort_order").as("last")]);
    for (const [column, value] of Object.entries(scope)) query = whereScope(query, column, value);
    const bounds = await query.executeTakeFirst();
    const value = bounds?.[end];
    if (value === null || value === undefined) return 0;
    return end === "first" ? Number(value) - 1 : Number(value) + 1;
  }

  /**
   * Writes positions 0, 1, 2 … in the given order where a row's position changes. Renumbering the
   * whole scope (a few dozen rows) keeps positions distinct even where earlier rows shared one.
   */
  async writeOrder(db: Kysely<Database>, orderedIds: readonly number[], current: ReadonlyMap<number, number>, at: number): Promise<void> {
    for (const [position, id] of orderedIds.entries()) {
      if (current.get(id) === position) continue;
      await this.of(db).updateTable(this.name).set({ sort_order: position, updated_at: at }).where("id", "=", id).execute();
    }
  }

  private ordered<Q extends { orderBy(column: string): Q }>(query: Q): Q {
    let ordered = query;
    for (const column of this.scopeColumns) ordered = ordered.orderBy(column);
    return ordered.orderBy("sort_order").orderBy("id");
  }
}

/** A scope column's condition: null (the help menus' root level) matches with IS, since = NULL matches nothing. */
function whereScope<Q extends { where(column: string, operator: string, value: unknown): Q }>(query: Q, column: string, value: unknown): Q {
  return value === null ? query.where(column, "is", null) : query.where(column, "=", value);
}
