import { auditCommitment } from "../../../../schema/console/audit-commitment";
import type { AuditRecordDetail } from "../../../../schema/console/audit";
import { parseOperatorActionEntry } from "../../../../schema/console/operator-action-entry";
import type { Sha256Hex } from "../../../../schema/signature";
import type { ShownCheck } from "../../../../verification/check-list";

export const COMMITMENT_CHECK_NAME = "审计记录与账本条目一致（在本页计算）";

/**
 * Checks in the browser that the record on the page is the one the ledger entry commits to: the
 * SHA-256 of the record with its salt (audit-commitment.ts) must be the entry's `meta`, and the
 * entry must name this record, its action and its time. Together with the inclusion proof (the
 * entry is in the public log) this shows the action happened as recorded, when recorded.
 */
export function checkAuditCommitment(record: AuditRecordDetail, sha256Hex: Sha256Hex): ShownCheck {
  const fail = (reason: string): ShownCheck => ({ id: "audit-commitment", name: COMMITMENT_CHECK_NAME, status: "fail", reason });
  const entry = parseOperatorActionEntry(record.ledgerEntry);
  if (!entry) return fail("账本条目不是规范的操作记录条目");
  if (entry.auditId !== record.id || entry.action !== record.action || entry.time !== record.createTime) {
    return fail(`账本条目记载的是记录 ${entry.auditId}（${entry.action}，时间 ${entry.time}），与本记录不符`);
  }
  const commitment = auditCommitment(
    {
      salt: record.salt,
      auditId: record.id,
      time: record.createTime,
      operator: { id: record.operatorId, account: record.operatorAccount },
      action: record.action,
      target: { type: record.targetType, id: record.targetId, label: record.targetLabel },
      before: record.before ?? null,
      after: record.after ?? null,
      reason: record.reason,
    },
    sha256Hex,
  );
  if (commitment !== entry.meta) return fail(`按本页所示记录重新计算的承诺 ${commitment} 与账本条目中的 ${entry.meta} 不同：记录在写入账本后被改动过`);
  return { id: "audit-commitment", name: COMMITMENT_CHECK_NAME, status: "pass", reason: `操作人、对象、操作前后与原因连同盐值的 SHA-256 承诺 ${commitment} 与账本条目一致` };
}
