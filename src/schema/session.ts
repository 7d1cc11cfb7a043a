/** Session limits of spec §9; enforced by the server and mirrored by the client (spec §4). */
export const USER_SESSION_IDLE_MS = 1_800_000;
export const NOTARY_SESSION_IDLE_MS = 28_800_000;

/** Operators (the console, DESIGN.md §5): 15 minutes idle, 8 hours at most however busy. */
export const OPERATOR_SESSION_IDLE_MS = 900_000;
export const OPERATOR_SESSION_ABSOLUTE_MS = 28_800_000;
/** Between an operator's password and second factor: long enough to scan a QR code, no longer. */
export const OPERATOR_PENDING_SESSION_MS = 300_000;

export type SessionKind = "user" | "notary" | "operator" | "operatorPending";

export const SESSION_IDLE_MS: Record<SessionKind, number> = {
  user: USER_SESSION_IDLE_MS,
  notary: NOTARY_SESSION_IDLE_MS,
  operator: OPERATOR_SESSION_IDLE_MS,
  operatorPending: OPERATOR_PENDING_SESSION_MS,
};

/** Kinds whose sessions end this long after they began, used or not. */
export const SESSION_ABSOLUTE_MS: Partial<Record<SessionKind, number>> = {
  operator: OPERATOR_SESSION_ABSOLUTE_MS,
  operatorPending: OPERATOR_PENDING_SESSION_MS,
};
