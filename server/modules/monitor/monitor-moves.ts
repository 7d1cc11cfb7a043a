import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction, Updateable } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  MONITOR_MESSAGES,
  MONITOR_STOP_REASON_LABELS,
  MONITOR_TASK_LIFECYCLE,
  MONITOR_TASK_TRANSITIONS,
  MonitorCode,
  type MonitorStopReason,
  type MonitorTaskAction,
  type MonitorTaskState,
} from "../../../src/schema/monitor.js";
import type { Database, MonitorTasksTable } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { Billing } from "../billing/billing.js";
import { ReservationExpiredError, ReservationStateError } from "../billing/reservation-states.js";
import { sendAccountNotice } from "../notifier/account-notice.js";
import type { Notifier } from "../notifier/notifier.js";
import type { MonitorRepository, TaskRow, WeekRow } from "./monitor.repository.js";

/** Billing's name for monitoring's reservations (reference `<taskUid>:<week>`). */
export const MONITORING_SERVICE = "monitoring";
/** A billing week. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A week's reservation outlives its week by this much, so a pass that comes late can still settle it. */
const RESERVATION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

const STOP_REASONS: Partial<Record<MonitorTaskAction, MonitorStopReason>> = { stop: "user", runOutOfMoney: "balance", complete: "completed" };

export type MonitorMovesDependencies = {
  db: Kysely<Database>;
  repository: MonitorRepository;
  billing: Pick<Billing, "reserve" | "settle" | "release">;
  users: Pick<AccountRecords, "findUser">;
  notifier: Notifier;
  now: () => number;
  log: FastifyBaseLogger;
};

/** The machine's refusal as the caller sees it (3700). */
export function stateRefusal(state: MonitorTaskState, action: MonitorTaskAction): BusinessError {
  return new BusinessError(MonitorCode.stateRefused, new MONITOR_TASK_LIFECYCLE.Error(state, action).message);
}

export const taskNotFound = () => new BusinessError(ResultCode.notFound, MONITOR_MESSAGES.taskNotFound);

/**
 * Every change of a task's state, and the billing weeks that follow it (the rule is the comment of
 * MONITOR_TASK_TRANSITIONS). One durable transaction reads the task, takes the machine's edge,
 * writes the new state only if the task is still in the state read, and opens or closes the
 * billing week with the billing reservation call inside the same transaction: a crash leaves either
 * all of it or none, and the reservation's reference (`<uid>:<week>`) makes a repeat answer the
 * first reservation, so no week is held twice. Start and resume open a week (refused 301 when the
 * balance does not cover it: nothing changes); every other edge closes the open week, settled if a
 * crawl ran in it, released if none did.
 */
export class MonitorMoves {
  constructor(private readonly deps: MonitorMovesDependencies) {}

  /** Moves task `taskId` by `action`; `ownerId` limits it to the owner's tasks (a user's call). */
  async move(taskId: number, action: MonitorTaskAction, ownerId?: number, trx?: Transaction<Database>): Promise<TaskRow> {
    const moved = trx ? await this.moveWithin(trx, taskId, action, ownerId) : await durableTransaction(this.deps.db, (trx) => this.moveWithin(trx, taskId, action, ownerId));
    if (action === "runOutOfMoney") await this.tellOwner(moved);
    return moved;
  }

  /** The same move inside a caller's transaction (a new task starting in the transaction that creates it). */
  async moveWithin(trx: Transaction<Database>, taskId: number, action: MonitorTaskAction, ownerId?: number): Promise<TaskRow> {
    const { repository } = this.deps;
    const row = await repository.findTask(taskId, trx);
    if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw taskNotFound();
    const from = row.state as MonitorTaskState;
    if (!MONITOR_TASK_LIFECYCLE.can(from, action)) throw stateRefusal(from, action);
    const now = this.deps.now();
    const to = MONITOR_TASK_TRANSITIONS[action].to;
    const changes: Updateable<MonitorTasksTable> = { state: to, updated_at: now };
    const reason = STOP_REASONS[action];
    if (reason) Object.assign(changes, { stop_reason: reason, end_at: now, next_run_at: null });
    // Starting or resuming crawls at once; the schedule takes over after that first crawl.
    if (action === "start" || action === "resume") changes.next_run_at = now;
    if (action === "pause") changes.next_run_at = null;
    if (!(await repository.moveTask(trx, row.id, from, changes))) {
      const current = await repository.findTask(taskId, trx);
      throw stateRefusal(current!.state as MonitorTaskState, action);
    }
    const moved = { ...row, ...changes } as TaskRow;
    if (action === "start" || action === "resume") await this.openWeek(trx, moved, now);
    else await this.closeOpenWeek(trx, moved.id, now);
    return moved;
  }

  /** Reserves the task's next week from `now`; refused 301 by billing when the balance does not cover it. */
  async openWeek(trx: Transaction<Database>, task: TaskRow, now: number): Promise<void> {
    const weeks = await this.deps.repository.weeksOf(task.id, trx);
    if (weeks.some((week) => week.state === "reserved")) return;
    const week = weeks.length + 1;
    // Every paid week is used: nothing more to hold (the pass completes the task).
    if (week > task.weeks) throw new BusinessError(MonitorCode.stateRefused, MONITOR_STOP_REASON_LABELS.completed);
    const amount = Number(task.weekly_fee_fen);
    const endsAt = now + WEEK_MS;
    const reservationId = await this.deps.billing.reserve(task.user_id, amount, { service: MONITORING_SERVICE, reference: `${task.uid}:${week}`, expiresAt: endsAt + RESERVATION_GRACE_MS }, trx);
    await this.deps.repository.insertWeek(trx, { task_id: task.id, week, reservation_id: reservationId, amount_fen: amount, state: "reserved", starts_at: now, ends_at: endsAt, runs: 0, closed_at: null });
  }

  /** Ends the task's open week (if any): settled when a crawl ran in it, released when none did. */
  async closeOpenWeek(trx: Transaction<Database>, taskId: number, now: number): Promise<void> {
    const week = await this.deps.repository.openWeek(taskId, trx);
    if (week) await this.closeWeek(trx, week, now);
  }

  /**
   * Closes `week` if it is still reserved (a second pass finds it closed and does nothing). A
   * reservation housekeeping already gave back (the process was down past its expiry) cannot be
   * charged any more: the week is recorded as released, which is what happened to the money.
   */
  async closeWeek(trx: Transaction<Database>, week: WeekRow, now: number): Promise<void> {
    const current = (await this.deps.repository.weeksOf(week.task_id, trx)).find((row) => row.week === week.week)!;
    const state = current.runs > 0 ? "settled" : "released";
    // The conditional write first: it takes the week's row, so a concurrent pass waits and then finds it closed.
    if (!(await this.deps.repository.closeWeek(trx, week.task_id, week.week, state, now))) return;
    try {
      if (state === "settled") await this.deps.billing.settle(week.reservation_id, trx);
      else await this.deps.billing.release(week.reservation_id, trx);
    } catch (error) {
      // Both are thrown after the reservation was read under its account's lock and before anything was written.
      if (!(error instanceof ReservationExpiredError || error instanceof ReservationStateError)) throw error;
      this.deps.log.warn({ taskId: week.task_id, week: week.week }, "monitor week's reservation had expired; the week is recorded as released");
      await this.deps.repository.recordWeekReleased(trx, week.task_id, week.week);
    }
  }

  private async tellOwner(task: TaskRow): Promise<void> {
    const text = `您的监测任务“${task.name}”（${task.task_no}）已停止：${MONITOR_STOP_REASON_LABELS.balance}。`;
    await sendAccountNotice(this.deps.notifier, this.deps.log, await this.deps.users.findUser(task.user_id), { subject: "监测任务已停止", text }, "监测任务停止通知发送失败");
  }
}
