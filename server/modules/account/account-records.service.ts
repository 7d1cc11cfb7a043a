import type { Kysely } from "kysely";
import { AccountCode, VerificationStatus } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountIdentifier } from "./account-identifier.js";
import type { PasswordHasher } from "./password-hasher.js";
import { changeHold, type HoldChange } from "./account-disabling.js";
import { newPersonalAccount, UserRepository, type UserRow, type UserSearch } from "./user.repository.js";

/** Real-name (a person) or enterprise (an organisation) verification. */
export type VerificationKind = "person" | "organisation";

const VERIFICATION_COLUMNS = {
  person: { status: "real_name_status", name: "real_name" },
  organisation: { status: "enterprise_status", name: "enterprise_name" },
} as const;

const CONTACT_COLUMN = { mobile: "mobile", email: "mail" } as const;

export type AccountRecordsDependencies = { users: UserRepository; hasher: PasswordHasher; now: () => number };

/**
 * What other modules read and change of an account (DESIGN.md §8: the account module owns the
 * `users` table; the personal centre, scan login, child accounts, billing and evidence call these
 * methods, never the table). Each change is named for what it means, not for the columns it sets.
 * A change that must commit together with another module's rows takes that module's transaction
 * as its last argument.
 */
export class AccountRecords {
  constructor(private readonly deps: AccountRecordsDependencies) {}

  // ---- reads ----

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.deps.users.findById(userId);
  }

  /** The account of a live session: gone or cancelled meanwhile answers 3013. */
  async requireUser(userId: number): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new BusinessError(ResultCode.sessionRevoked, "账号不存在或已注销");
    return user;
  }

  /** The account holding a phone number, e-mail or login account (stored normalised). */
  findByAccount(account: string): Promise<UserRow | undefined> {
    return this.deps.users.findByAccount(account);
  }

  /** The account bound to a messaging-app identity (scan login). */
  findByMessagingIdentity(identityKey: string): Promise<UserRow | undefined> {
    return this.deps.users.findByOauthUserId(identityKey);
  }

  /** The console's customer search, newest accounts first. */
  search(filter: UserSearch, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    return this.deps.users.search(filter, offset, limit);
  }

  // ---- changes ----

  /** The account page's industry and region (district id of the region triple). */
  async recordProfile(userId: number, profile: { industryId: number | null; district: string | null }): Promise<void> {
    await this.deps.users.update(userId, { industry_id: profile.industryId, region_district_id: profile.district, updated_at: this.deps.now() });
  }

  /** Points the account at a stored, published avatar. */
  async recordAvatar(userId: number, path: string): Promise<void> {
    await this.deps.users.update(userId, { head_portrait_path: path, updated_at: this.deps.now() });
  }

  /**
   * Binds a new phone number or e-mail. An account that logged in with the old one logs in with
   * the new one from now on, and the old one is free for somebody else.
   */
  async bindContact(userId: number, contact: AccountIdentifier): Promise<void> {
    const user = await this.requireUser(userId);
    const current = contact.kind === "mobile" ? user.mobile : user.mail;
    const loginAccount = user.login_account === current || user.login_account === null ? contact.value : user.login_account;
    await this.deps.users.update(userId, { [CONTACT_COLUMN[contact.kind]]: contact.value, login_account: loginAccount, updated_at: this.deps.now() });
  }

  /** Stores a new password (the MD5 digest the browser sends); a password due for a change no longer is. */
  async replacePassword(userId: number, passwordDigest: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.users.update(userId, {
      password_hash: await this.deps.hasher.hash(passwordDigest),
      password_changed_at: now,
      must_change_password: 0,
      updated_at: now,
    });
  }

  async setTwoStepLogin(userId: number, enabled: boolean): Promise<void> {
    await this.deps.users.update(userId, { two_step_enabled: enabled ? 1 : 0, updated_at: this.deps.now() });
  }

  /** The row stays (evidence remains verifiable); the account can no longer log in. */
  async cancelAccount(userId: number): Promise<void> {
    const now = this.deps.now();
    await this.deps.users.update(userId, { status: "cancelled", cancelled_at: now, updated_at: now });
  }

  /**
   * The platform places (`disable`) or lifts (`enable`) its own hold on an account; a main
   * account's hold on its sub-account is left as it is (account-disabling.ts). Answers the account
   * before and the columns after (null: nothing to change), undefined for an unknown account.
   */
  changePlatformHold(userId: number, action: "disable" | "enable", trx?: Kysely<Database>): Promise<HoldChange | undefined> {
    return changeHold(this.usersIn(trx), userId, "operator", action, this.deps.now());
  }

  /** Binding takes an unbound account only: false when the account was bound meanwhile. */
  bindMessagingIdentity(userId: number, identityKey: string): Promise<boolean> {
    return this.deps.users.setOauthUserId(userId, identityKey, this.deps.now());
  }

  async unbindMessagingIdentity(userId: number): Promise<void> {
    await this.deps.users.setOauthUserId(userId, null, this.deps.now());
  }

  /** A verification application was submitted: the account shows it pending until it is decided. */
  async markVerificationPending(userId: number, kind: VerificationKind, trx?: Kysely<Database>): Promise<void> {
    await this.usersIn(trx).update(userId, { [VERIFICATION_COLUMNS[kind].status]: VerificationStatus.pending, updated_at: this.deps.now() });
  }

  /** The decision on the account's newest application; an approved one also gives the verified name. */
  async recordVerificationDecision(
    userId: number,
    kind: VerificationKind,
    decision: { status: number; verifiedName: string | null },
    trx?: Kysely<Database>,
  ): Promise<void> {
    const columns = VERIFICATION_COLUMNS[kind];
    const name = decision.verifiedName === null ? {} : { [columns.name]: decision.verifiedName };
    await this.usersIn(trx).update(userId, { [columns.status]: decision.status, ...name, updated_at: this.deps.now() });
  }

  /**
   * A development demo account (db/seed): a personal account whose real name is recorded as
   * verified, as an operator's approval leaves it. Refused (3003) when the account exists.
   */
  async createVerifiedDemoPerson(account: AccountIdentifier, passwordDigest: string, realName: string): Promise<UserRow> {
    if (await this.deps.users.findByAccount(account.value)) throw new BusinessError(AccountCode.accountAlreadyRegistered, "该账号已注册");
    const now = this.deps.now();
    return this.deps.users.insert({
      ...newPersonalAccount(account, await this.deps.hasher.hash(passwordDigest), now),
      real_name: realName,
      real_name_status: VerificationStatus.verified,
    });
  }

  private usersIn(trx: Kysely<Database> | undefined): UserRepository {
    return trx ? new UserRepository(trx) : this.deps.users;
  }
}
