import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { TEXT_MONITORING_PRODUCT_CODE } from "../../../src/schema/billing.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  MONITOR_CHANNELS,
  MONITOR_MESSAGES,
  MonitorCode,
  type MonitorAccount,
  type MonitorTaskAction,
  type MonitorTaskDetail,
  type MonitorTaskFormValues,
  type MonitorTaskListQuery,
  type MonitorTaskRow,
  type WorkKind,
} from "../../../src/schema/monitor.js";
import { weeklyMonitorPriceFen, type MonitorSiteCounts } from "../../../src/schema/monitor-pricing.js";
import type { PageP } from "../../../src/schema/paging.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import type { Database } from "../../db/database.js";
import { durableTransaction, isUniqueViolation } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { BillingRepository } from "../billing/billing.repository.js";
import type { BillingService } from "../billing/billing.service.js";
import type { CapturePorts } from "../capture/capture-ports.js";
import type { MonitorLibraries } from "./monitor-ports.js";
import { taskNotFound, type MonitorMoves } from "./monitor-moves.js";
import { queueSiteRuns } from "./monitor-scheduler.js";
import type { MonitorRepository } from "./monitor.repository.js";
import { taskDetailView, taskRowView } from "./monitor-views.js";
import { workRefusal, type MonitorWorks } from "./monitor-works.js";

export type MonitorTasksDependencies = {
  db: Kysely<Database>;
  repository: MonitorRepository;
  moves: MonitorMoves;
  works: MonitorWorks;
  /** accountStatus decides whether a new task may be made (spec §4, §6: 301/304/305/309). */
  billing: Pick<BillingService, "accountStatus">;
  balances: Pick<BillingRepository, "findByUserId">;
  screenUrl: CapturePorts["screenUrl"];
  libraries: MonitorLibraries;
  /** Called once runs were queued. */
  kick: () => void;
  now: () => number;
};

const fieldRefusal = (field: string, message: string) => new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });

/** The owner's calls on tasks: create (validated, priced, started), list, detail, the machine's moves, run now, and the account page. */
export class MonitorTasks {
  constructor(private readonly deps: MonitorTasksDependencies) {}

  async create(userId: number, form: MonitorTaskFormValues): Promise<MonitorTaskDetail> {
    const { repository } = this.deps;
    if (form.requestKey) {
      const earlier = await repository.findTaskByRequestKey(userId, form.requestKey);
      if (earlier) return this.detail(userId, earlier.id);
    }
    try {
      return await this.createOnce(userId, form);
    } catch (error) {
      // The same key sent twice at once: the second insert meets the first's unique key and answers its task.
      const earlier = form.requestKey && isUniqueViolation(error) ? await repository.findTaskByRequestKey(userId, form.requestKey) : undefined;
      if (earlier) return this.detail(userId, earlier.id);
      throw error;
    }
  }

  private async createOnce(userId: number, form: MonitorTaskFormValues): Promise<MonitorTaskDetail> {
    const { repository, moves } = this.deps;
    const status = await this.deps.billing.accountStatus(userId, TEXT_MONITORING_PRODUCT_CODE);
    if (status.code !== ResultCode.success) throw new BusinessError(status.code, status.message);
    const workIds = await this.checkedWorks(userId, form);
    const sites = await this.checkedSites(form.sites);
    const counts: MonitorSiteCounts = { web: 0, app: 0, searchEngine: 0 };
    for (const site of sites) counts[site.kind]++;
    const now = this.deps.now();
    const startAt = form.startTime !== undefined && form.startTime > now ? form.startTime : now;
    const id = await durableTransaction(this.deps.db, async (trx) => {
      const uid = randomBytes(16).toString("hex");
      // The number needs the id: written under the uid first (unique too), then renamed in the same transaction.
      const id = await repository.insertTask(trx, {
        uid,
        task_no: uid,
        user_id: userId,
        channel: form.channel,
        name: form.name,
        state: "notStarted",
        stop_reason: null,
        keywords_json: JSON.stringify(form.keywords),
        exclude_keywords_json: JSON.stringify(form.excludeKeywords),
        frequency: form.frequency,
        weeks: form.weeks,
        weekly_fee_fen: weeklyMonitorPriceFen(counts),
        auto_capture: form.autoCapture ? 1 : 0,
        start_at: startAt,
        end_at: null,
        next_run_at: null,
        last_run_at: null,
        request_key: form.requestKey ?? null,
        created_at: now,
        updated_at: now,
      });
      await repository.updateTask(trx, id, { task_no: monitorTaskNo(now, id) });
      await repository.insertTaskParts(
        trx,
        id,
        workIds,
        sites.map((site) => ({ kind: site.kind, name: site.name, url: site.url, depth: site.depth, max_pages: site.maxPages })),
      );
      // Starting now reserves the first week in this transaction: refused (301), nothing is created.
      if (startAt <= now) await moves.moveWithin(trx, id, "start");
      return id;
    });
    // The first crawl is due at once; the scheduler's next pass queues it (or runTaskNow does).
    return this.detail(userId, id);
  }

  async list(userId: number, query: MonitorTaskListQuery): Promise<PageP<MonitorTaskRow>> {
    const { rows, total } = await this.deps.repository.listTasks(userId, query);
    const figures = await this.deps.repository.taskFigures(rows.map((row) => row.id));
    return { list: rows.map((row) => taskRowView(row, figures.get(row.id)!)), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<MonitorTaskDetail> {
    const { repository } = this.deps;
    const row = await repository.findTask(id);
    if (!row || row.user_id !== userId) throw taskNotFound();
    const [figures, sites, works, weeks, runs] = await Promise.all([repository.taskFigures([id]), repository.sitesOf(id), repository.worksOfTask(id), repository.weeksOf(id), repository.runsOf(id)]);
    return taskDetailView(row, { figures: figures.get(id)!, sites, works, weeks, runs });
  }

  /** pause, resume, stop: the owner's moves through the machine (3700 when it refuses, 301 when a week cannot be reserved). */
  async act(userId: number, id: number, action: Extract<MonitorTaskAction, "pause" | "resume" | "stop">): Promise<MonitorTaskDetail> {
    await this.deps.moves.move(id, action, userId);
    return this.detail(userId, id);
  }

  /** Queues a crawl of every site of a monitoring task now (3703 while one of its crawls runs). */
  async runNow(userId: number, id: number): Promise<MonitorTaskDetail> {
    const { repository } = this.deps;
    const task = await repository.findTask(id);
    if (!task || task.user_id !== userId) throw taskNotFound();
    if (task.state !== "monitoring") throw new BusinessError(MonitorCode.stateRefused, MONITOR_MESSAGES.runNotMonitoring);
    if (await repository.hasRunningRun(id)) throw new BusinessError(MonitorCode.runBusy, MONITOR_MESSAGES.runBusy);
    const sites = await repository.sitesOf(id);
    const queued = await durableTransaction(this.deps.db, (trx) => queueSiteRuns(trx, repository, id, sites, this.deps.now()));
    if (queued > 0) this.deps.kick();
    return this.detail(userId, id);
  }

  async account(userId: number): Promise<MonitorAccount> {
    const [status, balance, availability, activeTasks, pendingHits] = await Promise.all([
      this.deps.billing.accountStatus(userId, TEXT_MONITORING_PRODUCT_CODE),
      this.deps.balances.findByUserId(userId),
      this.deps.libraries.matchers.matcherAvailability(),
      this.deps.repository.countActiveTasks(userId),
      this.deps.repository.countPendingHits(userId),
    ]);
    const blocked = status.code !== ResultCode.success;
    return {
      balanceFen: Number(balance.balance_fen),
      limitsCode: blocked ? status.code : null,
      limitsMessage: blocked ? status.message : null,
      unavailable: Object.entries(availability).flatMap(([matcher, state]) => (state.available ? [] : [{ matcher: matcher as keyof typeof availability, reason: state.reason }])),
      activeTasks,
      pendingHits,
    };
  }

  /** The works a task may protect: the caller's own, ready, of the channel's kinds (keyword channels carry keywords instead). */
  private async checkedWorks(userId: number, form: MonitorTaskFormValues): Promise<number[]> {
    const allowed: readonly WorkKind[] = MONITOR_CHANNELS[form.channel].works;
    if (allowed.includes("keyword")) {
      if (form.keywords.length === 0) throw fieldRefusal("keywords", MONITOR_MESSAGES.noKeywords);
      if (form.workIds.length > 0 || form.evidenceIds.length > 0) throw workRefusal(MONITOR_MESSAGES.workKindMismatch);
      return [];
    }
    if (allowed.includes("evidence")) {
      if (form.evidenceIds.length === 0) throw fieldRefusal("evidenceIds", MONITOR_MESSAGES.noWorks);
      if (form.workIds.length > 0) throw workRefusal(MONITOR_MESSAGES.workKindMismatch);
      return this.deps.works.fromEvidence(userId, [...new Set(form.evidenceIds)]);
    }
    if (form.workIds.length === 0) throw fieldRefusal("workIds", MONITOR_MESSAGES.noWorks);
    const ids = [...new Set(form.workIds)];
    const works = await this.deps.repository.worksByIds(ids);
    for (const id of ids) {
      const work = works.find((row) => row.id === id);
      // Another user's work is answered as missing: its existence is not the caller's business.
      if (!work || work.user_id !== userId) throw workRefusal(MONITOR_MESSAGES.workNotFound);
      if (!allowed.includes(work.kind as WorkKind)) throw workRefusal(MONITOR_MESSAGES.workKindMismatch);
      if (work.fingerprint_json === null || work.failure !== null) throw workRefusal(MONITOR_MESSAGES.workNotReady);
    }
    return ids;
  }

  /** No site twice (same address after normalising), and each address allowed by the capture's policy (3702). */
  private async checkedSites(sites: MonitorTaskFormValues["sites"]): Promise<MonitorTaskFormValues["sites"]> {
    const seen = new Set<string>();
    for (const site of sites) {
      const address = new URL(site.url).href;
      if (seen.has(address)) throw fieldRefusal("sites", MONITOR_MESSAGES.duplicateSite);
      seen.add(address);
    }
    for (const site of sites) {
      const screened = await this.deps.screenUrl(site.url);
      if (!screened.ok) throw new BusinessError(MonitorCode.siteRefused, `${MONITOR_MESSAGES.siteRefused}：${site.url}`, { errors: { sites: MONITOR_MESSAGES.siteRefused } });
    }
    return sites;
  }
}

/** e.g. JC20261122000042: the day it was made (Shanghai) and its id, readable over the phone. */
export function monitorTaskNo(createdAt: number, id: number): string {
  return `JC${shanghaiDateKey(createdAt).replaceAll("-", "")}${String(id).padStart(6, "0")}`;
}
