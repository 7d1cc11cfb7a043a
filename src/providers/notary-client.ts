import type { Envelope } from "../schema/envelope";
import { NOTARY_ENDPOINTS, type NotaryInfo, type NotaryLoginResult } from "../schema/notary";
import type { HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The notary office calls as the browser makes them (schema/notary.ts): the login encrypts like a
 * user's (MD5, then RSA-OAEP) and carries no session; the others carry the notary token.
 */
export interface NotaryLoginInput {
  account: string;
  password: string;
  captcha: string;
}

export interface NotaryClient {
  login(input: NotaryLoginInput): Promise<Envelope<NotaryLoginResult | null>>;
  logout(): Promise<Envelope<null>>;
  getNotaryInfo(): Promise<Envelope<NotaryInfo | null>>;
}

const NOTARY_SESSION = { session: "notary" } as const;

export function createNotaryClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): NotaryClient {
  return {
    login: ({ account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        http.post(
          NOTARY_ENDPOINTS.login,
          {
            encryptAccount: await crypto.encryptText(account.trim()),
            encryptPassword: await crypto.encryptPassword(password),
            vcode: captcha.trim(),
          },
          { tokenless: true },
        ),
      ),
    logout: () => http.post(NOTARY_ENDPOINTS.logout, {}, NOTARY_SESSION),
    getNotaryInfo: () => http.get(NOTARY_ENDPOINTS.getNotaryInfo, {}, NOTARY_SESSION),
  };
}
