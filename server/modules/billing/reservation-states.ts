import { defineStateMachine } from "../../../src/schema/state-machine.js";

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

export const RESERVATION_LIFECYCLE = defineStateMachine("reservation", RESERVATION_TRANSITIONS);

/** A transition the reservation's state does not allow: a second settle, a settle after a release. */
export const ReservationStateError = RESERVATION_LIFECYCLE.Error;
export type ReservationStateError = InstanceType<typeof ReservationStateError>;

/** A settle that came after the reservation's expiry: housekeeping hands that money back instead. */
export class ReservationExpiredError extends Error {
  constructor(readonly reservationId: number, expiresAt: number) {
    super(`reservation ${reservationId} expired at ${new Date(expiresAt).toISOString()} and can no longer be settled`);
    this.name = "ReservationExpiredError";
  }
}

/** The transition `action` takes from `state` (its journal kind included); throws ReservationStateError when there is none. */
export const reservationTransition = RESERVATION_LIFECYCLE.edge;
