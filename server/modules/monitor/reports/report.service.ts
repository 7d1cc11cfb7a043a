import { randomInt } from "node:crypto";
import type { Readable } from "node:stream";
import { maskDisplayName } from "../../../../src/schema/certificate.js";
import { CERTIFICATE_VERIFY_PATH } from "../../../../src/schema/certificate-names.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { buildMonitorReportEntry } from "../../../../src/schema/monitor-report-entry.js";
import {
  HIT_REVIEW_LABELS,
  MATCH_TYPE_LABELS,
  MONITOR_CHANNEL_LABELS,
  MONITOR_MESSAGES,
  MONITOR_TASK_STATE_LABELS,
  type HitReviewState,
  type MatchType,
  type MonitorChannel,
  type MonitorReportRow,
  type MonitorTaskState,
} from "../../../../src/schema/monitor.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { parseShanghaiDateTime, shanghaiDateKey } from "../../../../src/schema/shanghai-time.js";
import { QUERY_DATE_MESSAGE, TIME_RANGE_MESSAGE } from "../../../../src/schema/time-range.js";
import type { BlobStore } from "../../../blobs/blob-store.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { MonitorReportPdfRenderer } from "../../certificate/certificate-pdf-pool.js";
import { holderNameOf } from "../../evidence/holder-name.js";
import type { PendingLedgerEntries } from "../../ledger/pending-entries.js";
import { platformOf } from "../hits/hit-views.js";
import type { HitListRow, HitsRepository } from "../hits/hits.repository.js";
import type { MonitorReportPdfInput, ReportBar } from "./monitor-report-pdf.js";
import type { ReportRow, ReportsRepository } from "./reports.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export type MonitorReportServiceDependencies = {
  repository: ReportsRepository;
  hits: Pick<HitsRepository, "all">;
  users: Pick<AccountRecords, "findUser">;
  blobs: Pick<BlobStore, "put" | "open">;
  pdfs: MonitorReportPdfRenderer;
  entries: Pick<PendingLedgerEntries, "ledgerSize" | "log">;
  publicBaseUrl: string;
  /** Has a report made by a job process (server/jobs/requested-jobs.ts) and answers its id. */
  ask: (userId: number, request: MonitorReportRequest) => Promise<{ reportId: number }>;
  now: () => number;
};

/** What a job needs to make a report: the period as checked, the issue time and the number fixed when asked (a retry makes the same report). */
export type MonitorReportRequest = { channel: MonitorChannel; from: number; to: number; issuedAt: number; reportNo: string };

/** The ledger entry's exact text, rebuilt from the row (so an entry a crash left unappended is appended as it would have been). */
export function reportEntryText(row: ReportRow): string {
  return buildMonitorReportEntry({
    report: row.report_no,
    channel: row.channel as MonitorChannel,
    periodStart: Number(row.period_start),
    periodEnd: Number(row.period_end),
    tasks: row.task_count,
    hits: row.hit_count,
    evidence: row.evidence_count,
    sha256: row.sha256,
    time: Number(row.created_at),
  }).text;
}

/**
 * Monitoring reports (monitorReport): a PDF of one channel over a period (tasks, hits with the
 * certificate numbers of their evidence, charts), stored as a blob before its row is written (so
 * no row is ever without its file; a crash in between leaves only an unreferenced blob), and its
 * SHA-256 appended to the ledger after the row's commit (PendingLedgerEntries: a crash before the
 * append is settled at the next start). Each call makes a new report with its own number, made by
 * a job process (issue 20): the call checks the period and waits for the job's report.
 */
export class MonitorReportService {
  constructor(private readonly deps: MonitorReportServiceDependencies) {}

  async create(userId: number, form: { channel: MonitorChannel; startTime: number; endTime: number }): Promise<MonitorReportRow> {
    const issuedAt = this.deps.now();
    const period = checkPeriod(form.startTime, form.endTime, issuedAt);
    const { reportId } = await this.deps.ask(userId, { channel: form.channel, ...period, issuedAt, reportNo: newReportNo(issuedAt) });
    const row = await this.deps.repository.findForUser(userId, reportId);
    if (!row) throw new BusinessError(ResultCode.notFound, MONITOR_MESSAGES.reportNotFound);
    return toReportRow(row);
  }

  /** The job: draws and stores the report asked for, unless an earlier try of the same request already did. */
  async make(userId: number, request: MonitorReportRequest): Promise<{ reportId: number }> {
    const { channel, from, to, reportNo, issuedAt } = request;
    const earlier = await this.deps.repository.findByReportNo(reportNo);
    if (earlier) return { reportId: earlier.id };
    const user = await this.deps.users.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.notFound, MONITOR_MESSAGES.reportNotFound);
    const tasks = await this.deps.repository.tasksDuring(userId, channel, from, to);
    const hits = await this.deps.hits.all(userId, { channel, from, to });
    const evidence = hits.filter((hit) => hit.evidence_state === "stored").length;
    const input: MonitorReportPdfInput = {
      reportNo,
      holder: maskDisplayName(holderNameOf(user)),
      channelLabel: MONITOR_CHANNEL_LABELS[channel],
      periodStart: from,
      periodEnd: to,
      issuedAt,
      summary: { tasks: tasks.length, hits: hits.length, evidence, ...reviewCounts(hits) },
      byDay: countByDay(hits, from, to),
      bySite: countBy(hits, (hit) => hit.site_name),
      byMatchType: countBy(hits, (hit) => MATCH_TYPE_LABELS[hit.match_type as MatchType] ?? hit.match_type),
      tasks: tasks.map((task) => ({
        taskNo: task.task_no,
        name: task.name,
        sites: task.site_names.join("、"),
        state: MONITOR_TASK_STATE_LABELS[task.state as MonitorTaskState] ?? task.state,
        weeks: String(task.weeks),
        chargedFen: task.charged_fen,
      })),
      hits: hits.map((hit) => ({
        foundAt: Number(hit.found_at),
        title: hit.title,
        url: hit.url,
        platform: platformOf(hit.url),
        score: hit.score,
        review: HIT_REVIEW_LABELS[hit.review as HitReviewState] ?? hit.review,
        certificateNo: hit.evidence_state === "stored" ? hit.certificate_no : null,
      })),
      verifyUrl: `${this.deps.publicBaseUrl}${CERTIFICATE_VERIFY_PATH}`,
    };
    const pdf = await this.deps.pdfs.renderMonitorReport(input);
    const sha256 = await this.deps.blobs.put(pdf);
    const sizeHint = await this.deps.entries.ledgerSize();
    const row = await this.deps.repository.insert({
      user_id: userId,
      report_no: reportNo,
      channel,
      period_start: from,
      period_end: to,
      task_count: tasks.length,
      hit_count: hits.length,
      evidence_count: evidence,
      sha256,
      size: pdf.length,
      ledger_index: null,
      created_at: issuedAt,
    });
    void this.deps.entries.log({ key: String(row.id), text: reportEntryText(row), sizeHint });
    return { reportId: row.id };
  }

  async list(userId: number, query: { channel?: MonitorChannel; pageNumber: number; pageSize: number }): Promise<PageP<MonitorReportRow>> {
    const { rows, total } = await this.deps.repository.list(userId, query.channel, query);
    return { list: rows.map(toReportRow), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async open(userId: number, id: number): Promise<{ body: Readable; name: string; contentType: string; size: number }> {
    const row = await this.deps.repository.findForUser(userId, id);
    const body = row ? await this.deps.blobs.open(row.sha256) : null;
    if (!row || !body) throw new BusinessError(ResultCode.notFound, MONITOR_MESSAGES.reportNotFound);
    return { body, name: `监测报告-${row.report_no}.pdf`, contentType: "application/pdf", size: Number(row.size) };
  }
}

/**
 * The period as asked, start ≤ end and the start not in the future. An end in the future (the
 * end of today, as a date picker gives it) is read as "until now": the report cannot count what
 * has not happened, and says the period it did cover.
 */
function checkPeriod(startTime: number, endTime: number, now: number): { from: number; to: number } {
  if (startTime > now) throw new BusinessError(ResultCode.validationFailed, QUERY_DATE_MESSAGE.future, { errors: { startTime: QUERY_DATE_MESSAGE.future } });
  if (startTime > endTime) throw new BusinessError(ResultCode.validationFailed, TIME_RANGE_MESSAGE.startAfterStop, { errors: { startTime: TIME_RANGE_MESSAGE.startAfterStop } });
  return { from: startTime, to: Math.min(endTime, now) };
}

/** JCBG + the Shanghai date + 8 random digits: unique in practice, unguessable enough not to enumerate. */
function newReportNo(now: number): string {
  return `JCBG${shanghaiDateKey(now).replaceAll("-", "")}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

function reviewCounts(hits: readonly HitListRow[]) {
  const count = (review: HitReviewState) => hits.filter((hit) => hit.review === review).length;
  return { pending: count("pending"), confirmed: count("confirmed"), dismissed: count("dismissed") };
}

/** Every Shanghai day of the period, each present even with no hit. */
function countByDay(hits: readonly HitListRow[], from: number, to: number): ReportBar[] {
  const first = parseShanghaiDateTime(shanghaiDateKey(from))!;
  const bars: ReportBar[] = [];
  const index = new Map<string, number>();
  for (let day = first; day <= to; day += DAY_MS) {
    index.set(shanghaiDateKey(day), bars.length);
    bars.push({ label: shanghaiDateKey(day), count: 0 });
  }
  for (const hit of hits) {
    const at = index.get(shanghaiDateKey(Number(hit.found_at)));
    if (at !== undefined) bars[at] = { ...bars[at], count: bars[at].count + 1 };
  }
  return bars;
}

function countBy(hits: readonly HitListRow[], labelOf: (hit: HitListRow) => string): ReportBar[] {
  const counts = new Map<string, number>();
  for (const hit of hits) counts.set(labelOf(hit), (counts.get(labelOf(hit)) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count);
}

function toReportRow(row: ReportRow): MonitorReportRow {
  return {
    id: row.id,
    reportNo: row.report_no,
    channel: row.channel as MonitorChannel,
    periodStart: Number(row.period_start),
    periodEnd: Number(row.period_end),
    taskCount: row.task_count,
    hitCount: row.hit_count,
    evidenceCount: row.evidence_count,
    sha256: row.sha256,
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
    createTime: Number(row.created_at),
  };
}
