import { CONSOLE_MESSAGES, ConsoleCode } from "../../../../src/schema/console/operator-auth.js";
import { isPermitted, type ConsolePermission } from "../../../../src/schema/console/permissions.js";
import { ResultCode, ResultMessage } from "../../../../src/schema/envelope.js";
import type { SessionService } from "../../session/session.service.js";
import type { OperatorGate } from "./acting-operator.js";
import { maySignIn, toOperatorProfile } from "./operator-profile.js";
import type { OperatorRepository } from "./operator.repository.js";

/**
 * The console's one permission check (plugins/session.ts calls it for every "operator" route):
 * the operator is read afresh on every call, so a role taken away or an account disabled counts
 * at once, not at the next login.
 */
export class OperatorPermissionGate implements OperatorGate {
  constructor(
    private readonly deps: { operators: OperatorRepository; sessions: SessionService; allowDemoAccounts: boolean },
  ) {}

  async admit(operatorId: number, permission: ConsolePermission | "signedIn") {
    const { operators, sessions } = this.deps;
    const row = await operators.findById(operatorId);
    if (!row || !maySignIn(row, this.deps.allowDemoAccounts)) {
      await sessions.endAllOf(String(operatorId), "operator", "account-disabled");
      return { ok: false as const, code: ResultCode.sessionRevoked, message: ResultMessage[ResultCode.sessionRevoked] };
    }
    const operator = toOperatorProfile(row, await operators.rolesOf(row.id));
    if (!isPermitted(operator.permissions, permission)) return { ok: false as const, code: ConsoleCode.forbidden, message: CONSOLE_MESSAGES.forbidden };
    return { ok: true as const, operator };
  }
}
