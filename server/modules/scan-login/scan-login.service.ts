import { randomBytes } from "node:crypto";
import type { LoginResult, LoginUser } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { PENDING_IDENTITY_TTL_MS, SCAN_STATE_TTL_MS, ScanLoginCode, type BindState } from "../../../src/schema/scan-login.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { originOf, type LoginClient, type LoginService } from "../account/login.service.js";
import { toLoginUser } from "../account/login-user.js";
import { CodeRejectedError, type MessagingLoginProvider } from "./messaging-login-provider.js";
import { resolveRedirectTarget } from "./redirect-target.js";
import type { ScanStateRepository } from "./scan-state.repository.js";

export const SCAN_EXPIRED_MESSAGE = "二维码已失效，请刷新二维码后重新扫码";
export const SCAN_UNAVAILABLE_MESSAGE =
  "扫码登录暂未开通：服务器未配置微信开放平台应用（WX_APP_ID、WX_APP_SECRET），请使用账号密码或验证码登录";
const REDIRECT_REFUSED = "回调地址必须是本站的页面";

export type ScanCallbackOutcome = { kind: "loggedIn"; result: LoginResult } | { kind: "bindRequired"; oauthUserId: string };

export type ScanLoginDependencies = {
  /** Null where no provider is configured (production without WX_APP_ID): scan login says so. */
  provider: MessagingLoginProvider | null;
  states: ScanStateRepository;
  accounts: Pick<AccountRecords, "requireUser" | "findByMessagingIdentity" | "bindMessagingIdentity" | "unbindMessagingIdentity">;
  login: LoginService;
  now: () => number;
  storagePrefix: string;
};

/**
 * Scan-code login (spec §2 mode 2, §4, §8) and binding an account to the scanned identity from
 * the security centre. Each QR code carries a random single-use state valid five minutes; a
 * scanned identity without an account waits ten minutes under an opaque id for the bind panel.
 */
export class ScanLoginService {
  constructor(private readonly deps: ScanLoginDependencies) {}

  /** The QR page for a new state; "bind" states belong to the logged-in user who asked. */
  async createQrUrl(request: { redirectUrl: string; origin: string; purpose: "login" | "bind"; userId: number | null }): Promise<string> {
    const provider = this.requireProvider();
    const redirectUrl = resolveRedirectTarget(request.redirectUrl, request.origin);
    if (!redirectUrl) throw new BusinessError(ResultCode.validationFailed, REDIRECT_REFUSED, { errors: { redirectUrl: REDIRECT_REFUSED } });
    const state = randomToken();
    const now = this.deps.now();
    await this.deps.states.insertState({ state, purpose: request.purpose, user_id: request.userId, created_at: now, expires_at: now + SCAN_STATE_TTL_MS });
    return provider.authorizeUrl({ state, redirectUrl });
  }

  /** /wxLogin/callback: a session for a bound identity (200), else an opaque id to bind (5025). */
  async callback(code: string, state: string, client: Pick<LoginClient, "ip" | "userAgent">): Promise<ScanCallbackOutcome> {
    const identityKey = await this.redeem(code, state, (row) => row.purpose === "login");
    const user = await this.deps.accounts.findByMessagingIdentity(identityKey);
    if (user) return { kind: "loggedIn", result: await this.deps.login.startSession(user, originOf(client, "scan")) };
    const oauthUserId = randomToken();
    const now = this.deps.now();
    await this.deps.states.insertPendingIdentity({ id: oauthUserId, identity_key: identityKey, created_at: now, expires_at: now + PENDING_IDENTITY_TTL_MS });
    return { kind: "bindRequired", oauthUserId };
  }

  /** The security centre's QR code came back: bind the scanned identity to the logged-in account. */
  async bindCurrentAccount(userId: number, code: string, state: string): Promise<LoginUser> {
    const identityKey = await this.redeem(code, state, (row) => row.purpose === "bind" && row.user_id === userId);
    const user = await this.deps.accounts.requireUser(userId);
    if (user.oauth_user_id !== identityKey) {
      if (user.oauth_user_id) throw new BusinessError(ScanLoginCode.accountBoundElsewhere, "当前账号已绑定微信，请先解除绑定");
      await this.assertIdentityFree(identityKey, userId);
      if (!(await this.deps.accounts.bindMessagingIdentity(userId, identityKey))) {
        throw new BusinessError(ScanLoginCode.accountBoundElsewhere, "当前账号已绑定微信，请先解除绑定");
      }
    }
    return toLoginUser({ ...user, oauth_user_id: identityKey }, this.deps.storagePrefix);
  }

  async unbind(userId: number): Promise<LoginUser> {
    const user = await this.deps.accounts.requireUser(userId);
    if (!user.oauth_user_id) throw new BusinessError(ScanLoginCode.notBound, "当前账号未绑定微信");
    await this.deps.accounts.unbindMessagingIdentity(userId);
    return toLoginUser({ ...user, oauth_user_id: null }, this.deps.storagePrefix);
  }

  async bindState(userId: number): Promise<BindState> {
    const user = await this.deps.accounts.requireUser(userId);
    return { isBound: user.oauth_user_id !== null, providerName: this.deps.provider?.displayName ?? "微信" };
  }

  /** An identity belongs to one account at most: 5026 when another account holds it. */
  async assertIdentityFree(identityKey: string, userId: number): Promise<void> {
    const holder = await this.deps.accounts.findByMessagingIdentity(identityKey);
    if (holder && holder.id !== userId) {
      throw new BusinessError(ScanLoginCode.identityBoundElsewhere, "该微信已绑定其他账号，请用该微信直接扫码登录");
    }
  }

  /** Takes the state once and exchanges the code; every way of failing is "scan again" (106). */
  private async redeem(code: string, state: string, isExpected: (row: { purpose: string; user_id: number | null }) => boolean): Promise<string> {
    const provider = this.requireProvider();
    const row = await this.deps.states.consumeState(state, this.deps.now());
    if (!row || !isExpected(row)) throw new BusinessError(ScanLoginCode.scanExpired, SCAN_EXPIRED_MESSAGE);
    try {
      const identity = await provider.exchangeCode(code);
      return `${provider.key}:${identity.openId}`;
    } catch (error) {
      if (error instanceof CodeRejectedError) throw new BusinessError(ScanLoginCode.scanExpired, SCAN_EXPIRED_MESSAGE);
      throw error;
    }
  }

  private requireProvider(): MessagingLoginProvider {
    if (!this.deps.provider) throw new BusinessError(ScanLoginCode.unavailable, SCAN_UNAVAILABLE_MESSAGE);
    return this.deps.provider;
  }
}

function randomToken(): string {
  return randomBytes(24).toString("base64url");
}
