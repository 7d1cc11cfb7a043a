import { LOGIN_MODE } from "../schema/credentials";
import type { LoginResult } from "../schema/account";
import type { Envelope } from "../schema/envelope";
import type { AccountClient } from "./account-client";
import type { LoginMode } from "./login-outcome";

/** Every way into an account, as the variables of refine's `useLogin` (authProvider.login). */
export type LoginRequest =
  | { method: "password"; account: string; password: string; captcha: string }
  /** `captcha` once the server has asked for the image captcha (1002). */
  | { method: "code"; account: string; code: string; captcha?: string }
  /** "下次再说" after code 3011. */
  | { method: "delayPasswordUpdate"; account: string; password: string }
  /** The second step after code 3012. */
  | { method: "secondStep"; challengeId: string; vCode: string }
  /** Registration logs the new account in at once. */
  | { method: "register"; account: string; code: string; password: string };

export function sendLoginRequest(accounts: AccountClient, request: LoginRequest): Promise<Envelope<LoginResult>> {
  switch (request.method) {
    case "password":
      return accounts.loginWithPassword(request);
    case "code":
      return accounts.loginWithCode(request);
    case "delayPasswordUpdate":
      return accounts.delayPasswordUpdate(request);
    case "secondStep":
      return accounts.verifySecondStep(request);
    case "register":
      return accounts.register(request);
  }
}

/** Only the password login has a captcha and a self-hiding tip. */
export function loginModeOf(request: LoginRequest): LoginMode {
  return request.method === "password" ? LOGIN_MODE.password : LOGIN_MODE.code;
}
