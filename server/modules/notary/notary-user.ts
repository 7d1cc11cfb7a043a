import type { NotaryUser } from "../../../src/schema/notary.js";
import type { NotaryUserRow } from "./notary-user.repository.js";

/** The notary user as the browser keeps it; the password hash never leaves the server. */
export function toNotaryUser(row: NotaryUserRow): NotaryUser {
  return { id: row.id, account: row.account, name: row.name, officeName: row.office_name };
}
