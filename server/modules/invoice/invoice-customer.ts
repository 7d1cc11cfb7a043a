import { INVOICE_MESSAGES, INVOICE_SUB_ACCOUNT_CODE } from "../../../src/schema/invoice.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";

/**
 * Invoices belong to the main account, which paid (spec §6 hides invoice management from
 * sub-accounts): every invoice call of a sub-account is refused with the 305 of its other paid
 * features, whatever it asks for.
 */
export async function requireMainAccount(users: Pick<AccountRecords, "findUser">, userId: number): Promise<number> {
  const user = await users.findUser(userId);
  if (!user) throw new Error(`invoices: user ${userId} of a live session has no row`);
  if (user.parent_id !== null) throw new BusinessError(INVOICE_SUB_ACCOUNT_CODE, INVOICE_MESSAGES.subAccount);
  return user.id;
}
