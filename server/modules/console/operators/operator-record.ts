import type { OperatorRecord } from "../../../../src/schema/console/operators.js";
import type { OperatorRole } from "../../../../src/schema/console/permissions.js";
import type { OperatorRow } from "./operator.repository.js";

/** An operator as the operators page shows them; secrets and the password hash stay on the server. */
export function toOperatorRecord(row: OperatorRow, roles: readonly OperatorRole[], recoveryCodesLeft: number): OperatorRecord {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    roles: [...roles],
    status: row.status,
    hasSecondFactor: row.totp_secret !== null,
    recoveryCodesLeft,
    createTime: Number(row.created_at),
    lastLoginTime: row.last_login_at === null ? null : Number(row.last_login_at),
  };
}

/** What the audit trail keeps of an operator before and after a change: nothing secret. */
export function auditedStateOf(row: Pick<OperatorRow, "name" | "status" | "totp_secret">, roles: readonly OperatorRole[]) {
  return { name: row.name, roles: [...roles], status: row.status, hasSecondFactor: row.totp_secret !== null };
}
