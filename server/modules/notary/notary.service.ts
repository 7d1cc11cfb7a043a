import { AccountCode } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { EndpointParams } from "../../../src/schema/contract.js";
import { NOTARY_ENDPOINTS, NotaryAccountSchema, type NotaryLoginResult, type NotaryUser } from "../../../src/schema/notary.js";
import { BusinessError } from "../../http/envelope.js";
import type { KnownDevices } from "../account/known-device.js";
import type { LoginClient } from "../account/login.service.js";
import { checkStaffPassword, type StaffAccountKind } from "../account/staff-password-login.js";
import type { LoginThrottle } from "../account/login-throttle.js";
import type { PasswordHasher } from "../account/password-hasher.js";
import type { CaptchaService } from "../security/captcha.service.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { ActiveSession, SessionService } from "../session/session.service.js";
import type { NotaryUserRepository, NotaryUserRow } from "./notary-user.repository.js";
import { toNotaryUser } from "./notary-user.js";

export type NotaryLoginRequest = EndpointParams<typeof NOTARY_ENDPOINTS.login>;

export type NotaryDependencies = {
  users: NotaryUserRepository;
  fields: EncryptedFields;
  captchas: CaptchaService;
  throttle: LoginThrottle;
  devices: KnownDevices;
  hasher: PasswordHasher;
  sessions: SessionService;
  now: () => number;
  /** The development demo account signs in only where development providers are allowed. */
  allowDemoAccounts: boolean;
};

const WRONG_CREDENTIALS = "账号或密码错误";
/**
 * Failed notary logins are counted in the same table as users' (one throttle for every replica);
 * the prefix keeps a staff account and a user account of the same spelling apart.
 */
const THROTTLE_PREFIX = "notary:";

/** The known-device subject of a staff account (known-device.ts). */
export const notaryDeviceSubject = (userId: number) => `notary:${userId}`;

/**
 * Notary office staff: a separate login (spec §6) with its own session kind, checked in the same
 * order as a user's password login so that it reveals as little: throttling, captcha, credentials.
 */
export class NotaryService {
  constructor(private readonly deps: NotaryDependencies) {}

  async login(request: NotaryLoginRequest, client: LoginClient): Promise<NotaryLoginResult> {
    const user = await checkStaffPassword(this.deps, this.accountKind, request, client);
    const { token, createdAt } = await this.deps.sessions.create(String(user.id), "notary");
    await this.deps.users.recordLogin(user.id, createdAt);
    return { notaryUser: toNotaryUser(user), token };
  }

  private readonly accountKind: StaffAccountKind<NotaryUserRow> = {
    accountSchema: NotaryAccountSchema,
    throttlePrefix: THROTTLE_PREFIX,
    deviceSubject: notaryDeviceSubject,
    wrongCredentials: WRONG_CREDENTIALS,
    find: (account) => this.deps.users.findByAccount(account),
    assertMaySignIn: (user) => this.assertMaySignIn(user),
  };

  async logout(session: ActiveSession): Promise<void> {
    await this.deps.sessions.end(session, "logout");
  }

  /** The signed-in staff member; a session whose account is gone or disabled is over (3013). */
  async getInfo(session: ActiveSession): Promise<NotaryUser> {
    return toNotaryUser(await this.staffOf(session));
  }

  /** The staff account behind a notary session, checked on every console call; a session whose account is gone or disabled is over (3013). */
  async staffOf(session: ActiveSession): Promise<NotaryUserRow> {
    const user = await this.deps.users.findById(Number(session.subjectId));
    if (!user || !this.maySignIn(user)) {
      await this.deps.sessions.end(session, "account-disabled");
      throw new BusinessError(ResultCode.sessionRevoked);
    }
    return user;
  }

  private assertMaySignIn(user: NotaryUserRow): void {
    if (user.status === "disabled") throw new BusinessError(AccountCode.accountDisabled, "该公证处账号已停用，请联系平台管理员");
    if (!this.maySignIn(user)) throw new BusinessError(AccountCode.accountDisabled, "演示账号仅在开发环境中可用");
  }

  private maySignIn(user: NotaryUserRow): boolean {
    return user.status === "active" && (user.is_demo === 0 || this.deps.allowDemoAccounts);
  }
}
