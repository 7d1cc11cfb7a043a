import type { Kysely } from "kysely";
import {
  CONTENT_NOT_FOUND_MESSAGE,
  ContentCode,
  MOVE_REFUSALS,
  movedOrder,
  PUBLICATION_TRANSITIONS,
  transitionOf,
  type ContentListQuery,
  type MoveDirection,
  type PublicationAction,
  type PublicationFields,
  type PublicationState,
} from "../../../../src/schema/console/publication.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { Database } from "../../../db/database.js";
import { inTransaction } from "../../../db/dialect.js";
import { BusinessError } from "../../../http/envelope.js";
import type { ContentColumns, PublishableRow, PublishableTable, PublishableTableName } from "./publishable-table.js";

export type { ContentColumns };


/** What differs between banners, news articles and related applications. */
export interface PublicationKind<T extends PublishableTableName, Form, Record extends PublicationFields> {
  table: PublishableTable<T>;
  /** Where a new row goes in its scope: news first (newest on top), the others last. */
  newRowsGo: "first" | "last";
  /** The values of the scope columns (see PublishableTable), which decide where a row is ordered. */
  scopeOf(columns: ContentColumns<T>): Partial<globalThis.Record<keyof Database[T] & string, unknown>>;
  toColumns(form: Form): ContentColumns<T>;
  toRecord(row: PublishableRow<T>): Record;
}

/** A change as the audit trail records it. */
export type Change<Record> = { before: Record | null; after: Record | null };

/**
 * Editing one kind of public content: the generic half of the console's content calls. Every
 * change takes an optional `db`, the audit trail's transaction, so the change and its audit record
 * commit together; without one, a change of several rows runs in a transaction of its own.
 * Transitions follow PUBLICATION_TRANSITIONS (src/schema/console/publication.ts).
 */
export class PublicationEditor<T extends PublishableTableName, Form, Record extends PublicationFields> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: PublicationKind<T, Form, Record>,
    private readonly now: () => number,
  ) {}

  async page({ pageNumber, pageSize, state }: ContentListQuery): Promise<PageP<Record>> {
    const { rows, total } = await this.kind.table.page(this.db, { state, offset: (pageNumber - 1) * pageSize, limit: pageSize });
    return { list: rows.map((row) => this.kind.toRecord(row)), pageNumber, pageSize, totalRow: total, totalPage: Math.ceil(total / pageSize) };
  }

  async get(id: number, db: Kysely<Database> = this.db): Promise<Record> {
    return this.kind.toRecord(await this.require(db, id));
  }

  /** A new draft, placed at its scope's start or end. */
  async create(form: Form, db: Kysely<Database> = this.db): Promise<Record> {
    const columns = this.kind.toColumns(form);
    const at = this.now();
    const sortOrder = await this.kind.table.endOfScope(db, this.kind.scopeOf(columns), this.kind.newRowsGo);
    const id = await this.kind.table.insert(db, { ...columns, state: "draft", sort_order: sortOrder, created_at: at, updated_at: at });
    return this.get(id, db);
  }

  /** Any state may be edited; a row moved to another scope goes to that scope's start or end. */
  async update(id: number, form: Form, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    const before = await this.require(db, id);
    const columns = this.kind.toColumns(form);
    const newScope = this.kind.scopeOf(columns);
    const isScopeChanged = Object.entries(newScope).some(([column, value]) => (before as globalThis.Record<string, unknown>)[column] !== value);
    const sortOrder = isScopeChanged ? await this.kind.table.endOfScope(db, newScope, this.kind.newRowsGo) : before.sort_order;
    await this.kind.table.update(db, id, { ...columns, sort_order: sortOrder, updated_at: this.now() });
    return { before: this.kind.toRecord(before), after: await this.get(id, db) };
  }

  publish(id: number, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return this.transition(id, "publish", db);
  }

  unpublish(id: number, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return this.transition(id, "unpublish", db);
  }

  async delete(id: number, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    const before = await this.require(db, id);
    this.check(before, "delete");
    if (!(await this.kind.table.deleteIn(db, id, PUBLICATION_TRANSITIONS.delete.from))) return this.refuseAfterRace(db, id, "delete");
    return { before: this.kind.toRecord(before), after: null };
  }

  /** One place up or down among the rows of its scope, whatever their states. */
  async move(id: number, direction: MoveDirection, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return inTransaction(db, async (trx) => {
      const before = await this.require(trx, id);
      const order = await this.kind.table.orderOfScope(trx, before);
      const moved = movedOrder(
        order.map((entry) => entry.id),
        id,
        direction,
      );
      if (!moved) throw new BusinessError(ContentCode.cannotMove, MOVE_REFUSALS[direction]);
      await this.kind.table.writeOrder(trx, moved, new Map(order.map((entry) => [entry.id, entry.sortOrder])), this.now());
      return { before: this.kind.toRecord(before), after: await this.get(id, trx) };
    });
  }

  private async transition(id: number, action: Exclude<PublicationAction, "delete">, db: Kysely<Database>): Promise<Change<Record>> {
    const before = await this.require(db, id);
    const { to } = this.check(before, action) as { to: PublicationState };
    if (!(await this.kind.table.changeState(db, id, PUBLICATION_TRANSITIONS[action].from, to, this.now()))) return this.refuseAfterRace(db, id, action);
    return { before: this.kind.toRecord(before), after: await this.get(id, db) };
  }

  private check(row: PublishableRow<T>, action: PublicationAction): { to: string } {
    const outcome = transitionOf(row.state, action);
    if (!outcome.allowed) throw new BusinessError(ContentCode.transitionRefused, outcome.message);
    return outcome;
  }

  /** Another editor changed the row between our read and our write: answer as its state now says. */
  private async refuseAfterRace(db: Kysely<Database>, id: number, action: PublicationAction): Promise<never> {
    this.check(await this.require(db, id), action);
    throw new BusinessError(ContentCode.transitionRefused, PUBLICATION_TRANSITIONS[action].refusal);
  }

  private async require(db: Kysely<Database>, id: number): Promise<PublishableRow<T>> {
    const row = await this.kind.table.find(db, id);
    if (!row) throw new BusinessError(ContentCode.notFound, CONTENT_NOT_FOUND_MESSAGE);
    return row;
  }
}

