import type { Kysely } from "kysely";
import { AccountCode } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { NewNotaryUserSchema, type NotaryUser } from "../../../src/schema/notary.js";
import { NOTARY_CONSOLE_MESSAGES, type NotaryRole, type NotaryStaff, type NotaryStaffStatus } from "../../../src/schema/notary-console.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import { md5Hex, type PasswordHasher } from "../account/password-hasher.js";
import type { SessionService } from "../session/session.service.js";
import type { NotaryOfficeRepository } from "./notary-office.repository.js";
import type { NotaryUserRepository, NotaryUserRow } from "./notary-user.repository.js";
import { toNotaryUser } from "./notary-user.js";

export type NotaryStaffDependencies = {
  db: Kysely<Database>;
  users: NotaryUserRepository;
  offices: NotaryOfficeRepository;
  hasher: PasswordHasher;
  /** Ends a disabled account's sessions; absent on the command line, which disables nobody. */
  sessions?: Pick<SessionService, "endAllOf">;
  now: () => number;
};

/** A new account of an office, as its administrator adds it: the password arrives as the browser's MD5 (DESIGN.md §4). */
export type NewStaffMember = { account: string; name: string; role: NotaryRole; passwordDigest: string };

/**
 * The notary offices' staff accounts. There is no self-registration: an operator creates an
 * office's first accounts (server/cli/create-notary-user.ts, the office made when it is new),
 * development installations get the demo office's, and an office's administrator adds and
 * disables its own staff in the console. Kept apart from the login so the CLI needs no login key,
 * captcha or session machinery.
 */
export class NotaryStaffService {
  constructor(private readonly deps: NotaryStaffDependencies) {}

  /**
   * `input.password` is the plain password typed by the operator; only its slow hash is kept. The
   * office is made when no office has that name; `role` defaults to admin for an office's first
   * account and to notary after that.
   */
  async createUser(input: unknown, options: { isDemo?: boolean; role?: NotaryRole } = {}): Promise<NotaryUser> {
    const parsed = NewNotaryUserSchema.safeParse(input);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      throw new BusinessError(ResultCode.validationFailed, Object.values(errors).join("；"), { errors });
    }
    const { officeName, account, name, password } = parsed.data;
    // The browser sends the MD5 of the password (DESIGN.md §4), so that is what is hashed.
    const passwordHash = await this.deps.hasher.hash(md5Hex(password));
    const id = await durableTransaction(this.deps.db, async (trx) => {
      const office = await this.deps.offices.findOrCreate(officeName, this.deps.now(), trx);
      const role = options.role ?? ((await this.deps.users.listOfOffice(office.id, trx)).length === 0 ? "admin" : "notary");
      return this.insert(trx, office.id, { account, name, role, passwordHash }, options.isDemo ?? false);
    });
    return toNotaryUser((await this.deps.users.findById(id))!);
  }

  /** An office's staff, oldest first. */
  async list(officeId: number): Promise<NotaryStaff[]> {
    return (await this.deps.users.listOfOffice(officeId)).map(toNotaryStaff);
  }

  /** A new account of the administrator's office. */
  async add(officeId: number, member: NewStaffMember): Promise<NotaryStaff> {
    const passwordHash = await this.deps.hasher.hash(member.passwordDigest);
    const id = await durableTransaction(this.deps.db, (trx) => this.insert(trx, officeId, { ...member, passwordHash }, false));
    return toNotaryStaff((await this.deps.users.findById(id))!);
  }

  /**
   * Disables or restores an account of `acting`'s office. An administrator never disables
   * themselves nor the office's last active administrator (the office would have nobody to manage
   * it: reachable when two administrators disable each other at once); a disabled account's
   * sessions end at once.
   */
  async setStatus(acting: NotaryUserRow, id: number, status: NotaryStaffStatus): Promise<NotaryStaff> {
    const notFound = () => new BusinessError(ResultCode.notFound, NOTARY_CONSOLE_MESSAGES.staffNotFound);
    await durableTransaction(this.deps.db, async (trx) => {
      // Staff changes of one office queue on its row, so two administrators disabling each other
      // at once cannot both pass the last-administrator rule.
      await this.deps.offices.update(trx, acting.office_id, { updated_at: this.deps.now() });
      const staff = await this.deps.users.listOfOffice(acting.office_id, trx);
      const target = staff.find((row) => row.id === id);
      if (!target) throw notFound();
      // Asked again (a double click): already so, nothing to do.
      if (target.status === status) return;
      if (status === "disabled") {
        if (target.id === acting.id) throw new BusinessError(ResultCode.validationFailed, NOTARY_CONSOLE_MESSAGES.selfDisable);
        const otherAdmins = staff.filter((row) => row.role === "admin" && row.status === "active" && row.id !== target.id);
        if (target.role === "admin" && otherAdmins.length === 0) throw new BusinessError(ResultCode.validationFailed, NOTARY_CONSOLE_MESSAGES.lastAdmin);
      }
      if (!(await this.deps.users.setStatus(trx, id, target.status, status, this.deps.now()))) throw notFound();
      if (status === "disabled") await this.deps.sessions?.endAllOf(String(id), "notary", "account-disabled", trx);
    });
    return toNotaryStaff((await this.deps.users.findById(id))!);
  }

  private async insert(trx: Kysely<Database>, officeId: number, member: { account: string; name: string; role: NotaryRole; passwordHash: string }, isDemo: boolean): Promise<number> {
    const now = this.deps.now();
    const inserted = await this.deps.users.insertUnlessTaken(
      { office_id: officeId, role: member.role, account: member.account, name: member.name, password_hash: member.passwordHash, status: "active", is_demo: isDemo ? 1 : 0, created_at: now, updated_at: now },
      trx,
    );
    if (!inserted) {
      const message = `公证处账号 ${member.account} 已存在`;
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { account: message } });
    }
    return inserted.id;
  }
}

export function toNotaryStaff(row: NotaryUserRow): NotaryStaff {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    role: row.role as NotaryRole,
    status: row.status,
    lastLoginTime: row.last_login_at === null ? null : Number(row.last_login_at),
    createTime: Number(row.created_at),
  };
}
