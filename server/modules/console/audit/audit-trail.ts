import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { auditCommitment } from "../../../../src/schema/console/audit-commitment.js";
import { buildOperatorActionEntry } from "../../../../src/schema/console/operator-action-entry.js";
import { canonicalJson } from "../../../../src/schema/canonical-json.js";
import { applicationKey, IDENTITY_APPLICATION_TARGET, IDENTITY_DECISION_ACTIONS, type ApplicationRef } from "../../../../src/schema/console/identity-review.js";
import type { Database } from "../../../db/database.js";
import { durableTransaction } from "../../../db/dialect.js";
import { sha256Hex } from "../../../plugins/signature.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import { isCliActor, type ActingOperator } from "../operators/acting-operator.js";
import type { AuditRepository, AuditRow, NewAuditRow } from "./audit.repository.js";

/** One operator action as the trail records it. */
export type AuditedAction = {
  operator: ActingOperator;
  /** e.g. "identity.approve", "customer.disable", "banner.publish". */
  action: string;
  target: { type: string; id: string; label?: string };
  reason?: string | null;
};

/**
 * What a change answers: its result for the caller, the target's state before and after, and
 * the target's id when the change itself created the target (its id was not known before).
 */
export type AuditedChange<T> = { result: T; before?: unknown; after?: unknown; targetId?: string };

export type AuditTrailDependencies = {
  db: Kysely<Database>;
  repository: AuditRepository;
  /** Null on the command line, which writes no ledger: the server appends those rows (appendUntried). */
  ledger: LedgerPort | null;
  now: () => number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
};

const LABEL_MAX_LENGTH = 200;
/** Command-line rows appended per housekeeping round. */
const UNTRIED_BATCH = 100;

/** A decision of the trail as the ledger holds it: its action, time, place and exact entry text. */
export type LoggedDecision = { action: string; time: number; ledgerIndex: number; blockHeight: number; entry: string };

/** The exact text of a row's ledger entry: rebuilt from the row alone, so a restart appends the same bytes. */
export function entryTextOf(row: AuditRow): string {
  const meta = auditCommitment(commitmentFactsOf(row), sha256Hex);
  return buildOperatorActionEntry({ action: row.action, auditId: row.id, time: Number(row.created_at), meta }).text;
}

/** The facts of a row that its entry commits to (audit-commitment.ts). */
export function commitmentFactsOf(row: AuditRow) {
  return {
    salt: row.salt,
    auditId: row.id,
    time: Number(row.created_at),
    operator: { id: row.operator_id, account: row.operator_account },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
    reason: row.reason,
  };
}

/**
 * The append-only trail of operator actions (issue 13). `perform` runs the change and writes its
 * audit record in one database transaction, so no change goes unrecorded and no record tells of a
 * change that did not happen; after the commit the action is appended to the transparency log as
 * an "operatorAction" entry, a salted commitment to the record, and the row learns its index and
 * block. A crash (or a failed append) between the two leaves a row without an index: `recover`
 * settles those at the next start, looking for the entry from the ledger size noted before the
 * append and appending it only when it is not there, so each action is logged exactly once.
 */
export class AuditTrail {
  constructor(private readonly deps: AuditTrailDependencies) {}

  /**
   * Runs `change` in one database transaction with the audit record, then appends the action to
   * the ledger. The change must do all its writes with the given transaction (on SQLite anything
   * else would wait for the connection the transaction holds).
   */
  async perform<T>(action: AuditedAction, change: (trx: Transaction<Database>) => Promise<AuditedChange<T>>): Promise<T> {
    const { db, repository, ledger, now } = this.deps;
    const ledgerSizeHint = ledger ? await ledgerSize(ledger) : null;
    const { result, row } = await durableTransaction(db, async (trx) => {
      const outcome = await change(trx);
      const row = await repository.insert(trx, rowOf(action, outcome, now(), ledgerSizeHint));
      return { result: outcome.result, row };
    });
    if (ledger) await this.append(ledger, row);
    return result;
  }

  /**
   * The latest decision (approval or rejection) on an identity application taken at or before
   * `time` whose entry is on the ledger, for the certificates that prove a holder's identity; null
   * when there is none (undecided then, decided before decisions were audited, or not logged yet).
   */
  async latestIdentityDecisionFor(application: ApplicationRef, time: number): Promise<LoggedDecision | null> {
    const target = { type: IDENTITY_APPLICATION_TARGET, id: applicationKey(application) };
    const row = await this.deps.repository.findNewestLogged(target, Object.values(IDENTITY_DECISION_ACTIONS), time);
    if (!row || row.ledger_index === null) return null;
    const ledgerIndex = Number(row.ledger_index);
    // A row settled by recover() may know its index only; the ledger knows the block.
    const blockHeight = row.ledger_block === null ? await this.deps.ledger?.blockHeightOf(ledgerIndex) : Number(row.ledger_block);
    if (blockHeight === null || blockHeight === undefined) return null;
    return { action: row.action, time: Number(row.created_at), ledgerIndex, blockHeight, entry: entryTextOf(row) };
  }

  /** Settles every row whose append was tried but not recorded, or those written before `leftBefore` (server/jobs/recovery-pass.ts). */
  async recover(leftBefore: number | null = null): Promise<number> {
    const { ledger, repository } = this.deps;
    if (!ledger) return 0;
    const rows = await repository.findTriedUnlogged(leftBefore);
    for (const row of rows) {
      const found = await findInLedger(ledger, row);
      if (found) await repository.recordLedger(row.id, found);
      else await this.append(ledger, row);
    }
    if (rows.length > 0) this.deps.log.info({ rows: rows.length }, "audit: appended actions an interrupted run left out of the ledger");
    return rows.length;
  }

  /** Appends the command line's rows (no process tried them yet); safe beside other replicas (claim). */
  async appendUntried(): Promise<number> {
    const { ledger, repository } = this.deps;
    if (!ledger) return 0;
    let appended = 0;
    for (const row of await repository.findUntried(UNTRIED_BATCH)) {
      if (!(await repository.claim(row.id, await ledgerSize(ledger)))) continue;
      await this.append(ledger, row);
      appended += 1;
    }
    return appended;
  }

  /** A failed append is not the caller's failure: the change stands, and recover() appends it later. */
  private async append(ledger: LedgerPort, row: AuditRow): Promise<void> {
    try {
      const receipt = await ledger.append(Buffer.from(entryTextOf(row), "utf8"));
      await this.deps.repository.recordLedger(row.id, receipt);
    } catch (error) {
      this.deps.log.warn({ err: error, auditId: row.id }, "audit: ledger append failed; the next start appends it");
    }
  }
}

async function ledgerSize(ledger: LedgerPort): Promise<number> {
  return (await ledger.latestCheckpoint())?.treeSize ?? 0;
}

/** A row's entry, if the ledger has it: it can only be at or after the size noted before its append. */
async function findInLedger(ledger: LedgerPort, row: AuditRow): Promise<{ index: number; blockHeight: number | null } | null> {
  const wanted = Buffer.from(entryTextOf(row), "utf8");
  const size = await ledgerSize(ledger);
  for (let index = Number(row.ledger_size_hint ?? 0); index < size; index++) {
    const entry = await ledger.entry(index);
    if (entry && wanted.equals(Buffer.from(entry))) return { index, blockHeight: await ledger.blockHeightOf(index) };
  }
  return null;
}

function rowOf(action: AuditedAction, change: AuditedChange<unknown>, time: number, ledgerSizeHint: number | null): NewAuditRow {
  const { operator, target } = action;
  return {
    operator_id: isCliActor(operator) ? null : operator.id,
    operator_account: operator.account,
    action: action.action,
    target_type: target.type,
    target_id: change.targetId ?? target.id,
    target_label: target.label === undefined ? null : target.label.slice(0, LABEL_MAX_LENGTH),
    before_json: change.before === undefined ? null : canonicalJson(change.before),
    after_json: change.after === undefined ? null : canonicalJson(change.after),
    reason: action.reason ?? null,
    salt: randomBytes(32).toString("hex"),
    created_at: time,
    ledger_size_hint: ledgerSizeHint,
    ledger_index: null,
    ledger_block: null,
  };
}
