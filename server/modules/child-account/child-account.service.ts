import { AccountCode, AccountType } from "../../../src/schema/account.js";
import {
  CHILD_ACCOUNT_NOT_FOUND_MESSAGE,
  CHILD_DISABLED_BY_PLATFORM_MESSAGE,
  ChildAccountCode,
  childAccountStatusName,
  SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE,
  type ChildAccount,
} from "../../../src/schema/child-account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatDateTime } from "../../../src/schema/format.js";
import type { PageP } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import { disablersOf } from "../account/account-disabling.js";
import { parseAccount } from "../account/account-identifier.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { MD5_HEX } from "../account/password-hasher.js";
import type { SubAccountFilter, SubAccountRow } from "../account/sub-account.repository.js";
import type { SubAccounts } from "../account/sub-accounts.service.js";
import type { UserRow } from "../account/user.repository.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { SessionService } from "../session/session.service.js";

/** The account module's ports: sub-accounts are accounts, so their rows are the account module's. */
export type ChildAccountDependencies = {
  subAccounts: SubAccounts;
  accounts: Pick<AccountRecords, "requireUser" | "findByAccount">;
  fields: EncryptedFields;
  sessions: Pick<SessionService, "endAllOf">;
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
    if (await this.deps.accounts.findByAccount(account.value)) {
      const message = "该账号已注册，请更换手机号或邮箱";
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { account: message } });
    }
    const passwordDigest = await this.deps.fields.open(input.encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(passwordDigest)) throw fieldError("encryptPassword", "密码格式不正确");
    const childId = await this.deps.subAccounts.create(parentId, { account, name: input.name, passwordDigest });
    return this.detail(parentId, childId);
  }

  async list(parentId: number, filter: SubAccountFilter, pageNumber: number, pageSize: number): Promise<PageP<ChildAccount>> {
    await this.requireMainAccount(parentId);
    const { rows, total } = await this.deps.subAccounts.page(parentId, filter, (pageNumber - 1) * pageSize, pageSize);
    return { list: rows.map(toChildAccount), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async detail(parentId: number, childId: number): Promise<ChildAccount> {
    return toChildAccount(await this.requireChild(parentId, childId));
  }

  async rename(parentId: number, childId: number, name: string): Promise<ChildAccount> {
    await this.requireChild(parentId, childId);
    await this.deps.subAccounts.rename(childId, name);
    return this.detail(parentId, childId);
  }

  /** A disabled sub-account is out at once: its sessions end, so its next call answers 3013. */
  async disable(parentId: number, childId: number): Promise<ChildAccount> {
    await this.requireChild(parentId, childId);
    await this.deps.subAccounts.setEnabled(childId, false);
    await this.deps.sessions.endAllOf(String(childId), "user", "account-disabled");
    return this.detail(parentId, childId);
  }

  /** Lifts the main account's own hold only: a sub-account the platform disabled stays disabled. */
  async enable(parentId: number, childId: number): Promise<ChildAccount> {
    const child = await this.requireChild(parentId, childId);
    if (disablersOf(child).includes("operator")) throw new BusinessError(AccountCode.accountDisabled, CHILD_DISABLED_BY_PLATFORM_MESSAGE);
    await this.deps.subAccounts.setEnabled(childId, true);
    return this.detail(parentId, childId);
  }

  private async requireMainAccount(userId: number): Promise<UserRow> {
    const user = await this.deps.accounts.requireUser(userId);
    if (user.account_type === AccountType.subAccount) {
      throw new BusinessError(ChildAccountCode.subAccountCannotManage, SUB_ACCOUNT_CANNOT_MANAGE_MESSAGE);
    }
    return user;
  }

  private async requireChild(parentId: number, childId: number): Promise<SubAccountRow> {
    await this.requireMainAccount(parentId);
    const child = await this.deps.subAccounts.findOfParent(parentId, childId);
    if (!child) throw new BusinessError(ResultCode.notFound, CHILD_ACCOUNT_NOT_FOUND_MESSAGE);
    return child;
  }
}

function toChildAccount(row: SubAccountRow): ChildAccount {
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
