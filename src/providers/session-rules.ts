import { ACCOUNT_TYPE_SUB_ACCOUNT, VERIFIED_STATUS } from "../schema/constants";
import { NOTARY_SESSION_IDLE_MS, OPERATOR_SESSION_ABSOLUTE_MS, OPERATOR_SESSION_IDLE_MS, USER_SESSION_IDLE_MS } from "../schema/session";
import type { NotarySession, StoredOperatorSession, UserSession } from "./session-store";

/**
 * The client's mirror of the session limits (spec §4). The server is the authority; these rules
 * only decide when the browser stops pretending to be signed in, so the guard, the auth provider
 * and access control must all agree, hence one place.
 */

/** A user session is alive while its last activity is under 30 minutes old. */
export function isUserSessionActive(user: UserSession | null, now: number): user is UserSession {
  return Boolean(user?.token) && typeof user?.timestamp === "number" && now - user.timestamp < USER_SESSION_IDLE_MS;
}

/** A notary session lasts 8 hours from its login timestamp (not refreshed by navigation). */
export function isNotarySessionActive(notary: NotarySession | null, now: number): notary is NotarySession {
  return typeof notary?.timestamp === "number" && now - notary.timestamp < NOTARY_SESSION_IDLE_MS;
}

/** An operator session lives 15 minutes past its last activity, and 8 hours past the sign-in at most. */
export function isOperatorSessionActive(operator: StoredOperatorSession | null, now: number): operator is StoredOperatorSession {
  return Boolean(operator?.token) && now - operator!.timestamp < OPERATOR_SESSION_IDLE_MS && now - operator!.loginTime < OPERATOR_SESSION_ABSOLUTE_MS;
}

export function isSubAccount(user: UserSession | null): boolean {
  return user?.accountType === ACCOUNT_TYPE_SUB_ACCOUNT;
}

/** Spec §6 istest: an account the operators marked for testing (the server sends true, older data 1). */
export function isTestAccount(user: UserSession | null): boolean {
  return user?.istest === true || user?.istest === 1;
}

/**
 * The name shown for a user (spec §6): the enterprise name once both the organisation and the
 * person are verified, else the real name, else the login account, else mobile, else mail.
 */
export function resolveDisplayName(user: UserSession | null): string {
  if (!user) return "";
  const isFullyVerified = user.enterpriseStatus === VERIFIED_STATUS && user.realNameStatus === VERIFIED_STATUS;
  const candidates = [isFullyVerified ? user.enterpriseName : null, user.userRealName, user.loginAccount, user.mobile, user.mail];
  return candidates.find((name): name is string => typeof name === "string" && name.trim() !== "") ?? "";
}

/**
 * Spec §4: the login panel hides once the stored user has a login account, mobile or mail, i.e.
 * once somebody is signed in on this browser; signing out clears the user and brings it back.
 */
export function hasSignedInAccount(user: UserSession | null): user is UserSession {
  return Boolean(user?.loginAccount || user?.mobile || user?.mail);
}
