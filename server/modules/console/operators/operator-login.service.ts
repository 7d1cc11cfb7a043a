import { AccountCode, CAPTCHA_MESSAGES } from "../../../../src/schema/account.js";
import type { EndpointParams } from "../../../../src/schema/contract.js";
import {
  CONSOLE_MESSAGES,
  ConsoleCode,
  OperatorAccountSchema,
  type OPERATOR_AUTH_ENDPOINTS,
  type OperatorLoginResult,
} from "../../../../src/schema/console/operator-auth.js";
import { BusinessError } from "../../../http/envelope.js";
import type { KnownDevices } from "../../account/known-device.js";
import type { LoginClient } from "../../account/login.service.js";
import type { LoginThrottle } from "../../account/login-throttle.js";
import type { PasswordHasher } from "../../account/password-hasher.js";
import { captchaRefused, type CaptchaService } from "../../security/captcha.service.js";
import type { EncryptedFields } from "../../security/encrypted-fields.js";
import type { SessionService } from "../../session/session.service.js";
import { maySignIn } from "./operator-profile.js";
import type { OperatorRepository } from "./operator.repository.js";

export type OperatorLoginRequest = EndpointParams<typeof OPERATOR_AUTH_ENDPOINTS.login>;

export type OperatorLoginDependencies = {
  operators: OperatorRepository;
  fields: EncryptedFields;
  captchas: CaptchaService;
  throttle: LoginThrottle;
  devices: KnownDevices;
  hasher: PasswordHasher;
  sessions: SessionService;
  /** The development demo operator signs in only where development providers are allowed. */
  allowDemoAccounts: boolean;
};

/**
 * Failed operator logins are counted in the same table as users' and notary staff's; the prefix
 * keeps an operator account apart from a customer or staff account of the same spelling.
 */
export const OPERATOR_THROTTLE_PREFIX = "operator:";

/** The known-device subject of an operator (known-device.ts). */
export const operatorDeviceSubject = (operatorId: number) => `operator:${operatorId}`;

/**
 * The console's first step, checked in the notary login's order so that it reveals as little:
 * throttling, captcha, credentials; a wrong password and an unknown account get the same answer in
 * the same time. It ends in a short "operatorPending" session that only the second-factor calls
 * accept (second-factor.service.ts).
 */
export class OperatorLoginService {
  constructor(private readonly deps: OperatorLoginDependencies) {}

  async login(request: OperatorLoginRequest, client: LoginClient): Promise<OperatorLoginResult> {
    const { operators, throttle, captchas, fields, hasher, sessions } = this.deps;
    const account = await this.openAccount(request.encryptAccount);
    const found = await operators.findByAccount(account);
    const device = found ? this.deps.devices.recognise(client.deviceCookie, operatorDeviceSubject(found.id)) : null;
    const source = { accountKey: OPERATOR_THROTTLE_PREFIX + account, ip: client.ip, device, kind: "password" } as const;
    const operator = await throttle.attempt(source, async (attempt) => {
      if (!(await captchas.verify(client.captchaId, request.vcode))) throw captchaRefused(CAPTCHA_MESSAGES.wrong);
      const passwordDigest = await fields.open(request.encryptPassword, "encryptPassword");
      const isRight = await hasher.verifyDigest(passwordDigest, found?.password_hash);
      if (!found || !isRight) {
        attempt.fail();
        throw new BusinessError(AccountCode.loginFailed, CONSOLE_MESSAGES.wrongCredentials);
      }
      if (!maySignIn(found, this.deps.allowDemoAccounts)) {
        throw new BusinessError(ConsoleCode.operatorDisabled, found.status === "disabled" ? CONSOLE_MESSAGES.operatorDisabled : "演示账号仅在开发环境中可用");
      }
      return found;
    });
    // One second-factor attempt at a time: an earlier pending session ends, and its wrong codes
    // are forgiven with it (each pending session has five; the throttle still counts them).
    await sessions.endAllOf(String(operator.id), "operatorPending", "superseded");
    await operators.resetFailures(operator.id);
    const { token } = await sessions.create(String(operator.id), "operatorPending");
    return { token, secondFactor: operator.totp_secret === null ? "enrol" : "verify" };
  }

  private async openAccount(encryptAccount: string): Promise<string> {
    const parsed = OperatorAccountSchema.safeParse(await this.deps.fields.open(encryptAccount, "encryptAccount"));
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      throw new BusinessError(AccountCode.loginFailed, message, { errors: { encryptAccount: message } });
    }
    return parsed.data;
  }
}
