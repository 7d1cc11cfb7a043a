import type { Dapp } from "../../../src/schema/common.js";
import type { DappForm, DappRecord } from "../../../src/schema/console/content.js";
import type { PublicationKind } from "../content/publication/publication-editor.js";
import { publicationFieldsOf } from "../content/publication/publication-fields.js";
import { PublishableTable, type PublishableRow } from "../content/publication/publishable-table.js";

/** Related applications (spec §3 Dapp), ordered within their category. */
export const DAPP_TABLE = new PublishableTable("dapps", ["category"]);
export type DappRow = PublishableRow<"dapps">;

/** An application with its logo path as stored, or with `storagePrefix` before it (spec §3). */
export function dappOf(row: DappRow, storagePrefix = ""): Dapp {
  return {
    dapp_name: row.dapp_name,
    description: row.description,
    menu_logo: storagePrefix + row.menu_logo,
    dapp_home_url: row.dapp_home_url,
    category: row.category as Dapp["category"],
    display: row.display as Dapp["display"],
    width: row.width,
  };
}

export const DAPP_KIND: PublicationKind<"dapps", DappForm, DappRecord> = {
  table: DAPP_TABLE,
  newRowsGo: "last",
  scopeOf: (columns) => ({ category: columns.category }),
  toColumns: ({ dapp_name, description, menu_logo, dapp_home_url, category, display, width }) => ({ dapp_name, description, menu_logo, dapp_home_url, category, display, width }),
  toRecord: (row) => ({ ...publicationFieldsOf(row), ...dappOf(row) }),
};
