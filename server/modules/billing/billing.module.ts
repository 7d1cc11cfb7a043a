import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { UserRepository } from "../account/user.repository.js";
import { BillingRepository } from "./billing.repository.js";
import { BillingService } from "./billing.service.js";

/** The billing area: its repository is exposed so that tests (and, later, the payment module) can set balances. */
export function createBillingServices(db: Kysely<Database>, users: UserRepository) {
  const accounts = new BillingRepository(db);
  return { accounts, billing: new BillingService({ accounts, users }) };
}

export type BillingServices = ReturnType<typeof createBillingServices>;
