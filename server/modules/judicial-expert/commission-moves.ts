import type { Kysely, Transaction, Updateable } from "kysely";
import { APPRAISAL_SERVICE, AppraisalCode, COMMISSION_LIFECYCLE, CommissionStateError, type CommissionAction, type CommissionActor, type CommissionState } from "../../../src/schema/judicial-expert.js";
import type { AppraisalCommissionsTable, Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { Billing } from "../billing/billing.js";
import type { AppraisalRepository, CommissionRecordRow } from "./appraisal.repository.js";

/** Who takes an edge: their side, account and the name the timeline shows. */
export type CommissionMover = { actor: CommissionActor; userId: number; name: string };

/** An edge as asked: the action, the columns it sets besides the state, the timeline's note. */
export type CommissionMove = { action: CommissionAction; changes?: Updateable<AppraisalCommissionsTable>; note?: string | null };

export type CommissionMovesDependencies = {
  db: Kysely<Database>;
  repository: AppraisalRepository;
  money: Pick<Billing, "reserve" | "settle" | "release">;
  now: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a paid fee may stay held before housekeeping hands it back: longer than any appraisal
 * the expected days allow (365), so a commission in progress is settled or released by its own end.
 */
export const FEE_HOLD_DAYS = 400;

/** The machine's refusal as the caller sees it (3900 with the Chinese message naming state and action). */
export function stateRefusal(error: unknown): never {
  if (error instanceof CommissionStateError) throw new BusinessError(AppraisalCode.stateRefused, error.message);
  throw error;
}

/**
 * Moves commissions along COMMISSION_LIFECYCLE, nowhere else: each move is one transaction that
 * writes the new state only if the row is still in the state it was read in (so a double click,
 * or the applicant and an expert at once, cannot apply an edge twice), the timeline's event, and
 * the edge's fee effect through billing (reserve on payment, settle on completion, release on a
 * decline of a paid commission), so the money moves exactly when the state does.
 */
export class CommissionMoves {
  constructor(private readonly deps: CommissionMovesDependencies) {}

  /** Applies `move` to the commission as read; answers the row as it now stands. */
  apply(commission: CommissionRecordRow, mover: CommissionMover, move: CommissionMove): Promise<CommissionRecordRow> {
    return durableTransaction(this.deps.db, (trx) => this.applyWithin(trx, commission, mover, move)).catch(stateRefusal);
  }

  /** The same inside a caller's transaction (the opinion's completion writes its own columns with it). */
  async applyWithin(trx: Transaction<Database>, commission: CommissionRecordRow, mover: CommissionMover, move: CommissionMove): Promise<CommissionRecordRow> {
    const from = commission.state as CommissionState;
    const edge = COMMISSION_LIFECYCLE.edge(from, move.action);
    if (edge.by !== mover.actor) throw new CommissionStateError(from, move.action);
    const now = this.deps.now();
    const changes: Updateable<AppraisalCommissionsTable> = { ...move.changes, state: edge.to, updated_at: now };
    if (!(await this.deps.repository.updateCommissionIn(trx, commission.id, from, changes))) throw new CommissionStateError(from, move.action);
    const fee = "fee" in edge ? edge.fee : undefined;
    if (fee === "reserve") {
      const reservationId = await this.deps.money.reserve(
        commission.user_id,
        Number(commission.fee_fen),
        { service: APPRAISAL_SERVICE, reference: commission.commission_no, expiresAt: now + FEE_HOLD_DAYS * DAY_MS },
        trx,
      );
      await this.deps.repository.updateCommissionIn(trx, commission.id, edge.to, { reservation_id: reservationId });
    } else if (fee === "settle" && commission.reservation_id !== null) {
      await this.deps.money.settle(commission.reservation_id, trx);
    } else if (fee === "release" && commission.reservation_id !== null) {
      await this.deps.money.release(commission.reservation_id, trx);
    }
    await this.deps.repository.insertEvent(trx, {
      commission_id: commission.id,
      action: move.action,
      from_state: from,
      to_state: edge.to,
      actor: mover.actor,
      actor_user_id: mover.userId,
      actor_name: mover.name,
      note: move.note ?? null,
      created_at: now,
    });
    return (await this.deps.repository.findCommission(commission.id, trx))!;
  }
}
