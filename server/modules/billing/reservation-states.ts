/**
 * A reservation's life, written once (DESIGN.md §8): money is held for a paid service, then
 * either charged (settled), handed back because the service did not happen (released), or handed
 * back by housekeeping because nobody came back for it (expired). Every end state is final.
 */
export const RESERVATION_STATES = ["reserved", "settled", "released", "expired"] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

export interface ReservationTransition {
  from: readonly ReservationState[];
  to: ReservationState;
  /** Who triggers it. */
  by: "service" | "housekeeping";
  /** The journal transaction kind it posts. */
  kind: "charge" | "release" | "expire";
}

export const RESERVATION_TRANSITIONS = {
  settle: { from: ["reserved"], to: "settled", by: "service", kind: "charge" },
  release: { from: ["reserved"], to: "released", by: "service", kind: "release" },
  expire: { from: ["reserved"], to: "expired", by: "housekeeping", kind: "expire" },
} as const satisfies Record<string, ReservationTransition>;
export type ReservationAction = keyof typeof RESERVATION_TRANSITIONS;

/** A transition the reservation's state does not allow: a second settle, a settle after a release. */
export class ReservationStateError extends Error {
  constructor(
    readonly state: ReservationState,
    readonly action: ReservationAction,
  ) {
    super(`reservation in state "${state}" cannot ${action}`);
    this.name = "ReservationStateError";
  }
}

/** A settle that came after the reservation's expiry: housekeeping hands that money back instead. */
export class ReservationExpiredError extends Error {
  constructor(readonly reservationId: number, expiresAt: number) {
    super(`reservation ${reservationId} expired at ${new Date(expiresAt).toISOString()} and can no longer be settled`);
    this.name = "ReservationExpiredError";
  }
}

/** The state `action` leads to from `state`; throws ReservationStateError when the machine has no such edge. */
export function reservationTransition(state: ReservationState, action: ReservationAction): ReservationTransition {
  const transition: ReservationTransition = RESERVATION_TRANSITIONS[action];
  if (!transition.from.includes(state)) throw new ReservationStateError(state, action);
  return transition;
}
