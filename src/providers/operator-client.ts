import { OPERATOR_AUTH_ENDPOINTS, type NewOperator } from "../schema/console/operator-auth";
import { OPERATOR_ENDPOINTS } from "../schema/console/operators";
import { callEndpoint, type EndpointEnvelope, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The console's sign-in calls as the browser makes them (schema/console/operator-auth.ts): the
 * password step encrypts like the notary login (MD5, then RSA-OAEP) and carries no session; the
 * second-factor calls carry the pending token, the others the operator's (the HTTP client picks
 * the token from each endpoint's `session`).
 */
export interface OperatorLoginInput {
  account: string;
  password: string;
  captcha: string;
}

type Answer<Name extends keyof typeof OPERATOR_AUTH_ENDPOINTS> = Promise<EndpointEnvelope<(typeof OPERATOR_AUTH_ENDPOINTS)[Name]>>;

export interface OperatorClient {
  login(input: OperatorLoginInput): Answer<"login">;
  totpEnrolment(): Answer<"totpEnrolment">;
  confirmTotp(code: string): Answer<"confirmTotp">;
  verifySecondFactor(code: string): Answer<"verifySecondFactor">;
  me(): Answer<"me">;
  logout(): Answer<"logout">;
  /** The operators page's create call: the initial password leaves the browser as a login's does (MD5, then RSA-OAEP). */
  createOperator(input: NewOperator): Promise<EndpointEnvelope<typeof OPERATOR_ENDPOINTS.create>>;
}

export function createOperatorClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): OperatorClient {
  return {
    login: ({ account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.login, {
          encryptAccount: await crypto.encryptText(account.trim()),
          encryptPassword: await crypto.encryptPassword(password),
          vcode: captcha.trim(),
        }),
      ),
    totpEnrolment: () => callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.totpEnrolment, {}),
    confirmTotp: (code) => callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.confirmTotp, { code }),
    verifySecondFactor: (code) => callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.verifySecondFactor, { code }),
    me: () => callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.me, {}),
    logout: () => callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.logout, {}),
    createOperator: ({ account, name, roles, password }) =>
      crypto.sendEncrypted(async () => callEndpoint(http, OPERATOR_ENDPOINTS.create, { account, name, roles, encryptPassword: await crypto.encryptPassword(password) })),
  };
}
