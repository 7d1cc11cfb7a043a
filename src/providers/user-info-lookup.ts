import { ACCOUNT_ENDPOINTS } from "../schema/account";
import { ResultCode } from "../schema/envelope";
import { callEndpoint, type HttpClient } from "./http-client";
import type { SessionStore } from "./session-store";

export interface UserInfoLookupDeps {
  http: HttpClient;
  sessionStore: SessionStore;
  now: () => number;
}

/**
 * Entry with `?u=<user id>&t=<token>` (spec §2, §7): another product hands a signed-in user over.
 * The token from the link is sent explicitly and, when the server confirms it, stored together
 * with `datas.userInfo` as the user session. Resolves to whether a session was stored.
 */
export async function lookupUserInfo(deps: UserInfoLookupDeps, userId: string, token: string): Promise<boolean> {
  const envelope = await callEndpoint(deps.http, ACCOUNT_ENDPOINTS.getUserInfo, { userId }, { token });
  const userInfo = envelope.datas?.userInfo;
  if (envelope.code !== ResultCode.success || !userInfo) return false;
  return deps.sessionStore.setUser({ ...userInfo, token, timestamp: deps.now() }) !== null;
}
