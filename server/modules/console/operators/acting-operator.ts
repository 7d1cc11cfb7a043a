import { CLI_OPERATOR_ACCOUNT } from "../../../../src/schema/console/audit-actions.js";
import type { ConsolePermission, OperatorRole } from "../../../../src/schema/console/permissions.js";

/**
 * The operator behind a console call, as the one permission check (plugins/session.ts) found them:
 * read by handlers from `request.operator`, and recorded by the audit trail with each action.
 */
export type ActingOperator = {
  id: number;
  account: string;
  name: string;
  roles: OperatorRole[];
  permissions: ConsolePermission[];
};

/**
 * The command-line tools act as this "operator": their audit rows carry no operator id and the
 * account 命令行, since whoever runs them holds the server itself rather than a console account.
 */
export const CLI_ACTOR: ActingOperator = { id: 0, account: CLI_OPERATOR_ACCOUNT, name: CLI_OPERATOR_ACCOUNT, roles: [], permissions: [] };

export const isCliActor = (operator: ActingOperator) => operator === CLI_ACTOR;

/**
 * What the session check asks of the console before an operator call runs: the operator of a
 * session with what their roles allow, or the refusal to answer (a disabled or removed operator
 * ends their sessions: 3013; a missing permission: ConsoleCode.forbidden).
 */
export interface OperatorGate {
  admit(
    operatorId: number,
    permission: ConsolePermission | "signedIn",
  ): Promise<{ ok: true; operator: ActingOperator } | { ok: false; code: number; message: string }>;
}
