import type { AuthActionResponse, AuthProvider } from "@refinedev/core";
import { resolvePostLoginPath } from "../app/navigation-guard";
import { APP_PATHS } from "../app/path-rules";
import type { MessageModalOptions } from "../components/message-modal-store";
import { ACCOUNT_ENDPOINTS, type LoginResult } from "../schema/account";
import { ResultCode, SESSION_INVALID_CODES } from "../schema/envelope";
import type { AccountClient } from "./account-client";
import { callEndpoint, type BrowserLocation, type HttpClient } from "./http-client";
import { decideLoginOutcome, type LoginStep } from "./login-outcome";
import { loginModeOf, sendLoginRequest, type LoginRequest } from "./login-request";
import { isUserSessionActive } from "./session-rules";
import type { SessionStore } from "./session-store";

export interface AuthProviderOptions {
  http: HttpClient;
  sessionStore: SessionStore;
  now: () => number;
  /** Opens the application's message modal (spec §2). */
  showMessage: (options: MessageModalOptions) => void;
  accounts: AccountClient;
  /** Where the browser is: the `redirect` query counts after a login (spec §2). */
  getLocation: () => BrowserLocation;
}

/**
 * What authProvider.login answers: refine's shape plus the step the screen takes next. There is
 * no `redirectTo` on purpose: the login screens navigate themselves, because spec §4 sends the
 * user on only when `islogin` is true and 3012 leads to the second step instead.
 */
export type LoginResponse = AuthActionResponse & {
  step: LoginStep;
  /** After a login with `islogin`: the remembered path, else the `redirect` query, else "/". */
  nextPath?: string;
};

export function isLoginResponse(response: AuthActionResponse): response is LoginResponse {
  const step = response.step;
  return typeof step === "object" && step !== null && "kind" in step;
}

export function createAuthProvider(options: AuthProviderOptions): AuthProvider {
  const { http, sessionStore, now, showMessage, accounts } = options;

  return {
    // Every way into an account (password, code, "next time" after 3011, second step, registration)
    // ends in the same decision, and only a login stores the session.
    async login(request: LoginRequest): Promise<LoginResponse> {
      const step = decideLoginOutcome(await sendLoginRequest(accounts, request), loginModeOf(request));
      if (step.kind !== "loggedIn") return { success: false, step };
      storeLoginResult(sessionStore, step.result, now());
      return step.shouldRedirect ? { success: true, step, nextPath: takePostLoginPath(sessionStore, options.getLocation().search) } : { success: true, step };
    },

    async logout() {
      const user = sessionStore.getUser();
      if (!user) return { success: true, redirectTo: APP_PATHS.home };
      // A stored user without an id cannot be the server's; it refuses "" like any other mismatch.
      const envelope = await callEndpoint(http, ACCOUNT_ENDPOINTS.logout, { id: user.id ?? "" });
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

/** The remembered path is used once (spec §2), so it is cleared as it is taken; scan login goes on the same way. */
export function takePostLoginPath(sessionStore: SessionStore, search: string): string {
  const path = resolvePostLoginPath(sessionStore.getRememberedPath(), search);
  sessionStore.clearRememberedPath();
  return path;
}

/** The session of spec §3: the user, the token and the time; the session store drops anything else. */
export function storeLoginResult(sessionStore: SessionStore, result: LoginResult, now: number) {
  return sessionStore.setUser({ ...result.loginUser, token: result.token, timestamp: now });
}
