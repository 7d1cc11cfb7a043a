import type { PublicationFields } from "../../../../src/schema/console/publication.js";
import type { PublishableRow, PublishableTableName } from "./publishable-table.js";

/** The fields every console record has, from the columns every publishable table has. */
export function publicationFieldsOf(row: PublishableRow<PublishableTableName>): PublicationFields {
  return { id: row.id, state: row.state, sortOrder: row.sort_order, createdAt: row.created_at, updatedAt: row.updated_at };
}
