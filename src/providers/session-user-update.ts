import type { SessionStore, UserSession } from "./session-store";

/**
 * Puts fresh user fields from the server (getUserInfo, a binding, a new avatar) into the stored
 * session, keeping its token and timestamp; a new token (after a password change) replaces the old.
 */
export function mergeUserInfo(store: SessionStore, fields: Record<string, unknown>, token?: string): UserSession | null {
  const current = store.getUser();
  if (!current) return null;
  return store.setUser({ ...current, ...fields, token: token ?? current.token, timestamp: current.timestamp });
}
