/**
 * A messaging app that logs people in by scanning a QR code (spec §2 mode 2), in the shape of
 * OAuth 2.0's authorization-code flow: the browser shows the provider's QR page for our `state`;
 * once the person confirms on the phone, the provider sends the browser to our `redirectUrl` with
 * `code` and `state`; the server exchanges the code for the person's stable id with that app.
 */
export interface MessagingLoginProvider {
  /** Stored in users.oauth_user_id before the app's own id, so ids of different providers never meet. */
  readonly key: "dev" | "wechat";
  /** How the security centre names what an account is bound to. */
  readonly displayName: string;
  /** The page to show in the QR iframe for this state; `redirectUrl` is absolute and already checked. */
  authorizeUrl(request: { state: string; redirectUrl: string }): Promise<string>;
  /** The person behind a code; throws CodeRejectedError when the code is unknown, used or expired. */
  exchangeCode(code: string): Promise<MessagingIdentity>;
}

export type MessagingIdentity = { openId: string };

/** The provider refused the code: the person must scan again (code 106). */
export class CodeRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "CodeRejectedError";
  }
}
