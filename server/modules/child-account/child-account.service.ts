import { AccountCode, AccountType } from "../../../src/schema/account.js";
import {
  CHILD_ACCOUNT_NOT_FOUND_MESSAGE,
  ChildAccountCode,
  childAccountStatusName,
  SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE,
  type ChildAccount,
} from "../../../src/schema/child-account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatDateTime } from "../../../src/schema/format.js";
import type { PageP } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import { parseAccount } from "../account/account-identifier.js";
import type { AccountService } from "../account/account.service.js";
import type { PasswordHasher } from "../account/password-hasher.js";
import type { UserRepository, UserRow } from "../account/user.repository.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { SessionService } from "../session/session.service.js";
import type { ChildAccountFilter, ChildAccountRepository, ChildAccountRow } from "./child-account.repository.js";

const MD5_HEX = /^[0-9a-f]{32}$/;

export type ChildAccountDependencies = {
  children: ChildAccountRepository;
  users: UserRepository;
  accounts: Pick<AccountService, "requireUser">;
  fields: EncryptedFields;
  hasher: PasswordHasher;
  sessions: SessionService;
  now: () => number;
};

export type NewChildAccount = { account: string; name: string; encryptPassword: string };

/**
 * Child accounts (spec §2 childAccountManagement, §6): a main account creates sub-accounts
 * (accountType 3) with their own login and an initial password that must be changed at first login
 * (3011), lists them, renames, disables and enables them. Every call is about the caller's own
 * sub-accounts: another account's sub-account answers "not found", whatever its id.
 */
export class ChildAccountService {
  constructor(private readonly deps: ChildAccountDependencies) {}

  async create(parentId: number, input: NewChildAccount): Promise<ChildAccount> {
    await this.requireMainAccount(parentId);
    const account = parseAccount(input.account);
    if (!account) throw fieldError("account", "请输入正确的手机号或邮箱");
    if (await this.deps.users.findByAccount(account.value)) {
      const message = "该账号已注册，请更换手机号或邮箱";
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { account: message } });
    }
    const digest = await this.deps.fields.open(input.encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(digest)) throw fieldError("encryptPassword", "密码格式不正确");
    const now = this.deps.now();
    const created = await this.deps.children.insertWithUser(
      {
        login_account: account.value,
        mobile: account.kind === "mobile" ? account.value : null,
        mail: account.kind === "email" ? account.value : null,
        password_hash: await this.deps.hasher.hash(digest),
        password_changed_at: now,
        // Someone else chose this password: the sub-account's first login asks for a new one.
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
    return this.detail(parentId, created.id);
  }

  async list(parentId: number, filter: ChildAccountFilter, pageNumber: number, pageSize: number): Promise<PageP<ChildAccount>> {
    await this.requireMainAccount(parentId);
    const { rows, total } = await this.deps.children.page(parentId, filter, (pageNumber - 1) * pageSize, pageSize);
    return { list: rows.map(toChildAccount), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async detail(parentId: number, childId: number): Promise<ChildAccount> {
    return toChildAccount(await this.requireChild(parentId, childId));
  }

  async rename(parentId: number, childId: number, name: string): Promise<ChildAccount> {
    await this.requireChild(parentId, childId);
    await this.deps.children.rename(childId, name);
    return this.detail(parentId, childId);
  }

  /** A disabled sub-account is out at once: its sessions end, so its next call answers 3013. */
  async disable(parentId: number, childId: number): Promise<ChildAccount> {
    await this.requireChild(parentId, childId);
    await this.deps.users.update(childId, { status: "disabled", updated_at: this.deps.now() });
    await this.deps.sessions.endAllOf(String(childId), "user", "account-disabled");
    return this.detail(parentId, childId);
  }

  async enable(parentId: number, childId: number): Promise<ChildAccount> {
    await this.requireChild(parentId, childId);
    await this.deps.users.update(childId, { status: "active", updated_at: this.deps.now() });
    return this.detail(parentId, childId);
  }

  nameOf(userId: number): Promise<string | null> {
    return this.deps.children.nameOf(userId);
  }

  countActive(parentId: number): Promise<number> {
    return this.deps.children.countActive(parentId);
  }

  private async requireMainAccount(userId: number): Promise<UserRow> {
    const user = await this.deps.accounts.requireUser(userId);
    if (user.account_type === AccountType.subAccount) {
      throw new BusinessError(ChildAccountCode.subAccountCannotManage, SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE);
    }
    return user;
  }

  private async requireChild(parentId: number, childId: number): Promise<ChildAccountRow> {
    await this.requireMainAccount(parentId);
    const child = await this.deps.children.findOfParent(parentId, childId);
    if (!child) throw new BusinessError(ResultCode.notFound, CHILD_ACCOUNT_NOT_FOUND_MESSAGE);
    return child;
  }
}

function toChildAccount(row: ChildAccountRow): ChildAccount {
  // Sub-accounts are never cancelled (they cannot cancel themselves); anything not active is disabled.
  const status = row.status === "active" ? "active" : "disabled";
  return {
    id: row.id,
    loginAccount: row.login_account ?? row.mobile ?? row.mail ?? "",
    mobile: row.mobile,
    mail: row.mail,
    name: row.name,
    status,
    statusName: childAccountStatusName(status),
    mustChangePassword: row.must_change_password === 1,
    createTime: formatDateTime(row.created_at),
  };
}

function fieldError(field: string, message: string) {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}
