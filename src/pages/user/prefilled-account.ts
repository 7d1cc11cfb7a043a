/**
 * An account handed from one account screen to the next (login → reset password) in the
 * router's history state rather than the URL, so it stays out of addresses, logs and referrers.
 */
export function prefilledAccountState(account: string): { account: string } {
  return { account };
}

export function readPrefilledAccount(state: unknown): string {
  if (typeof state !== "object" || state === null || !("account" in state)) return "";
  return typeof state.account === "string" ? state.account : "";
}
