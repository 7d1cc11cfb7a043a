import { AUDIT_MESSAGES, type AuditListQuery, type AuditRecord, type AuditRecordDetail } from "../../../../src/schema/console/audit.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { filterDayRange } from "../../../../src/schema/time-range.js";
import { verifyEvidenceBundle } from "../../../../isomorphic/ledger/verify-bundle.js";
import { nodeLedgerCrypto } from "../../../ledger/node-crypto.js";
import { BusinessError } from "../../../http/envelope.js";
import type { LedgerPort } from "../../ledger/ledger.types.js";
import { entryTextOf } from "./audit-trail.js";
import type { AuditFilter, AuditRepository, AuditRow } from "./audit.repository.js";

/** The audit page: the trail searched, and one record with its ledger entry's inclusion checked now. */
export class AuditRecords {
  constructor(private readonly deps: { repository: AuditRepository; ledger: LedgerPort }) {}

  async list(query: AuditListQuery): Promise<PageP<AuditRecord>> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.repository.list(filterOf(query), { offset: (pageNumber - 1) * pageSize, limit: pageSize });
    return { list: rows.map(toAuditRecord), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async one(id: number): Promise<AuditRecordDetail> {
    const row = await this.deps.repository.findById(id);
    if (!row) throw new BusinessError(ResultCode.notFound, AUDIT_MESSAGES.notFound);
    const ledgerEntry = entryTextOf(row);
    return {
      ...toAuditRecord(row),
      operatorId: row.operator_id === null ? null : Number(row.operator_id),
      before: row.before_json === null ? null : JSON.parse(row.before_json),
      after: row.after_json === null ? null : JSON.parse(row.after_json),
      ledgerBlock: row.ledger_block === null ? null : Number(row.ledger_block),
      ledgerEntry,
      salt: row.salt,
      inclusion: await this.checkInclusion(row, ledgerEntry),
    };
  }

  /**
   * The record's entry, rebuilt from the record, proven in the log by the ledger's own proof
   * against its latest signed checkpoint: the same check a certificate's bundle gets.
   */
  private async checkInclusion(row: AuditRow, ledgerEntry: string): Promise<AuditRecordDetail["inclusion"]> {
    const { ledger } = this.deps;
    if (row.ledger_index === null) return { status: "pending", treeSize: null, checks: [] };
    const verification = verifyEvidenceBundle(
      { entryBytes: ledgerEntry, bundle: await ledger.proofBundle(Number(row.ledger_index)), verifierKeys: [ledger.verifierKey] },
      nodeLedgerCrypto,
    );
    return {
      status: verification.ok ? "verified" : "failed",
      treeSize: verification.checkpoint?.size ?? null,
      checks: verification.checks.map(({ id, name, status, reason }) => ({ id, name, status, reason })),
    };
  }
}

function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    operatorAccount: row.operator_account,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createTime: Number(row.created_at),
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
  };
}

function filterOf(query: AuditListQuery): AuditFilter {
  return {
    // Operator accounts are stored in lower case (the command line's is 命令行, which has no case).
    operatorAccount: query.operatorAccount?.toLowerCase(),
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    ...filterDayRange(query.startTime, query.endTime),
  };
}
