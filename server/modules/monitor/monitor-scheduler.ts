import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { AccountLimitCode } from "../../../src/schema/billing.js";
import { MONITOR_FREQUENCIES, type MonitorFrequency } from "../../../src/schema/monitor.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { MonitorMoves } from "./monitor-moves.js";
import type { MonitorRepository, TaskRow } from "./monitor.repository.js";

/** The next crawl after `after` by the frequency's pattern, in Shanghai time. */
export function nextRunAfter(frequency: MonitorFrequency, after: number): number {
  const next = new Cron(MONITOR_FREQUENCIES[frequency].cron, { timezone: "Asia/Shanghai", paused: true }).nextRun(new Date(after));
  if (!next) throw new Error(`monitor frequency ${frequency} has no next run after ${after}`);
  return next.getTime();
}

export type MonitorSchedulerDependencies = {
  db: Kysely<Database>;
  repository: MonitorRepository;
  moves: MonitorMoves;
  /** Called once runs were queued. */
  kick: () => void;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * One pass of the monitoring schedule (every MONITOR_TICK_MS, at start-up, and `tick()` in tests
 * with a moved clock). Everything it reads is in the tables, so a restart loses nothing, and each
 * step is a conditional write, so a pass run twice (or two passes at once) changes things once:
 * 1. tasks whose start time came start (the first week reserved; refused → stopped, reason balance);
 * 2. weeks whose end came close (settled if a crawl ran in them, else released);
 * 3. monitoring tasks without an open week get the next one, or complete when every week is used;
 *    a refused reservation stops the task (reason balance) and the owner is told; paused tasks
 *    whose weeks are all used complete;
 * 4. due tasks get one queued run per site (not for a site already queued or running), and their
 *    next run time moves by the frequency's pattern.
 */
export class MonitorScheduler {
  #timer: NodeJS.Timeout | null = null;
  #pass: Promise<void> | null = null;

  constructor(private readonly deps: MonitorSchedulerDependencies) {}

  start(tickMs: number): void {
    this.#timer = setInterval(() => void this.tick().catch((error) => this.deps.log.error({ err: error }, "monitor scheduler pass failed")), tickMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#pass?.catch(() => undefined);
  }

  /** One pass; a pass asked for while one runs waits for it and runs after it. */
  async tick(): Promise<void> {
    const previous = this.#pass;
    const pass = (async () => {
      await previous?.catch(() => undefined);
      await this.pass();
    })();
    this.#pass = pass;
    return pass;
  }

  private async pass(): Promise<void> {
    const { repository, moves } = this.deps;
    const now = this.deps.now();
    await this.each("start", await repository.tasksToStart(now), (task) => this.stopWhenUnpaid(task, () => moves.move(task.id, "start")));
    await this.each("close week", await repository.endedWeeks(now), (week) => durableTransaction(this.deps.db, (trx) => moves.closeWeek(trx, week, now)));
    await this.each("continue", await repository.tasksWithoutOpenWeek("monitoring"), (task) => this.continueTask(task, now));
    await this.each("complete paused", await repository.tasksWithoutOpenWeek("paused"), async (task) => {
      if ((await repository.weeksOf(task.id)).length >= task.weeks) await this.ignoreRace(() => moves.move(task.id, "complete"));
    });
    let queued = 0;
    await this.each("queue runs", await repository.dueTasks(now), async (task) => void (queued += await this.queueRuns(task, now)));
    if (queued > 0) this.deps.kick();
  }

  /** One step for each item; a failure of one is logged and the others go on (the next pass tries it again). */
  private async each<Item extends { task_id: number } | { id: number }>(step: string, items: readonly Item[], work: (item: Item) => Promise<unknown>): Promise<void> {
    for (const item of items) {
      try {
        await work(item);
      } catch (error) {
        this.deps.log.error({ err: error, step, taskId: "task_id" in item ? item.task_id : item.id }, "monitor scheduler: a step failed; the next pass tries again");
      }
    }
  }

  /** The next week of a monitoring task, or its end. */
  private async continueTask(task: TaskRow, now: number): Promise<void> {
    const { repository, moves } = this.deps;
    if ((await repository.weeksOf(task.id)).length >= task.weeks) {
      await this.ignoreRace(() => moves.move(task.id, "complete"));
      return;
    }
    await this.stopWhenUnpaid(task, () =>
      durableTransaction(this.deps.db, async (trx) => {
        const current = await repository.findTask(task.id, trx);
        if (current?.state === "monitoring") await moves.openWeek(trx, current, now);
      }),
    );
  }

  /** Runs `work`; a reservation refused for the balance (301) stops the task instead. */
  private async stopWhenUnpaid(task: TaskRow, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof BusinessError) || error.code !== AccountLimitCode.balanceInsufficient) throw error;
      await this.ignoreRace(() => this.deps.moves.move(task.id, "runOutOfMoney"));
    }
  }

  /** A move another pass or the owner made first is refused by the machine; that is not a failure of this pass. */
  private async ignoreRace(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      this.deps.log.info({ reason: error.message }, "monitor scheduler: task moved elsewhere first");
    }
  }

  /** One queued run per idle site, and the next run time moved, in one transaction conditional on the run time read. */
  private async queueRuns(task: TaskRow, now: number): Promise<number> {
    const { repository } = this.deps;
    const sites = await repository.sitesOf(task.id);
    return durableTransaction(this.deps.db, async (trx) => {
      const moved = await trx
        .updateTable("monitor_tasks")
        .set({ next_run_at: nextRunAfter(task.frequency as MonitorFrequency, now), updated_at: now })
        .where("id", "=", task.id)
        .where("state", "=", "monitoring")
        .where("next_run_at", "=", task.next_run_at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return 0;
      return queueSiteRuns(trx, repository, task.id, sites, now);
    });
  }
}

/** A queued run for each of `sites` that has none queued or running; answers how many were queued. */
export async function queueSiteRuns(trx: Parameters<MonitorRepository["insertRun"]>[0], repository: MonitorRepository, taskId: number, sites: readonly { id: number }[], now: number): Promise<number> {
  const busy = await repository.busySiteIds(taskId, trx);
  const idle = sites.filter((site) => !busy.has(site.id));
  for (const site of idle) {
    await repository.insertRun(trx, { task_id: taskId, site_id: site.id, state: "queued", site_busy: null, pages: 0, bytes: 0, skipped_by_robots: 0, hits: 0, attempts: 0, failure: null, queued_at: now, started_at: null, ended_at: null });
  }
  return idle.length;
}
