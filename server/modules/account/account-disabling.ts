import { ACCOUNT_DISABLERS, type AccountDisabler } from "../../../src/schema/console/customers.js";
import type { UserRepository, UserRow } from "./user.repository.js";

/**
 * Who holds an account disabled, written once as data (DESIGN.md §8). An account is disabled while
 * anybody holds it so: its main account (a sub-account only) or the platform's operators. Each
 * party may place its own hold and lift only its own; the account is active again when none is left.
 * A cancelled account stays cancelled whatever anybody does.
 */
const DISABLERS = Object.keys(ACCOUNT_DISABLERS) as AccountDisabler[];

export type DisablingChange = { status: UserRow["status"]; disabled_by: string | null };

/** The holds on an account as stored (`users.disabled_by`, comma separated, in DISABLERS order). */
export function disablersOf(user: Pick<UserRow, "status" | "disabled_by">): AccountDisabler[] {
  if (user.status !== "disabled") return [];
  const held = (user.disabled_by ?? "").split(",").filter((name): name is AccountDisabler => DISABLERS.includes(name as AccountDisabler));
  // A disabled row without a record of who held it predates the platform's holds: its main account's.
  return held.length > 0 ? held : ["mainAccount"];
}

function columnsFor(disablers: readonly AccountDisabler[]): DisablingChange {
  const held = DISABLERS.filter((name) => disablers.includes(name));
  return held.length > 0 ? { status: "disabled", disabled_by: held.join(",") } : { status: "active", disabled_by: null };
}

/** The columns after `by` places its hold; null when it already holds one or the account is cancelled. */
export function afterDisabling(user: Pick<UserRow, "status" | "disabled_by">, by: AccountDisabler): DisablingChange | null {
  const held = disablersOf(user);
  if (user.status === "cancelled" || held.includes(by)) return null;
  return columnsFor([...held, by]);
}

/** The columns after `by` lifts its hold; null when it holds none. */
export function afterEnabling(user: Pick<UserRow, "status" | "disabled_by">, by: AccountDisabler): DisablingChange | null {
  const held = disablersOf(user);
  if (!held.includes(by)) return null;
  return columnsFor(held.filter((name) => name !== by));
}

export type HoldChange = {
  /** The account before the change. */
  before: UserRow;
  /** The columns after it; null when there was nothing to change (see afterDisabling, afterEnabling). */
  after: DisablingChange | null;
};

/**
 * Places (`disable`) or lifts (`enable`) `by`'s hold, as one compare-and-set on the columns read,
 * so a main account and an operator acting at once never overwrite each other's hold. Answers
 * undefined for an unknown account.
 */
export async function changeHold(users: UserRepository, userId: number, by: AccountDisabler, action: "disable" | "enable", now: number): Promise<HoldChange | undefined> {
  for (;;) {
    const before = await users.findById(userId);
    if (!before) return undefined;
    const after = action === "disable" ? afterDisabling(before, by) : afterEnabling(before, by);
    if (!after || (await users.updateIfUnchanged(userId, before, { ...after, updated_at: now }))) return { before, after };
  }
}
