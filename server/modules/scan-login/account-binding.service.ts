import { AccountCode, CAPTCHA_MESSAGES, CodePurpose, type LoginResult } from "../../../src/schema/account.js";
import { captchaRefused } from "../security/captcha.service.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { EndpointParams } from "../../../src/schema/contract.js";
import { BindType, SCAN_LOGIN_ENDPOINTS, ScanLoginCode } from "../../../src/schema/scan-login.js";
import { BusinessError } from "../../http/envelope.js";
import { parseAccount, type AccountIdentifier } from "../account/account-identifier.js";
import type { LoginAttempt, LoginThrottle } from "../account/login-throttle.js";
import { originOf, type LoginClient, type LoginService } from "../account/login.service.js";
import type { LoginOrigin } from "../../../src/schema/login-history.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { UserRow } from "../account/user.repository.js";
import type { CaptchaService } from "../security/captcha.service.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { ScanLoginService } from "./scan-login.service.js";
import type { ScanStateRepository } from "./scan-state.repository.js";

export type BindRequest = EndpointParams<typeof SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth>;

export type AccountBindingDependencies = {
  states: ScanStateRepository;
  accounts: Pick<AccountRecords, "bindMessagingIdentity">;
  login: LoginService;
  scanLogin: ScanLoginService;
  fields: EncryptedFields;
  captchas: CaptchaService;
  throttle: LoginThrottle;
  now: () => number;
};

const PENDING_EXPIRED = "扫码信息已过期，请返回重新扫码登录";
const ACCOUNT_BOUND_ELSEWHERE = "该账号已绑定其他微信，请用该微信扫码登录，或登录后在安全中心解除绑定";

/**
 * The bind panel after code 5025 (spec §2, §7 webBindAccountByAuth, §8): proves an account by
 * password + image captcha (type 0) or by a code of purpose 3 (type 1, where an unregistered phone
 * number gets a new account as in code login), binds the scanned identity to it and logs it in.
 * Checks run in the order of the login's (throttle, captcha, credentials), and a failed bind
 * counts as a failed login.
 */
export class AccountBindingService {
  constructor(private readonly deps: AccountBindingDependencies) {}

  async bind(request: BindRequest, client: LoginClient): Promise<LoginResult> {
    const now = this.deps.now();
    const pending = await this.deps.states.findLivePendingIdentity(request.oauthUserId, now);
    if (!pending) throw fieldError(ScanLoginCode.scanExpired, PENDING_EXPIRED);
    const account = await this.openAccount(request.encryptAccount);
    const isPassword = request.type === BindType.password;
    const source = await this.deps.login.throttleSource(account, client, isPassword ? "password" : "code");
    const origin = originOf(client, "scan");
    // The code bind has no captcha field in its contract (spec §7), so it is held to the per-source
    // and per-address counts and to the code's own five tries.
    const user = await this.deps.throttle.attempt(source, (attempt) =>
      isPassword ? this.proveByPassword(account, request, attempt, client.captchaId, origin) : this.deps.login.checkCode(account, request.vCode, attempt, origin, CodePurpose.bindAfterScan),
    );

    if (user.oauth_user_id !== pending.identity_key) {
      if (user.oauth_user_id) throw fieldError(ScanLoginCode.accountBoundElsewhere, ACCOUNT_BOUND_ELSEWHERE);
      await this.deps.scanLogin.assertIdentityFree(pending.identity_key, user.id);
      if (!(await this.deps.states.consumePendingIdentity(pending.id, now))) throw fieldError(ScanLoginCode.scanExpired, PENDING_EXPIRED);
      if (!(await this.deps.accounts.bindMessagingIdentity(user.id, pending.identity_key))) {
        throw fieldError(ScanLoginCode.accountBoundElsewhere, ACCOUNT_BOUND_ELSEWHERE);
      }
    }
    return this.deps.login.startSession({ ...user, oauth_user_id: pending.identity_key }, origin);
  }

  private async proveByPassword(account: AccountIdentifier, request: BindRequest, attempt: LoginAttempt, captchaId: string | undefined, origin: LoginOrigin): Promise<UserRow> {
    if (!(await this.deps.captchas.verify(captchaId, request.vCode))) throw captchaRefused(CAPTCHA_MESSAGES.wrong, "vCode");
    if (!request.encryptPassword) throw fieldError(ResultCode.validationFailed, "请输入密码", "encryptPassword");
    const passwordDigest = await this.deps.fields.open(request.encryptPassword, "encryptPassword");
    try {
      return await this.deps.login.verifyPassword(account, passwordDigest, attempt, origin);
    } catch (error) {
      // The login's "wrong account or password" is the bind panel's 421 (spec §8), shown at the account.
      if (error instanceof BusinessError && error.code === AccountCode.loginFailed) throw fieldError(ScanLoginCode.bindAccountInvalid, error.message);
      throw error;
    }
  }

  private async openAccount(encryptAccount: string): Promise<AccountIdentifier> {
    const account = parseAccount(await this.deps.fields.open(encryptAccount, "encryptAccount"));
    if (!account) throw fieldError(ResultCode.validationFailed, "请输入正确的手机号或邮箱");
    return account;
  }
}

function fieldError(code: number, message: string, field = "encryptAccount") {
  return new BusinessError(code, message, { errors: { [field]: message } });
}
