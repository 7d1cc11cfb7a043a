import { AccountCode, CodePurpose, type CodePurposeValue, type LoginResult, type LoginUser } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError } from "../../http/envelope.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { SessionService } from "../session/session.service.js";
import type { VerificationService } from "../verification/verification.service.js";
import { parseAccount, type AccountIdentifier } from "./account-identifier.js";
import type { AccountRecords } from "./account-records.service.js";
import { originOf, type LoginClient, type LoginService } from "./login.service.js";
import { toLoginUser } from "./login-user.js";
import { MD5_HEX, type PasswordHasher } from "./password-hasher.js";
import { newPersonalAccount, type UserRepository } from "./user.repository.js";

const NOT_REGISTERED = "该账号尚未注册";
const ALREADY_REGISTERED = "该账号已注册，请直接登录";

export type AccountDependencies = {
  users: UserRepository;
  records: AccountRecords;
  fields: EncryptedFields;
  codes: VerificationService;
  sessions: SessionService;
  hasher: PasswordHasher;
  login: LoginService;
  now: () => number;
  storagePrefix: string;
};

/** Registration, passwords, verification codes and the account lookups of spec §7. */
export class AccountService {
  constructor(private readonly deps: AccountDependencies) {}

  /** Spec §5: 3002 means the account exists and may log in. */
  async checkAccount(raw: string): Promise<{ code: number; message: string }> {
    const account = requireAccount(raw, "account");
    const user = await this.deps.users.findByAccount(account.value);
    return user
      ? { code: AccountCode.accountExists, message: "账号已注册" }
      : { code: AccountCode.accountNotRegistered, message: `${NOT_REGISTERED}，请先注册或使用手机验证码登录` };
  }

  /** sendPhoneVCode / sendEmailVCode: the channel must match the account, the purpose its state. */
  async sendCode(raw: string, purpose: CodePurposeValue, channel: "mobile" | "email", ip: string, sessionUserId?: number) {
    const account = requireAccount(raw, "account");
    if (account.kind !== channel) {
      const message = channel === "mobile" ? "请输入正确的手机号" : "请输入正确的邮箱";
      throw new BusinessError(ResultCode.validationFailed, message, { errors: { account: message } });
    }
    const owner = await this.deps.users.findByAccount(account.value);
    if (purpose === CodePurpose.register && owner) throw new BusinessError(AccountCode.accountAlreadyRegistered, ALREADY_REGISTERED);
    if (purpose === CodePurpose.resetPassword && !owner) throw new BusinessError(AccountCode.accountNotRegistered, NOT_REGISTERED);
    if (purpose === CodePurpose.codeLogin && !owner && account.kind === "email") {
      throw new BusinessError(AccountCode.accountNotRegistered, "该邮箱尚未注册，请先注册");
    }
    if (purpose === CodePurpose.bindContact) {
      if (sessionUserId === undefined) throw new BusinessError(ResultCode.sessionMissing, "请先登录");
      if (owner && owner.id !== sessionUserId) throw new BusinessError(AccountCode.accountAlreadyRegistered, "该手机号或邮箱已被其他账号使用");
    }
    if (purpose === CodePurpose.cancellation && (sessionUserId === undefined || owner?.id !== sessionUserId)) {
      throw new BusinessError(ResultCode.validationFailed, "只能向本账号绑定的手机号或邮箱发送注销验证码");
    }
    if (purpose === CodePurpose.secondStep) {
      throw new BusinessError(ResultCode.validationFailed, "登录验证码请在登录验证页面获取");
    }
    await this.deps.codes.send(purpose, account.kind, account.value, ip);
  }

  async register(input: { account: string; vCode: string; encryptPassword: string }, client: Pick<LoginClient, "ip" | "userAgent">): Promise<LoginResult> {
    const account = requireAccount(input.account, "account");
    if (await this.deps.users.findByAccount(account.value)) {
      throw new BusinessError(AccountCode.accountAlreadyRegistered, ALREADY_REGISTERED, { errors: { account: ALREADY_REGISTERED } });
    }
    const passwordDigest = await this.openPassword(input.encryptPassword);
    await this.deps.codes.require(CodePurpose.register, account.value, input.vCode);
    const now = this.deps.now();
    const user = await this.deps.users.insert(newPersonalAccount(account, await this.deps.hasher.hash(passwordDigest), now));
    return this.deps.login.startSession(user, originOf(client, "register"));
  }

  /** Resetting a password ends every session of the account: whoever had it is out. */
  async resetPassword(input: { account: string; vCode: string; encryptPassword: string }): Promise<void> {
    const account = requireAccount(input.account, "account");
    const passwordDigest = await this.openPassword(input.encryptPassword);
    await this.deps.codes.require(CodePurpose.resetPassword, account.value, input.vCode);
    const user = await this.deps.users.findByAccount(account.value);
    if (!user) throw new BusinessError(AccountCode.accountNotRegistered, NOT_REGISTERED);
    await this.deps.records.replacePassword(user.id, passwordDigest);
    await this.deps.sessions.endAllOf(String(user.id), "user", "password-changed");
  }

  /** For accounts registered by code login, which have no password yet. */
  async setFirstPassword(userId: number, encryptPassword: string): Promise<void> {
    const user = await this.deps.records.requireUser(userId);
    if (user.password_hash) throw new BusinessError(ResultCode.validationFailed, "账号已设置密码，请在安全中心修改密码");
    await this.deps.records.replacePassword(user.id, await this.openPassword(encryptPassword));
  }

  async getUserInfo(userId: number): Promise<LoginUser> {
    return toLoginUser(await this.deps.records.requireUser(userId), this.deps.storagePrefix);
  }


  private async openPassword(encryptPassword: string): Promise<string> {
    const digest = await this.deps.fields.open(encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(digest)) {
      throw new BusinessError(ResultCode.validationFailed, "密码格式不正确", { errors: { encryptPassword: "密码格式不正确" } });
    }
    return digest;
  }
}

function requireAccount(raw: string, field: string): AccountIdentifier {
  const account = parseAccount(raw);
  if (!account) {
    const message = "请输入正确的手机号或邮箱";
    throw new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
  }
  return account;
}
