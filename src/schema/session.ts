/** Session limits of spec §9; enforced by the server and mirrored by the client (spec §4). */
export const USER_SESSION_IDLE_MS = 1_800_000;
export const NOTARY_SESSION_IDLE_MS = 28_800_000;

export type SessionKind = "user" | "notary";

export const SESSION_IDLE_MS: Record<SessionKind, number> = {
  user: USER_SESSION_IDLE_MS,
  notary: NOTARY_SESSION_IDLE_MS,
};
