import { ACCOUNT_DISABLED_MESSAGE, ACCOUNT_ENDPOINTS, AccountCode, MAIN_ACCOUNT_DISABLED_MESSAGE, AccountType, CAPTCHA_MESSAGES, CodePurpose, LoginType, type CodePurposeValue, type LoginResult, type SecondStep } from "../../../src/schema/account.js";
import type { EndpointParams } from "../../../src/schema/contract.js";
import type { LoginMethod, LoginOrigin } from "../../../src/schema/login-history.js";
import { BusinessError } from "../../http/envelope.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import { captchaRefused, type CaptchaService } from "../security/captcha.service.js";
import type { SessionService } from "../session/session.service.js";
import type { VerificationService } from "../verification/verification.service.js";
import { maskAccount, parseAccount, type AccountIdentifier } from "./account-identifier.js";
import type { LoginChallengeRepository } from "./login-challenge.repository.js";
import type { LoginHistory } from "./login-history.js";
import type { KnownDevices } from "./known-device.js";
import type { LoginAttempt, LoginSource, LoginThrottle } from "./login-throttle.js";
import { toLoginUser } from "./login-user.js";
import type { PasswordHasher } from "./password-hasher.js";
import type { UserRepository, UserRow } from "./user.repository.js";

/** A password older than this is due for a change (code 3011), as is one set by someone else. */
export const PASSWORD_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

export type LoginRequest = EndpointParams<typeof ACCOUNT_ENDPOINTS.loginV2>;

/** Where a login comes from: the address, the captcha cookie, the known-device cookie and the browser's description. */
export type LoginClient = { ip: string; captchaId?: string; deviceCookie?: string; userAgent?: string };

/** How a login is written into the account's login history. */
export const originOf = (client: Pick<LoginClient, "ip" | "userAgent">, method: LoginMethod): LoginOrigin => ({ method, ip: client.ip, userAgent: client.userAgent });

/** What a login answers: a session (200), or one of the steps of spec §8 before it. */
export type LoginOutcome =
  | { code: 200; datas: LoginResult }
  | { code: typeof AccountCode.passwordUpdateDue; message: string }
  | { code: typeof AccountCode.secondStepRequired; message: string; datas: SecondStep };

const WRONG_CREDENTIALS = "账号或密码错误";

/** The known-device subject of a user account (known-device.ts). */
export const userDeviceSubject = (userId: number) => `user:${userId}`;

export type LoginDependencies = {
  users: UserRepository;
  fields: EncryptedFields;
  captchas: CaptchaService;
  codes: VerificationService;
  sessions: SessionService;
  throttle: LoginThrottle;
  devices: KnownDevices;
  challenges: LoginChallengeRepository;
  hasher: PasswordHasher;
  history: LoginHistory;
  now: () => number;
  storagePrefix: string;
};

/**
 * Every way a person logs in with an account (spec §2 modes 0 and 1, §8 codes): checks in the
 * order that reveals least — throttling first, then the captcha, then the credentials — and never
 * says whether an account exists beyond what checkAccount must.
 */
export class LoginService {
  constructor(private readonly deps: LoginDependencies) {}

  async login(request: LoginRequest, client: LoginClient): Promise<LoginOutcome> {
    const account = await this.openAccount(request.encryptAccount);
    const isPassword = request.type === LoginType.password;
    const origin = originOf(client, isPassword ? "password" : "code");
    const source = await this.throttleSource(account, client, isPassword ? "password" : "code");
    const user = await this.deps.throttle.attempt(source, (attempt) =>
      isPassword ? this.checkPassword(account, request, attempt, client.captchaId, origin) : this.checkCodeLogin(account, request, attempt, client.captchaId, origin),
    );
    if (isPassword && this.isPasswordUpdateDue(user)) {
      await this.deps.challenges.create(user.id, "password-update");
      return {
        code: AccountCode.passwordUpdateDue,
        message: user.must_change_password
          ? "您的密码由他人设置，为了账号安全，请修改密码"
          : "您的密码已超过180天未修改，为了账号安全，建议立即修改密码",
      };
    }
    return this.finish(user, origin);
  }

  /** "Next time" after 3011: the password is checked again and must follow a 3011 of this user. */
  async loginPostponingPasswordUpdate(request: { encryptAccount: string; encryptPassword: string }, client: LoginClient): Promise<LoginOutcome> {
    const account = await this.openAccount(request.encryptAccount);
    const source = await this.throttleSource(account, client, "password");
    const passwordDigest = await this.deps.fields.open(request.encryptPassword, "encryptPassword");
    const origin = originOf(client, "password");
    const user = await this.deps.throttle.attempt(source, (attempt) => this.verifyPassword(account, passwordDigest, attempt, origin));
    const pending = await this.deps.challenges.findLiveForUser(user.id, "password-update");
    if (!pending || !(await this.deps.challenges.consume(pending.id))) {
      throw new BusinessError(AccountCode.loginFailed, "登录已过期，请重新登录");
    }
    return this.finish(user, origin);
  }

  /**
   * Who is trying, for the throttle: a browser that logged in to this very account before (its
   * device cookie) counts only its own failures. Unknown accounts have no known devices, and the
   * lookup answers nothing to the caller, so it reveals no more than a wrong password does.
   */
  async throttleSource(account: AccountIdentifier, client: LoginClient, kind: LoginSource["kind"]): Promise<LoginSource> {
    const user = await this.deps.users.findByAccount(account.value);
    const device = user ? this.deps.devices.recognise(client.deviceCookie, userDeviceSubject(user.id)) : null;
    return { accountKey: account.value, ip: client.ip, device, kind };
  }

  async sendSecondStepCode(challengeId: string, ip: string): Promise<void> {
    const { user } = await this.liveSecondStep(challengeId);
    const target = secondStepTarget(user)!;
    await this.deps.codes.send(CodePurpose.secondStep, target.kind, target.value, ip);
  }

  async completeSecondStep(challengeId: string, code: string, client: Pick<LoginClient, "ip" | "userAgent">): Promise<LoginResult> {
    const { challenge, user } = await this.liveSecondStep(challengeId);
    const target = secondStepTarget(user)!;
    await this.deps.codes.require(CodePurpose.secondStep, target.value, code);
    if (!(await this.deps.challenges.consume(challenge.id))) throw expiredChallenge();
    return this.startSession(user, originOf(client, "secondStep"));
  }

  /**
   * A session for a user who has proven who they are (also used by registration and scan login),
   * written into the account's login history with where it came from.
   */
  async startSession(user: UserRow, origin: LoginOrigin): Promise<LoginResult> {
    await this.requireActive(user, origin);
    const { token } = await this.deps.sessions.create(String(user.id), "user", { address: origin.ip });
    await this.deps.history.record(user.id, origin, "success");
    return { loginUser: toLoginUser(user, this.deps.storagePrefix), token };
  }

  private async finish(user: UserRow, origin: LoginOrigin): Promise<LoginOutcome> {
    const target = user.two_step_enabled ? secondStepTarget(user) : null;
    if (target) {
      const challengeId = await this.deps.challenges.create(user.id, "second-step");
      return {
        code: AccountCode.secondStepRequired,
        message: "为了账号安全，本次登录需要验证身份",
        datas: { challengeId, channel: target.kind, maskedTarget: maskAccount(target) },
      };
    }
    return { code: 200, datas: await this.startSession(user, origin) };
  }

  private async checkPassword(account: AccountIdentifier, request: LoginRequest, attempt: LoginAttempt, captchaId: string | undefined, origin: LoginOrigin) {
    if (!(await this.deps.captchas.verify(captchaId, request.vcode))) throw captchaRefused(CAPTCHA_MESSAGES.wrong);
    if (!request.encryptPassword) throw new BusinessError(AccountCode.loginFailed, "请输入密码");
    return this.verifyPassword(account, await this.deps.fields.open(request.encryptPassword, "encryptPassword"), attempt, origin);
  }

  /** Mode 1 needs the image captcha too once the account has failed often lately (1002 asks the page to show it). */
  private async checkCodeLogin(account: AccountIdentifier, request: LoginRequest, attempt: LoginAttempt, captchaId: string | undefined, origin: LoginOrigin) {
    if (attempt.isCaptchaRequired && !(await this.deps.captchas.verify(captchaId, request.vcode))) {
      throw captchaRefused(request.vcode ? CAPTCHA_MESSAGES.wrong : CAPTCHA_MESSAGES.needed);
    }
    return this.checkCode(account, request.loginVcode ?? "", attempt, origin);
  }

  /**
   * Also used by binding after scan login (modules/scan-login), so failed binds count like failed
   * logins. A wrong password of an existing account goes into its login history.
   */
  async verifyPassword(account: AccountIdentifier, passwordDigest: string, attempt: LoginAttempt, origin: LoginOrigin): Promise<UserRow> {
    const user = await this.deps.users.findByAccount(account.value);
    const isRight = await this.deps.hasher.verifyDigest(passwordDigest, user?.password_hash);
    if (!user || !isRight) {
      attempt.fail();
      if (user) await this.deps.history.record(user.id, origin, "wrongPassword");
      throw new BusinessError(AccountCode.loginFailed, WRONG_CREDENTIALS);
    }
    await this.requireActive(user, origin);
    return user;
  }

  /** Mode 1: an unregistered phone number is registered on the spot (spec §2); e-mail is not. Binding after scan login uses it with purpose 3. */
  async checkCode(account: AccountIdentifier, code: string, attempt: LoginAttempt, origin: LoginOrigin, purpose: CodePurposeValue = CodePurpose.codeLogin): Promise<UserRow> {
    if (!(await this.deps.codes.check(purpose, account.value, code))) {
      attempt.fail();
      const message = "验证码错误或已失效，请重新获取";
      throw new BusinessError(AccountCode.verificationCodeInvalid, message, { errors: { loginVcode: message } });
    }
    const existing = await this.deps.users.findByAccount(account.value);
    if (existing) {
      await this.requireActive(existing, origin);
      return existing;
    }
    if (account.kind !== "mobile") throw new BusinessError(AccountCode.accountNotRegistered, "该邮箱尚未注册，请先注册");
    const now = this.deps.now();
    return this.deps.users.insert({
      login_account: account.value,
      mobile: account.value,
      account_type: AccountType.personal,
      status: "active",
      created_at: now,
      updated_at: now,
    });
  }

  private isPasswordUpdateDue(user: UserRow): boolean {
    if (user.must_change_password) return true;
    return user.password_changed_at !== null && this.deps.now() - user.password_changed_at > PASSWORD_MAX_AGE_MS;
  }

  /**
   * A disabled account, or a sub-account whose main account the platform disabled, is refused
   * (3015) and the refusal goes into its login history; a cancelled one is refused as gone.
   */
  private async requireActive(user: UserRow, origin: LoginOrigin): Promise<void> {
    if (user.status === "cancelled") throw new BusinessError(AccountCode.accountDisabled, "该账号已注销");
    const parent = user.parent_id === null ? undefined : await this.deps.users.findById(user.parent_id);
    const message =
      user.status === "disabled" ? ACCOUNT_DISABLED_MESSAGE : parent?.status === "disabled" ? MAIN_ACCOUNT_DISABLED_MESSAGE : null;
    if (message === null) return;
    await this.deps.history.record(user.id, origin, "disabled");
    throw new BusinessError(AccountCode.accountDisabled, message);
  }

  private async openAccount(encryptAccount: string): Promise<AccountIdentifier> {
    const account = parseAccount(await this.deps.fields.open(encryptAccount, "encryptAccount"));
    if (!account) {
      const message = "请输入正确的手机号或邮箱";
      throw new BusinessError(AccountCode.loginFailed, message, { errors: { encryptAccount: message } });
    }
    return account;
  }

  private async liveSecondStep(challengeId: string) {
    const challenge = await this.deps.challenges.findLive(challengeId, "second-step");
    const user = challenge ? await this.deps.users.findById(challenge.user_id) : undefined;
    if (!challenge || !user || !secondStepTarget(user)) throw expiredChallenge();
    return { challenge, user };
  }
}

/** The second step goes to the bound phone when there is one, otherwise to the e-mail. */
function secondStepTarget(user: UserRow): AccountIdentifier | null {
  if (user.mobile) return { kind: "mobile", value: user.mobile };
  if (user.mail) return { kind: "email", value: user.mail };
  return null;
}

function expiredChallenge() {
  return new BusinessError(AccountCode.loginFailed, "登录验证已过期，请重新登录");
}
