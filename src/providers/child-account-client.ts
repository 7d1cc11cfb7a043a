import { CHILD_ACCOUNT_ENDPOINTS, type ChildAccount } from "../schema/child-account";
import type { Envelope } from "../schema/envelope";
import { callEndpoint, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * Child-account changes (spec §2 childAccountManagement). The list goes through refine's data
 * provider (CHILD_ACCOUNT_RESOURCE in the pages); these are the calls around it.
 */
export interface ChildAccountClient {
  get(id: number): Promise<Envelope<ChildAccount | null>>;
  /** The initial password leaves the browser MD5-hashed and encrypted like a login. */
  create(input: { account: string; name: string; password: string }): Promise<Envelope<ChildAccount | null>>;
  rename(id: number, name: string): Promise<Envelope<ChildAccount | null>>;
  disable(id: number): Promise<Envelope<ChildAccount | null>>;
  enable(id: number): Promise<Envelope<ChildAccount | null>>;
}

export function createChildAccountClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): ChildAccountClient {
  return {
    get: (id) => callEndpoint(http, CHILD_ACCOUNT_ENDPOINTS.detail, { id }),
    create: ({ account, name, password }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, CHILD_ACCOUNT_ENDPOINTS.create, { account: account.trim(), name: name.trim(), encryptPassword: await crypto.encryptPassword(password) }),
      ),
    rename: (id, name) => callEndpoint(http, CHILD_ACCOUNT_ENDPOINTS.update, { id, name: name.trim() }),
    disable: (id) => callEndpoint(http, CHILD_ACCOUNT_ENDPOINTS.disable, { id }),
    enable: (id) => callEndpoint(http, CHILD_ACCOUNT_ENDPOINTS.enable, { id }),
  };
}
