import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { AccountServices } from "../account/account.module.js";
import type { SessionService } from "../session/session.service.js";
import { ChildAccountRepository } from "./child-account.repository.js";
import { ChildAccountService } from "./child-account.service.js";

export function createChildAccountService(db: Kysely<Database>, accounts: AccountServices, sessions: SessionService, now: () => number) {
  return new ChildAccountService({
    children: new ChildAccountRepository(db),
    users: accounts.users,
    accounts: accounts.accounts,
    fields: accounts.fields,
    hasher: accounts.hasher,
    sessions,
    now,
  });
}
