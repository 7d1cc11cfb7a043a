import type { HelpMenuForm, HelpMenuRecord } from "../../../src/schema/console/help-content.js";
import type { PublicationKind } from "../content/publication/publication-editor.js";
import { publicationFieldsOf } from "../content/publication/publication-fields.js";
import { PublishableTable, type PublishableRow } from "../content/publication/publishable-table.js";

/** The menu tree: each parent's children are one ordered list (parent_id null: under the root). */
export const HELP_MENU_TABLE = new PublishableTable("help_menus", ["parent_id"]);
export type HelpMenuRow = PublishableRow<"help_menus">;

/** Menus as the console edits them; the tree's rules (a parent is a group …) are HelpMenuEditor's. */
export const HELP_MENU_KIND: PublicationKind<"help_menus", HelpMenuForm, HelpMenuRecord> = {
  table: HELP_MENU_TABLE,
  newRowsGo: "last",
  scopeOf: (columns) => ({ parent_id: columns.parent_id ?? null }),
  toColumns: (form) => ({ parent_id: form.parentId, name: form.name, code: form.code }),
  toRecord: (row) => ({ ...publicationFieldsOf(row), parentId: row.parent_id, name: row.name, code: row.code }),
};
