import { AccountCode, AccountType, CodePurpose, type LoginUser } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { PersonalCode } from "../../../src/schema/personal.js";
import { BusinessError } from "../../http/envelope.js";
import { parseAccount, type AccountIdentifier } from "../account/account-identifier.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { LoginThrottle } from "../account/login-throttle.js";
import { toLoginUser } from "../account/login-user.js";
import { MD5_HEX, type PasswordHasher } from "../account/password-hasher.js";
import type { SubAccounts } from "../account/sub-accounts.service.js";
import type { UserRow } from "../account/user.repository.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { SessionService } from "../session/session.service.js";
import type { VerificationService } from "../verification/verification.service.js";
const CHANNEL_TEXT = { mobile: "手机号", email: "邮箱" } as const;
const CHANNEL_FIELD = { mobile: "mobile", email: "mail" } as const;

export type AccountSecurityDependencies = {
  accounts: Pick<AccountRecords, "requireUser" | "findByAccount" | "bindContact" | "replacePassword" | "setTwoStepLogin" | "cancelAccount">;
  subAccounts: Pick<SubAccounts, "countEnabled">;
  codes: VerificationService;
  fields: EncryptedFields;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  sessions: SessionService;
  storagePrefix: string;
};

/**
 * The security centre's account changes (spec §2 securityCenter): binding a new mobile or e-mail,
 * changing the password, the two-step login switch and cancelling the account.
 */
export class AccountSecurityService {
  constructor(private readonly deps: AccountSecurityDependencies) {}

  /** The new contact proves itself with a code of purpose 4 sent to it; the login account follows it. */
  async bindContact(userId: number, channel: AccountIdentifier["kind"], raw: string, vCode: string): Promise<LoginUser> {
    const field = CHANNEL_FIELD[channel];
    const contact = parseAccount(raw);
    if (!contact || contact.kind !== channel) throw fieldError(field, `请输入正确的${CHANNEL_TEXT[channel]}`);
    const user = await this.deps.accounts.requireUser(userId);
    const current = channel === "mobile" ? user.mobile : user.mail;
    if (current === contact.value) throw fieldError(field, `该${CHANNEL_TEXT[channel]}已绑定当前账号`);
    const owner = await this.deps.accounts.findByAccount(contact.value);
    if (owner && owner.id !== userId) {
      const message = `该${CHANNEL_TEXT[channel]}已被其他账号使用`;
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { [field]: message } });
    }
    await this.deps.codes.require(CodePurpose.bindContact, contact.value, vCode);
    await this.deps.accounts.bindContact(userId, contact);
    return toLoginUser(await this.deps.accounts.requireUser(userId), this.deps.storagePrefix);
  }

  /**
   * Both passwords arrive MD5-hashed and encrypted like a login. Wrong old passwords count as
   * failed logins (throttling). Every session of the account ends, this one included, and a new
   * token is handed back: whoever held an old token is out.
   */
  async changePassword(userId: number, input: { encryptOldPassword: string; encryptPassword: string }, ip: string): Promise<{ token: string }> {
    const user = await this.deps.accounts.requireUser(userId);
    const passwordHash = user.password_hash;
    if (!passwordHash) throw new BusinessError(PersonalCode.notAllowed, "账号尚未设置密码，请先设置登录密码");
    const throttleKey = user.login_account ?? user.mobile ?? user.mail ?? String(user.id);
    const oldDigest = await this.deps.fields.open(input.encryptOldPassword, "encryptOldPassword");
    const newDigest = await this.deps.fields.open(input.encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(newDigest)) throw fieldError("encryptPassword", "密码格式不正确");
    // Inside a session: counted per account and address, never against the account as a whole.
    await this.deps.throttle.attempt({ accountKey: throttleKey, ip, device: null, kind: "session" }, async (attempt) => {
      if (!MD5_HEX.test(oldDigest) || !(await this.deps.hasher.verify(oldDigest, passwordHash))) {
        attempt.fail();
        throw new BusinessError(PersonalCode.oldPasswordWrong, "原密码错误", { errors: { encryptOldPassword: "原密码错误" } });
      }
    });
    if (newDigest === oldDigest) throw fieldError("encryptPassword", "新密码不能与原密码相同");
    await this.deps.accounts.replacePassword(userId, newDigest);
    await this.deps.sessions.endAllOf(String(userId), "user", "password-changed");
    const { token } = await this.deps.sessions.create(String(userId), "user", { address: ip });
    return { token };
  }

  /** The login flow sends a code to the bound phone or e-mail when this is on (code 3012). */
  async setTwoStep(userId: number, enabled: boolean): Promise<{ twoStepEnabled: boolean }> {
    const user = await this.deps.accounts.requireUser(userId);
    if (enabled && !user.mobile && !user.mail) {
      throw new BusinessError(PersonalCode.notAllowed, "请先绑定手机号或邮箱，再开启登录二次验证");
    }
    await this.deps.accounts.setTwoStepLogin(userId, enabled);
    return { twoStepEnabled: enabled };
  }

  /**
   * Cancels the account after a code of purpose 7 to its own phone or e-mail and the typed
   * confirmation: it can no longer log in and every session ends. The row and everything the
   * account preserved stay, so evidence remains verifiable.
   */
  async cancel(userId: number, input: { account: string; vCode: string }): Promise<void> {
    const user = await this.deps.accounts.requireUser(userId);
    if (user.account_type === AccountType.subAccount) {
      throw new BusinessError(PersonalCode.notAllowed, "子账号不能自行注销，请联系主账号停用");
    }
    if ((await this.deps.subAccounts.countEnabled(userId)) > 0) {
      throw new BusinessError(PersonalCode.notAllowed, "请先停用全部子账号，再注销主账号");
    }
    const target = parseAccount(input.account);
    if (!target || !isOwnContact(user, target.value)) throw fieldError("account", "只能使用本账号绑定的手机号或邮箱验证");
    await this.deps.codes.require(CodePurpose.cancellation, target.value, input.vCode);
    await this.deps.accounts.cancelAccount(userId);
    await this.deps.sessions.endAllOf(String(userId), "user", "account-cancelled");
  }
}

function isOwnContact(user: UserRow, value: string): boolean {
  return value === user.mobile || value === user.mail;
}

function fieldError(field: string, message: string) {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}
