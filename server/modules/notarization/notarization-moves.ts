import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction, Updateable } from "kysely";
import type { BundleEvidence } from "../../../src/schema/bundle.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BundleStateError } from "../../../src/schema/bundle-lifecycle.js";
import { buildNotarizationEntry, type NotarizationEntry } from "../../../src/schema/notarization-entry.js";
import {
  NOTARIZATION_ACTION_LABELS,
  NOTARIZATION_LIFECYCLE,
  NOTARIZATION_MESSAGES,
  NOTARIZATION_STATE_LABELS,
  NOTARIZATION_TRANSITIONS,
  NotarizationCode,
  NotarizationStateError,
  type NotarizationAction,
  type NotarizationActor,
  type NotarizationState,
} from "../../../src/schema/notarization.js";
import type { Database, NotarizationApplicationsTable } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import type { PendingLedgerEntries } from "../ledger/pending-entries.js";
import type { Notifier } from "../notifier/notifier.js";
import { notifyAccount } from "../notifier/notify-account.js";
import { BundleNotFoundError, type Bundles } from "../purchase/bundles.js";
import type { ApplicationRow, EventRow, NotarizationRepository } from "./notarization.repository.js";

/** Who takes an action: the applicant (their account id) or a notary (their staff id), with the name the timeline shows. */
export type Actor = { kind: NotarizationActor; id: number; name: string };

export type MoveRequest = {
  action: NotarizationAction;
  actor: Actor;
  /** The reason, material request or supplement note; its SHA-256 goes on the ledger, the text stays here. */
  note?: string | null;
  /** What the ledger entry adds for this action: submit's evidence, supplement's materials, issue's certificate. */
  entry?: Pick<NotarizationEntry, "evidence" | "materials" | "certificate">;
  /** Columns written with the state (submission time, the applicant's identity, the fee held). */
  changes?: Updateable<NotarizationApplicationsTable>;
  /** The evidence as the bundle use rule sees it, for a submission that freezes a bundle. */
  bundleEvidence?: readonly BundleEvidence[];
  /** Writes of the same transaction once the state has moved (frozen evidence, materials, the certificate). */
  alongside?: (trx: Transaction<Database>, application: ApplicationRow, event: EventRow) => Promise<void>;
};

export type NotarizationMovesDependencies = {
  db: Kysely<Database>;
  repository: NotarizationRepository;
  bundles: Pick<Bundles, "freeze" | "unfreeze" | "consumeWithin">;
  billing: Pick<Billing, "reserve" | "release" | "settle">;
  entries: PendingLedgerEntries;
  users: Pick<AccountRecords, "findUser">;
  notifier: Notifier;
  now: () => number;
  log: FastifyBaseLogger;
};

/** Billing's name for the notarisation fee's reservations (reference: the application's uid). */
export const NOTARISATION_SERVICE = "notarisation";
/** A fee stays held while the office works on the application; housekeeping hands it back after this. */
const FEE_HOLD_MS = 365 * 24 * 60 * 60 * 1000;

/** What a bundle frozen for an application is held under (customer_bundles.application_reference). */
export const bundleReference = (application: Pick<ApplicationRow, "uid">) => `notarization:${application.uid}`;

/** The machine's refusal of `action` from `state`, as the caller sees it (3603). */
export function stateRefusal(state: NotarizationState, action: NotarizationAction): BusinessError {
  return new BusinessError(NotarizationCode.stateRefused, new NotarizationStateError(state, action).message);
}

/**
 * Every change of an application's state goes through here (NOTARIZATION_LIFECYCLE only). One
 * durable transaction reads the application, takes the machine's edge, writes the new state only
 * if the row is still in the state read (so a double click, or two notaries at once, cannot apply
 * an edge twice), applies the edge's payment effect (bundle freeze/unfreeze/consume, fee
 * reserve/release/settle), and writes the event row with the exact text of its ledger entry.
 * After the commit the entry is appended (recovered at the next start if that fails), a consumed
 * bundle's notice is sent, and the applicant is told.
 */
export class NotarizationMoves {
  constructor(private readonly deps: NotarizationMovesDependencies) {}

  async move(applicationId: number, request: MoveRequest): Promise<{ application: ApplicationRow; event: EventRow }> {
    const { db, repository, entries } = this.deps;
    const ledgerSize = await entries.ledgerSize();
    const { application, event, afterCommit } = await durableTransaction(db, async (trx) => {
      const row = await repository.findApplication(applicationId, trx);
      if (!row) throw new BusinessError(ResultCode.notFound, NOTARIZATION_MESSAGES.notFound);
      const from = row.state as NotarizationState;
      const edge = this.edgeOf(from, request.action);
      const now = this.deps.now();
      const changes = { ...request.changes, state: edge.to, updated_at: now };
      if (!(await repository.moveState(trx, row.id, from, changes))) {
        // Another request moved it between the read and this write: refused as from where it is now.
        const current = await repository.findApplication(applicationId, trx);
        throw stateRefusal(current!.state as NotarizationState, request.action);
      }
      const moved: ApplicationRow = { ...row, ...(changes as Partial<ApplicationRow>) };
      const afterCommit = await this.pay(trx, moved, from, request);
      const seq = (await repository.lastSeq(trx, row.id)) + 1;
      const note = request.note ?? null;
      const { text } = buildNotarizationEntry({
        application: row.uid,
        seq,
        action: request.action,
        to: edge.to,
        actor: request.actor.kind,
        office: row.office_id,
        ...request.entry,
        ...(note ? { noteSha256: createHash("sha256").update(note, "utf8").digest("hex") } : {}),
        time: now,
      });
      const event = await repository.insertEvent(trx, {
        application_id: row.id,
        seq,
        action: request.action,
        from_state: from,
        to_state: edge.to,
        actor: request.actor.kind,
        actor_id: request.actor.id,
        actor_name: request.actor.name,
        note,
        entry: text,
        ledger_size_hint: ledgerSize,
        ledger_index: null,
        created_at: now,
      });
      await request.alongside?.(trx, moved, event);
      return { application: moved, event, afterCommit };
    });
    void entries.log({ key: String(event.id), text: event.entry, sizeHint: ledgerSize });
    await afterCommit?.();
    await this.tellApplicant(application, event);
    return { application, event };
  }

  private edgeOf(from: NotarizationState, action: NotarizationAction) {
    try {
      return NOTARIZATION_LIFECYCLE.edge(from, action);
    } catch (error) {
      if (error instanceof NotarizationStateError) throw new BusinessError(NotarizationCode.stateRefused, error.message);
      throw error;
    }
  }

  /** The edge's payment effect in the move's transaction; answers what must wait for the commit (a consumption notice). */
  private async pay(trx: Transaction<Database>, application: ApplicationRow, from: NotarizationState, request: MoveRequest): Promise<(() => Promise<void>) | null> {
    const edge = NOTARIZATION_TRANSITIONS[request.action];
    // A draft holds nothing yet: withdrawing it releases nothing.
    if (from === "draft" && request.action !== "submit") return null;
    if (application.payment === "bundle" && "bundle" in edge) return this.moveBundle(trx, application, edge.bundle, request.bundleEvidence ?? []);
    if (application.payment === "fee" && "fee" in edge) await this.moveFee(trx, application, edge.fee);
    return null;
  }

  private async moveBundle(trx: Transaction<Database>, application: ApplicationRow, effect: "freeze" | "unfreeze" | "consume", evidence: readonly BundleEvidence[]): Promise<(() => Promise<void>) | null> {
    const bundleId = application.bundle_id!;
    const reference = bundleReference(application);
    try {
      if (effect === "freeze") await this.deps.bundles.freeze(bundleId, application.user_id, reference, evidence, trx);
      else if (effect === "unfreeze") await this.deps.bundles.unfreeze(bundleId, reference, trx);
      else return await this.deps.bundles.consumeWithin(trx, bundleId, reference);
      return null;
    } catch (error) {
      // Not the caller's, already held, used or expired: one answer for all.
      if (error instanceof BundleNotFoundError || error instanceof BundleStateError) throw new BusinessError(NotarizationCode.bundleUnavailable, NOTARIZATION_MESSAGES.bundleUnavailable, { errors: { bundleId: NOTARIZATION_MESSAGES.bundleUnavailable } });
      throw error;
    }
  }

  private async moveFee(trx: Transaction<Database>, application: ApplicationRow, effect: "reserve" | "release" | "settle"): Promise<void> {
    const { billing } = this.deps;
    if (effect === "reserve") {
      const reservationId = await billing.reserve(application.user_id, Number(application.fee_fen), { service: NOTARISATION_SERVICE, reference: application.uid, expiresAt: this.deps.now() + FEE_HOLD_MS }, trx);
      await this.deps.repository.updateApplication(trx, application.id, { reservation_id: reservationId });
      application.reservation_id = reservationId;
    } else if (effect === "release") await billing.release(application.reservation_id!, trx);
    else await billing.settle(application.reservation_id!, trx);
  }

  /** By SMS to the account's mobile, else by e-mail; a notice that cannot be sent is logged, the change stands. */
  private async tellApplicant(application: ApplicationRow, event: EventRow): Promise<void> {
    const action = event.action as NotarizationAction;
    const state = NOTARIZATION_STATE_LABELS[event.to_state as NotarizationState];
    const detail = action === "reject" ? `驳回理由：${event.note}。` : action === "requestMaterial" ? `请补充：${event.note}。` : "";
    const text = `您的公证申请（${application.application_no}）已${NOTARIZATION_ACTION_LABELS[action]}，当前状态：${state}。${detail}`;
    await notifyAccount(this.deps.notifier, await this.deps.users.findUser(application.user_id), { subject: "公证申请进度通知", text }, (error) =>
      this.deps.log.warn({ applicationId: application.id, error: error instanceof Error ? error.message : String(error) }, "公证申请进度通知发送失败"),
    );
  }
}
