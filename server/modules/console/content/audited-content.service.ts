import type { Kysely } from "kysely";
import type { ContentKindKey } from "../../../../src/schema/console/content.js";
import type { HelpContentKindKey } from "../../../../src/schema/console/help-content.js";
import type { ContentListQuery, MoveDirection, PublicationFields } from "../../../../src/schema/console/publication.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { Database } from "../../../db/database.js";
import type { ContentImageService } from "../../content/content-image.service.js";
import type { Change } from "../../content/publication/publication-editor.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";

/** What the console needs of a content module's editor (content/publication/publication-editor.ts). */
export interface ContentEditor<Form, Record> {
  page(query: ContentListQuery): Promise<PageP<Record>>;
  get(id: number, db?: Kysely<Database>): Promise<Record>;
  create(form: Form, db?: Kysely<Database>): Promise<Record>;
  update(id: number, form: Form, db?: Kysely<Database>): Promise<Change<Record>>;
  publish(id: number, db?: Kysely<Database>): Promise<Change<Record>>;
  unpublish(id: number, db?: Kysely<Database>): Promise<Change<Record>>;
  delete(id: number, db?: Kysely<Database>): Promise<Change<Record>>;
  move(id: number, direction: MoveDirection, db?: Kysely<Database>): Promise<Change<Record>>;
}

/** How the audit trail names a kind's rows, and which of a form's fields are uploaded images. */
export interface ContentSubject<Form> {
  /** The audit target type and action prefix: "banner" gives "banner.create", "banner.publish" … */
  type: ContentKindKey | HelpContentKindKey;
  /** What the audit trail calls a row (a form's, or a record's, which has the form's fields). */
  labelOf(values: Form): string;
  /** The form's image paths by field name ("imageUrl", "subImage.0.path"), checked before saving. */
  imagesOf(form: Form): Readonly<globalThis.Record<string, string>>;
}

/**
 * The console's content calls for one kind: reads straight from the owning module's editor, and
 * every change through the audit trail (AuditTrail.perform), in one transaction with its audit
 * row and then on the ledger, with the row before and after.
 */
export class AuditedContentService<Form, Record extends PublicationFields & Form> {
  constructor(
    private readonly audit: AuditTrail,
    private readonly editor: ContentEditor<Form, Record>,
    private readonly subject: ContentSubject<Form>,
    private readonly images: ContentImageService,
    /** Runs once a change of row `id` is committed (the help centre's search index follows its rows). */
    private readonly committed: (id: number) => Promise<void> = async () => {},
  ) {}

  page(query: ContentListQuery): Promise<PageP<Record>> {
    return this.editor.page(query);
  }

  get(id: number): Promise<Record> {
    return this.editor.get(id);
  }

  async create(operator: ActingOperator, form: Form): Promise<Record> {
    await this.images.requireKnown(this.subject.imagesOf(form));
    const { type, labelOf } = this.subject;
    // The row's id exists only once it is written; the change names it then.
    const created = await this.audit.perform({ operator, action: `${type}.create`, target: { type, id: "", label: labelOf(form) } }, async (trx) => {
      const row = await this.editor.create(form, trx);
      return { result: row, after: row, targetId: String(row.id) };
    });
    await this.committed(created.id);
    return created;
  }

  async update(operator: ActingOperator, id: number, form: Form): Promise<Record> {
    await this.images.requireKnown(this.subject.imagesOf(form));
    return this.change(operator, "update", id, (trx) => this.editor.update(id, form, trx), this.subject.labelOf(form));
  }

  publish(operator: ActingOperator, id: number): Promise<Record> {
    return this.change(operator, "publish", id, (trx) => this.editor.publish(id, trx));
  }

  unpublish(operator: ActingOperator, id: number): Promise<Record> {
    return this.change(operator, "unpublish", id, (trx) => this.editor.unpublish(id, trx));
  }

  async delete(operator: ActingOperator, id: number): Promise<null> {
    await this.change(operator, "delete", id, (trx) => this.editor.delete(id, trx));
    return null;
  }

  move(operator: ActingOperator, id: number, direction: MoveDirection): Promise<Record> {
    return this.change(operator, "move", id, (trx) => this.editor.move(id, direction, trx));
  }

  /**
   * One audited change of an existing row; answers the row after it (null once deleted). The
   * audit row names it as it is known before the change, or by `label` (an edit's new title).
   */
  private async change(operator: ActingOperator, verb: string, id: number, run: (trx: Kysely<Database>) => Promise<Change<Record>>, label?: string): Promise<Record> {
    const { type, labelOf } = this.subject;
    const known = label ?? labelOf(await this.editor.get(id));
    const after = await this.audit.perform({ operator, action: `${type}.${verb}`, target: { type, id: String(id), label: known } }, async (trx) => {
      const change = await run(trx);
      return { result: change.after as Record, before: change.before, after: change.after };
    });
    await this.committed(id);
    return after;
  }
}
