import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { MonitorChannel } from "../../../src/schema/monitor.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import type { CrawlSummary, WorkFingerprint } from "../../monitoring/monitoring.types.js";
import { PageMatcher, type PreparedWork } from "./monitor-page-matcher.js";
import type { HitSink, MonitorLibraries } from "./monitor-ports.js";
import type { MonitorRepository, RunRow } from "./monitor.repository.js";

/** A run cut off by a stopped process this many times is given up. */
export const MAX_RUN_ATTEMPTS = 3;

export const RUN_FAILURES = {
  notMonitoring: "监测任务已暂停或停止，本次抓取未进行",
  interrupted: `抓取被中断${MAX_RUN_ATTEMPTS}次，已放弃`,
  crashed: "抓取时发生内部错误，已记录",
} as const;

export type MonitorRunnerDependencies = {
  db: Kysely<Database>;
  repository: MonitorRepository;
  libraries: MonitorLibraries;
  hits: HitSink;
  bounds: { maxBytes: number; mediaMaxBytes: number; crawlDelayMs: number; ignoreRobotsHosts: readonly string[] };
  now: () => number;
  log: FastifyBaseLogger;
};

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * Runs the crawl queue's rows. `claim` takes a queued run (the `site_busy` unique column refuses a
 * second crawl of a site); `run` crawls the site within its bounds, matches each page not seen
 * unchanged before, hands each verdict to the hits recorder, and ends the run in one transaction
 * with its counters and the crawl counted in the task's open billing week. `resume` queues again a
 * run a stopped process left running (`recover`: all of them, at an embedded start-up).
 */
export class MonitorRunner {
  constructor(private readonly deps: MonitorRunnerDependencies) {}

  async claim(row: RunRow): Promise<boolean> {
    try {
      const result = await this.deps.repository.updateRun(this.deps.db, row.id, { state: "running", site_busy: row.site_id, started_at: this.deps.now(), attempts: row.attempts + 1 }, "queued");
      return Number(result.numUpdatedRows) === 1;
    } catch (error) {
      // The site's crawl is running elsewhere (site_busy unique): this run waits for the next pass.
      this.deps.log.debug({ err: error, runId: row.id }, "monitor run not claimed");
      return false;
    }
  }

  /** Start-up (embedded): every run a stopped process left running is resumed. */
  async recover(): Promise<void> {
    for (const row of await this.deps.repository.runsInState("running")) await this.resume(row);
  }

  /** One run an interrupted process left running: queued again while it has attempts left, failed after. */
  async resume(row: RunRow): Promise<void> {
    const givenUp = row.attempts >= MAX_RUN_ATTEMPTS;
    await this.deps.repository.updateRun(
      this.deps.db,
      row.id,
      givenUp ? { state: "failed", site_busy: null, failure: RUN_FAILURES.interrupted, ended_at: this.deps.now() } : { state: "queued", site_busy: null },
      "running",
    );
  }

  async run(row: RunRow, signal: AbortSignal): Promise<void> {
    const { repository, libraries, bounds } = this.deps;
    const task = await repository.findTask(row.task_id);
    const site = await repository.findSite(row.site_id);
    if (!task || !site || task.state !== "monitoring") {
      await this.finish(row, { state: "failed", failure: RUN_FAILURES.notMonitoring, pages: 0, bytes: 0, skippedByRobots: 0, hits: 0 });
      return;
    }
    const works: PreparedWork[] = (await repository.worksOfTask(task.id))
      .filter((work) => work.fingerprint_json !== null && work.failure === null)
      .map((work) => ({ id: work.id, print: JSON.parse(work.fingerprint_json!) as WorkFingerprint }));
    const channel = task.channel as MonitorChannel;
    const matcher = new PageMatcher({
      matchers: libraries.matchers,
      channel,
      works,
      keywords: JSON.parse(task.keywords_json) as string[],
      excludeKeywords: JSON.parse(task.exclude_keywords_json) as string[],
      mediaMaxBytes: bounds.mediaMaxBytes,
      log: this.deps.log,
    });
    let hits = 0;
    let summary: CrawlSummary;
    try {
      summary = await libraries.crawler.crawlSite(
        { url: site.url, depth: site.depth, maxPages: site.max_pages, maxBytes: bounds.maxBytes },
        {
          signal,
          delayMs: bounds.crawlDelayMs,
          ignoreRobotsHosts: bounds.ignoreRobotsHosts,
          onPage: async (page) => {
            const urlSha256 = sha256(page.facts.url);
            if ((await repository.seenDigest(task.id, urlSha256)) === page.contentSha256) return;
            for (const { workId, verdict } of await matcher.match(page)) {
              const { facts } = page;
              const recorded = await this.deps.hits.record({
                task: { id: task.id, userId: task.user_id, channel, autoCapture: task.auto_capture === 1 },
                siteId: site.id,
                runId: row.id,
                workId,
                url: facts.url,
                title: facts.title,
                author: facts.author,
                publishTime: facts.publishTime,
                verdict,
              });
              if (recorded.created) hits++;
            }
            // Written after the hits: a crash in between matches the page again, and the recorder knows its hits.
            await repository.saveSeen(task.id, urlSha256, page.contentSha256, this.deps.now());
          },
        },
      );
    } catch (error) {
      // A closing process aborts the crawl: the row stays running and the next start queues it again.
      if (signal.aborted) return;
      this.deps.log.error({ err: error, runId: row.id }, "monitor crawl failed");
      await this.finish(row, { state: "failed", failure: RUN_FAILURES.crashed, pages: 0, bytes: 0, skippedByRobots: 0, hits });
      return;
    }
    if (signal.aborted) return;
    await this.finish(row, { state: summary.failure ? "failed" : "done", failure: summary.failure, pages: summary.pages, bytes: summary.bytes, skippedByRobots: summary.skippedByRobots, hits });
  }

  /** Ends the run; a crawl that was done counts in the task's open week (which is then settled, not released). */
  private async finish(row: RunRow, outcome: { state: "done" | "failed"; failure: string | null; pages: number; bytes: number; skippedByRobots: number; hits: number }): Promise<void> {
    const now = this.deps.now();
    await durableTransaction(this.deps.db, async (trx) => {
      const result = await this.deps.repository.updateRun(
        trx,
        row.id,
        { state: outcome.state, site_busy: null, failure: outcome.failure, pages: outcome.pages, bytes: outcome.bytes, skipped_by_robots: outcome.skippedByRobots, hits: outcome.hits, ended_at: now },
        "running",
      );
      if (Number(result.numUpdatedRows) !== 1 || outcome.state !== "done") return;
      await trx.updateTable("monitor_weeks").set((eb) => ({ runs: eb("runs", "+", 1) })).where("task_id", "=", row.task_id).where("state", "=", "reserved").execute();
      await this.deps.repository.updateTask(trx, row.task_id, { last_run_at: now });
    });
  }
}
