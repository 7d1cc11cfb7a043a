import { NOTARY_ENDPOINTS } from "../schema/notary";
import { NOTARY_CONSOLE_ENDPOINTS, type NotaryRole } from "../schema/notary-console";
import { callEndpoint, type EndpointEnvelope, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The notary office calls as the browser makes them (schema/notary.ts): the login encrypts like a
 * user's (MD5, then RSA-OAEP) and carries no session; the others carry the notary token, a new
 * staff member's initial password encrypted the same way.
 */
export interface NotaryLoginInput {
  account: string;
  password: string;
  captcha: string;
}

/** A new staff member as the office's administrator types it; the initial password is encrypted like a login's. */
export interface NewStaffInput {
  account: string;
  name: string;
  role: NotaryRole;
  password: string;
}

export interface NotaryClient {
  login(input: NotaryLoginInput): Promise<EndpointEnvelope<typeof NOTARY_ENDPOINTS.login>>;
  logout(): Promise<EndpointEnvelope<typeof NOTARY_ENDPOINTS.logout>>;
  getNotaryInfo(): Promise<EndpointEnvelope<typeof NOTARY_ENDPOINTS.getNotaryInfo>>;
  addStaff(input: NewStaffInput): Promise<EndpointEnvelope<typeof NOTARY_CONSOLE_ENDPOINTS.addStaff>>;
}

export function createNotaryClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): NotaryClient {
  return {
    login: ({ account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, NOTARY_ENDPOINTS.login, {
          encryptAccount: await crypto.encryptText(account.trim()),
          encryptPassword: await crypto.encryptPassword(password),
          vcode: captcha.trim(),
        }),
      ),
    logout: () => callEndpoint(http, NOTARY_ENDPOINTS.logout, {}),
    getNotaryInfo: () => callEndpoint(http, NOTARY_ENDPOINTS.getNotaryInfo, {}),
    addStaff: ({ account, name, role, password }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, NOTARY_CONSOLE_ENDPOINTS.addStaff, { account: account.trim(), name: name.trim(), role, encryptPassword: await crypto.encryptPassword(password) }),
      ),
  };
}
