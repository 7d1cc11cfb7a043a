import type { MessageModalOptions } from "./message-modal-store";
import { AccountCode } from "../schema/account";
import { ResultCode, SESSION_INVALID_CODES } from "../schema/envelope";
import { NotaryLoginResultSchema, type NotaryUser } from "../schema/notary";
import { INCOMPLETE_ANSWER_MESSAGE } from "./login-outcome";
import type { NotaryClient, NotaryLoginInput } from "./notary-client";
import type { SessionStore } from "./session-store";

/**
 * Signing notary office staff in and out (spec §2 /info/notaryOfficeLogin, §4): what the login
 * page and the console header do with the answers, kept out of the components so it is tested
 * without React.
 */
export type NotaryLoginStep =
  | { kind: "loggedIn"; notaryUser: NotaryUser }
  /** 1002: the message under the captcha. */
  | { kind: "captchaInvalid"; message: string }
  /** Anything else: the message as the form's total tip. */
  | { kind: "failed"; message: string };

export interface NotaryAuth {
  /** On success the session is stored with the login timestamp (spec §3 "Notary user"). */
  login(input: NotaryLoginInput): Promise<NotaryLoginStep>;
  /**
   * Ends the session on the server and in the browser. A session the server already considers
   * ended counts as success; any other failure shows the server's message in a modal that stays
   * open (spec §4/§8, as for users) and keeps the session.
   */
  logout(): Promise<boolean>;
}

export interface NotaryAuthOptions {
  client: NotaryClient;
  sessionStore: SessionStore;
  now: () => number;
  showMessage: (options: MessageModalOptions) => void;
}

export function createNotaryAuth({ client, sessionStore, now, showMessage }: NotaryAuthOptions): NotaryAuth {
  return {
    async login(input) {
      const envelope = await client.login(input);
      if (envelope.code === AccountCode.captchaInvalid) return { kind: "captchaInvalid", message: envelope.message };
      if (envelope.code !== ResultCode.success) return { kind: "failed", message: envelope.message };
      const parsed = NotaryLoginResultSchema.safeParse(envelope.datas);
      if (!parsed.success) return { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
      const { notaryUser, token } = parsed.data;
      sessionStore.setNotary({ ...notaryUser, token, timestamp: now() });
      return { kind: "loggedIn", notaryUser };
    },

    async logout() {
      if (!sessionStore.getNotary()) return true;
      const envelope = await client.logout();
      if (envelope.code === ResultCode.success || SESSION_INVALID_CODES.includes(envelope.code)) {
        sessionStore.clearNotary();
        return true;
      }
      showMessage({ content: envelope.message });
      return false;
    },
  };
}
