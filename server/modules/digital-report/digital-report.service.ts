import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { maskDisplayName } from "../../../src/schema/certificate.js";
import {
  DIGITAL_REPORT_DAILY_LIMIT,
  DIGITAL_REPORT_DEFAULT_NAME,
  DIGITAL_REPORT_FORMAT,
  DIGITAL_REPORT_MESSAGES,
  DigitalReportCode,
  DigitalReportItemSchema,
  type DigitalReportDetail,
  type DigitalReportDocument,
  type DigitalReportListQuery,
  type DigitalReportRecord,
  type DigitalReportValues,
} from "../../../src/schema/digital-report.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime, shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { DigitalReportPdfRenderer } from "../certificate/certificate-pdf-pool.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { EvidenceRecord } from "../evidence/evidence.types.js";
import { holderNameOf } from "../evidence/holder-name.js";
import type { DigitalReportRepository, DigitalReportRow } from "./digital-report.repository.js";
import { inspectEvidence, type Inspection, type InspectorPorts } from "./evidence-inspector.js";

export interface DigitalReportServiceDependencies {
  db: Kysely<Database>;
  repository: DigitalReportRepository;
  inspector: InspectorPorts;
  blobs: BlobStore;
  accounts: Pick<AccountRecords, "findUser">;
  evidence: Pick<EvidenceService, "getForHolder" | "savePlatformContent" | "newCertificateNo">;
  /** Draws the PDF off the event loop (the certificate module's threads). */
  pdfs: DigitalReportPdfRenderer;
  /** Has a report made by a job process (server/jobs/requested-jobs.ts) and answers its id. */
  ask: (userId: number, request: DigitalReportRequest) => Promise<{ reportId: number }>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** What a job needs to make a report: the form as checked, and the number fixed when asked (so a retry makes the same report). */
export type DigitalReportRequest = { evidenceIds: number[]; name: string | null; purpose: string | null; certificateNo: string };

/**
 * The digital report use cases (issue 17). A report is asked for (`create`: the choice checked
 * here, at once) and made by a job process (`make`, issue 20): it checks every chosen evidence
 * against the latest signed checkpoint (evidence-inspector.ts), draws the PDF with the results and
 * each entry's proof embedded, commits it to the blob store, writes its row (pending, under the
 * certificate number the PDF prints) and only then stores the PDF as evidence of kind
 * digitalReport and marks the row stored. A process killed in between finishes it later
 * (`recover`) under the same number: nothing stored twice, nothing lost once acknowledged.
 */
export class DigitalReportService {
  constructor(private readonly deps: DigitalReportServiceDependencies) {}

  /** Refuses a wrong choice or a spent day at once; then the report is made by a job and answered. */
  async create(userId: number, form: DigitalReportValues): Promise<DigitalReportDetail> {
    await this.ownStoredRecords(userId, form.evidenceIds);
    await this.refuseOverDailyLimit(userId);
    const request: DigitalReportRequest = { evidenceIds: form.evidenceIds, name: form.name ?? null, purpose: form.purpose ?? null, certificateNo: this.deps.evidence.newCertificateNo() };
    const { reportId } = await this.deps.ask(userId, request);
    return this.one(userId, reportId);
  }

  /** The job: makes the report asked for, or finishes the one an earlier try of the same request left. */
  async make(userId: number, form: DigitalReportRequest): Promise<{ reportId: number }> {
    const { certificateNo } = form;
    const earlier = await this.deps.repository.findByCertificateNo(certificateNo);
    if (earlier) {
      if (earlier.state === "pending") await this.finish(earlier);
      return { reportId: Number(earlier.id) };
    }
    // Checked again: the evidence or the day's count may have changed while the request waited.
    const records = await this.ownStoredRecords(userId, form.evidenceIds);
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new Error(`digital report: user ${userId} of a request has no row`);
    const { document, pdf, checkedAgainst: latest } = await this.inspectAndRender(records, {
      reportNo: certificateNo,
      name: form.name ?? DIGITAL_REPORT_DEFAULT_NAME,
      // The report is handed to courts and other parties: the applicant is masked as on certificates.
      applicant: maskDisplayName(holderNameOf(user)),
      purpose: form.purpose ?? null,
    });
    const { items } = document;
    const blob = await this.deps.blobs.put(pdf);
    const id = await durableTransaction(this.deps.db, async (trx) => {
      // Counted again where the row is written, so two reports started together cannot both pass the last place.
      if ((await this.deps.repository.countSince(userId, startOfShanghaiDay(this.deps.now()), trx)) >= DIGITAL_REPORT_DAILY_LIMIT) {
        throw new BusinessError(DigitalReportCode.dailyLimit, DIGITAL_REPORT_MESSAGES.dailyLimit);
      }
      return this.deps.repository.insert(trx, {
        user_id: userId,
        state: "pending",
        name: document.name,
        purpose: form.purpose ?? null,
        evidence_count: items.length,
        failed_count: items.filter((item) => item.verdict === "fail").length,
        verdict: document.verdict,
        tree_size: latest.treeSize,
        root_hash: latest.rootHash,
        items_json: JSON.stringify(items),
        size: pdf.length,
        sha256: blob,
        sm3: createHash("sm3").update(pdf).digest("hex"),
        blob_sha256: blob,
        certificate_no: certificateNo,
        evidence_id: null,
        created_at: document.issuedAt,
      });
    });
    await this.finish((await this.deps.repository.find(id))!);
    return { reportId: id };
  }

  /**
   * Every check of `records` (each stored and ledgered) against the latest signed checkpoint, drawn
   * as the report PDF; nothing is stored. The digital report stores it as evidence; the litigation
   * package carries it as its checks report.
   */
  async inspectAndRender(
    records: readonly EvidenceRecord[],
    heading: { reportNo: string; name: string; applicant: string; purpose: string | null },
  ): Promise<{ document: DigitalReportDocument; pdf: Buffer; checkedAgainst: { treeSize: number; rootHash: string } }> {
    const latest = await this.deps.inspector.ledger.latestCheckpoint();
    if (!latest) throw new BusinessError(ResultCode.validationFailed, DIGITAL_REPORT_MESSAGES.ledgerEmpty);
    const against = { treeSize: latest.treeSize, rootHash: latest.rootHash, note: latest.note };
    // One at a time: a package check holds its package in memory.
    const inspections: Inspection[] = [];
    for (const record of records) inspections.push(await inspectEvidence(this.deps.inspector, record, against));
    const items = inspections.map((inspection) => inspection.item);
    const document: DigitalReportDocument = {
      format: DIGITAL_REPORT_FORMAT,
      reportNo: heading.reportNo,
      name: heading.name,
      issuedAt: this.deps.now(),
      checkpoint: latest.note,
      verdict: items.some((item) => item.verdict === "fail") ? "fail" : "pass",
      items,
    };
    const pdf = await this.deps.pdfs.renderDigitalReport({
      document,
      applicant: heading.applicant,
      purpose: heading.purpose,
      verifierKey: this.deps.inspector.ledger.verifierKey,
      proofs: inspections.map(({ item, entry, proofBundle }) => ({ certificateNo: item.certificateNo, entry, proofBundle })),
    });
    return { document, pdf, checkedAgainst: against };
  }

  /** Stores a pending report as evidence (again under its number, answered as before) and marks it stored. */
  private async finish(row: DigitalReportRow): Promise<void> {
    const evidenceId = await this.deps.evidence.savePlatformContent(row.user_id, {
      kind: "digitalReport",
      certificateNo: row.certificate_no,
      name: row.name,
      size: Number(row.size),
      sha256: row.sha256,
      sm3: row.sm3,
      blobSha256: row.blob_sha256,
      details: {
        fileName: fileNameOf(row),
        reportId: Number(row.id),
        evidenceCount: Number(row.evidence_count),
        failedCount: Number(row.failed_count),
        verdict: row.verdict,
        treeSize: Number(row.tree_size),
      },
    });
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.markStored(trx, Number(row.id), evidenceId));
  }

  /** Reports a killed process left pending (all, or those written before `leftBefore`) are stored now. */
  async recover(leftBefore: number | null): Promise<void> {
    for (const row of await this.deps.repository.pending(leftBefore)) {
      try {
        await this.finish(row);
      } catch (error) {
        this.deps.log.error({ err: error, reportId: row.id }, "digital report: finishing a pending report failed");
      }
    }
  }

  async list(userId: number, query: DigitalReportListQuery): Promise<PageP<DigitalReportRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, { keyName: query.keyName, ...filterDayRange(query.startTime, query.endTime), pageNumber: query.pageNumber, pageSize: query.pageSize });
    return { list: rows.map(toRecord), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async one(userId: number, id: number): Promise<DigitalReportDetail> {
    const row = await this.ownRow(userId, id);
    return { ...toRecord(row), items: DigitalReportItemSchema.array().parse(JSON.parse(row.items_json)) };
  }

  async download(userId: number, id: number): Promise<{ name: string; body: Buffer }> {
    const row = await this.ownRow(userId, id);
    const body = await this.deps.blobs.read(row.blob_sha256);
    if (!body) throw new BusinessError(ResultCode.notFound, DIGITAL_REPORT_MESSAGES.notFound);
    return { name: fileNameOf(row), body };
  }

  // ---- rules ----

  /** Another user's report is "not found", never "forbidden". */
  private async ownRow(userId: number, id: number): Promise<DigitalReportRow> {
    const row = await this.deps.repository.find(id);
    if (!row || row.user_id !== userId || row.state !== "stored") throw new BusinessError(ResultCode.notFound, DIGITAL_REPORT_MESSAGES.notFound);
    return row;
  }

  /**
   * The holder's own records, in the order chosen, each stored on the ledger. Another holder's id
   * is refused exactly like a missing one, and refuses the whole request.
   */
  private async ownStoredRecords(userId: number, ids: readonly number[]): Promise<EvidenceRecord[]> {
    const records = await Promise.all(ids.map((id) => this.deps.evidence.getForHolder(userId, id)));
    if (records.some((record) => !record)) throw new BusinessError(ResultCode.notFound, DIGITAL_REPORT_MESSAGES.unknownItems, { errors: { evidenceIds: DIGITAL_REPORT_MESSAGES.unknownItems } });
    const unstored = records.find((record) => record!.status !== "stored" || record!.ledgerIndex === null || record!.blockHeight === null);
    if (unstored) throw new BusinessError(ResultCode.validationFailed, DIGITAL_REPORT_MESSAGES.notStored(unstored.name), { errors: { evidenceIds: DIGITAL_REPORT_MESSAGES.notStored(unstored.name) } });
    return records as EvidenceRecord[];
  }

  private async refuseOverDailyLimit(userId: number): Promise<void> {
    if ((await this.deps.repository.countSince(userId, startOfShanghaiDay(this.deps.now()))) >= DIGITAL_REPORT_DAILY_LIMIT) {
      throw new BusinessError(DigitalReportCode.dailyLimit, DIGITAL_REPORT_MESSAGES.dailyLimit);
    }
  }
}

function startOfShanghaiDay(now: number): number {
  return parseShanghaiDateTime(shanghaiDateKey(now))!;
}

function fileNameOf(row: DigitalReportRow): string {
  return `数据检验报告-${row.certificate_no}.pdf`;
}

function toRecord(row: DigitalReportRow): DigitalReportRecord {
  return {
    id: Number(row.id),
    name: row.name,
    certificateNo: row.certificate_no,
    purpose: row.purpose,
    evidenceCount: Number(row.evidence_count),
    failedCount: Number(row.failed_count),
    verdict: row.verdict as DigitalReportRecord["verdict"],
    createTime: Number(row.created_at),
    treeSize: Number(row.tree_size),
    rootHash: row.root_hash,
    evidenceId: Number(row.evidence_id),
    size: Number(row.size),
    sha256: row.sha256,
  };
}
