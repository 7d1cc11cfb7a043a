import type { AuthProvider } from "@refinedev/core";
import { APP_PATHS } from "../app/path-rules";
import type { MessageModalOptions } from "../components/message-modal-store";
import { ResultCode, SESSION_INVALID_CODES } from "../schema/envelope";
import type { HttpClient } from "./http-client";
import { isUserSessionActive } from "./session-rules";
import type { SessionStore } from "./session-store";

export interface AuthProviderOptions {
  http: HttpClient;
  sessionStore: SessionStore;
  now: () => number;
  /** Opens the application's message modal (spec §2). */
  showMessage: (options: MessageModalOptions) => void;
}

export const LOGOUT_PATH = "/user/v2/logout";

export function createAuthProvider({ http, sessionStore, now, showMessage }: AuthProviderOptions): AuthProvider {
  return {
    // Belongs to the accounts issue: the password, code and scan logins (spec §2 home page, §7
    // loginV2 and friends) replace this placeholder. Until then nobody can sign in from the UI.
    login: async () => ({
      success: false,
      error: { name: "登录", message: "登录功能将在账号模块上线后提供" },
    }),

    async logout() {
      const user = sessionStore.getUser();
      if (!user) return { success: true, redirectTo: APP_PATHS.home };
      const envelope = await http.post<null>(LOGOUT_PATH, { id: user.id });
      // A session the server already considers ended is as good as a successful logout.
      if (envelope.code === ResultCode.success || SESSION_INVALID_CODES.includes(envelope.code)) {
        sessionStore.clearUser();
        return { success: true, redirectTo: APP_PATHS.home };
      }
      // Spec §4/§8: the server's message in a modal that stays until the user closes it. No
      // `error` is returned, so a notification provider added later cannot show it a second time.
      showMessage({ content: envelope.message });
      return { success: false };
    },

    async check() {
      return isUserSessionActive(sessionStore.getUser(), now())
        ? { authenticated: true }
        : { authenticated: false, redirectTo: APP_PATHS.home };
    },

    // Session codes are handled by the HTTP client, which knows the current page (spec §4 reacts
    // differently on /index, public pages and elsewhere); refine's generic reaction would not.
    onError: async () => ({}),

    getIdentity: async () => sessionStore.getUser(),

    getPermissions: async () => ({ accountType: sessionStore.getUser()?.accountType ?? null }),
  };
}
