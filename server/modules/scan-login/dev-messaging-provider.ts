import { createHash, randomBytes } from "node:crypto";
import { SCAN_STATE_TTL_MS } from "../../../src/schema/scan-login.js";
import type { DevAuthorizationRepository } from "./dev-authorization.repository.js";
import { CodeRejectedError, type MessagingIdentity, type MessagingLoginProvider } from "./messaging-login-provider.js";

export const DEV_WX_PATHS = { qr: "/dev/wx/qr", confirm: "/dev/wx/confirm", status: "/dev/wx/status" } as const;

/** Like WeChat's codes, a confirmed code must be exchanged within minutes. */
const CODE_TTL_MS = 5 * 60 * 1000;

export type DevScanStatus =
  | { status: "waiting" }
  | { status: "confirmed"; redirectTo: string }
  | { status: "expired" };

/**
 * The development provider (never in production): instead of WeChat's QR page the browser shows
 * our own labelled page (dev-wx.routes.ts) whose QR code opens a confirmation page on a phone or
 * in a second window. There a person picks a test identity; its openId is derived from the
 * nickname, so the same nickname is the same person on every scan.
 */
export class DevMessagingLoginProvider implements MessagingLoginProvider {
  readonly key = "dev";
  readonly displayName = "微信（开发环境模拟）";

  constructor(
    private readonly authorizations: DevAuthorizationRepository,
    private readonly now: () => number,
  ) {}

  async authorizeUrl({ state, redirectUrl }: { state: string; redirectUrl: string }): Promise<string> {
    const now = this.now();
    await this.authorizations.insert({ state, redirectUrl, createdAt: now, expiresAt: now + SCAN_STATE_TTL_MS });
    const url = new URL(DEV_WX_PATHS.qr, redirectUrl);
    url.searchParams.set("state", state);
    return url.toString();
  }

  async exchangeCode(code: string): Promise<MessagingIdentity> {
    const now = this.now();
    const row = await this.authorizations.consumeCode(code, now - CODE_TTL_MS, now);
    if (!row?.open_id) throw new CodeRejectedError("开发环境授权码无效、已使用或已过期");
    return { openId: row.open_id };
  }

  /** The confirmation page's "确认登录": false when this QR code can no longer be confirmed. */
  async confirm(state: string, nickname: string): Promise<boolean> {
    const code = randomBytes(24).toString("base64url");
    return this.authorizations.confirm(state, { openId: devOpenId(nickname), nickname, code }, this.now());
  }

  async deleteExpired(): Promise<void> {
    await this.authorizations.deleteExpired(this.now() - CODE_TTL_MS);
  }

  /** What the QR page polls for; where to send the browser once the phone confirmed. */
  async status(state: string): Promise<DevScanStatus> {
    const row = await this.authorizations.findByState(state);
    if (!row) return { status: "expired" };
    if (row.code && !row.code_used_at) {
      const target = new URL(row.redirect_url);
      target.searchParams.set("code", row.code);
      target.searchParams.set("state", state);
      return { status: "confirmed", redirectTo: target.toString() };
    }
    return row.expires_at < this.now() || row.code_used_at ? { status: "expired" } : { status: "waiting" };
  }
}

/** A stable, app-style id for a test identity: the same nickname always gives the same person. */
export function devOpenId(nickname: string): string {
  return `dev_${createHash("sha256").update(`dev-wx:${nickname}`, "utf8").digest("base64url").slice(0, 28)}`;
}
