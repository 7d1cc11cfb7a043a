import { AccountType } from "../../../src/schema/account.js";
import type { AccountIdentifier } from "./account-identifier.js";
import { changeHold } from "./account-disabling.js";
import type { PasswordHasher } from "./password-hasher.js";
import type { SubAccountFilter, SubAccountRepository, SubAccountRow } from "./sub-account.repository.js";
import type { UserRepository } from "./user.repository.js";

export type SubAccountsDependencies = { repository: SubAccountRepository; users: UserRepository; hasher: PasswordHasher; now: () => number };

/**
 * Sub-accounts (accountType 3) as the account module keeps them: a users row with a parent and the
 * name its main account gave it. The child-account module decides who may do what with them and
 * calls these; the personal centre reads a sub-account's name and counts a main account's.
 */
export class SubAccounts {
  constructor(private readonly deps: SubAccountsDependencies) {}

  /**
   * A new sub-account of `parentId` logging in with `account`. Someone else chose its password, so
   * its first login asks for a new one (3011). Answers its id.
   */
  async create(parentId: number, input: { account: AccountIdentifier; name: string; passwordDigest: string }): Promise<number> {
    const { account } = input;
    const now = this.deps.now();
    const created = await this.deps.repository.insertWithUser(
      {
        login_account: account.value,
        mobile: account.kind === "mobile" ? account.value : null,
        mail: account.kind === "email" ? account.value : null,
        password_hash: await this.deps.hasher.hash(input.passwordDigest),
        password_changed_at: now,
        must_change_password: 1,
        account_type: AccountType.subAccount,
        parent_id: parentId,
        status: "active",
        created_at: now,
        updated_at: now,
      },
      input.name,
      now,
    );
    return created.id;
  }

  page(parentId: number, filter: SubAccountFilter, offset: number, limit: number): Promise<{ rows: SubAccountRow[]; total: number }> {
    return this.deps.repository.page(parentId, filter, offset, limit);
  }

  /** Only a sub-account of this parent: another account's is undefined, whatever its id. */
  findOfParent(parentId: number, childId: number): Promise<SubAccountRow | undefined> {
    return this.deps.repository.findOfParent(parentId, childId);
  }

  rename(childId: number, name: string): Promise<void> {
    return this.deps.repository.rename(childId, name);
  }

  /** Places or lifts the main account's own hold; the platform's, if any, stays (account-disabling.ts). */
  async setEnabled(childId: number, enabled: boolean): Promise<void> {
    await changeHold(this.deps.users, childId, "mainAccount", enabled ? "enable" : "disable", this.deps.now());
  }

  /** The name a sub-account was given by its main account; null for any other account. */
  nameOf(userId: number): Promise<string | null> {
    return this.deps.repository.nameOf(userId);
  }

  /** Every sub-account of a main account, whatever its state. */
  idsOf(parentId: number): Promise<number[]> {
    return this.deps.repository.idsOf(parentId);
  }

  countEnabled(parentId: number): Promise<number> {
    return this.deps.repository.countActive(parentId);
  }
}
