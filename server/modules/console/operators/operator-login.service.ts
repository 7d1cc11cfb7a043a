import type { EndpointParams } from "../../../../src/schema/contract.js";
import {
  CONSOLE_MESSAGES,
  ConsoleCode,
  OperatorAccountSchema,
  type OPERATOR_AUTH_ENDPOINTS,
  type OperatorLoginResult,
} from "../../../../src/schema/console/operator-auth.js";
import { BusinessError } from "../../../http/envelope.js";
import type { LoginClient } from "../../account/login.service.js";
import { checkStaffPassword, type StaffAccountKind, type StaffLoginDependencies } from "../../account/staff-password-login.js";
import type { SessionService } from "../../session/session.service.js";
import { maySignIn } from "./operator-profile.js";
import type { OperatorRepository, OperatorRow } from "./operator.repository.js";

export type OperatorLoginRequest = EndpointParams<typeof OPERATOR_AUTH_ENDPOINTS.login>;

export type OperatorLoginDependencies = StaffLoginDependencies & {
  operators: OperatorRepository;
  sessions: SessionService;
  /** The development demo operator signs in only where development providers are allowed. */
  allowDemoAccounts: boolean;
};

/**
 * Failed operator logins are counted in the same table as users' and notary staff's; the prefix
 * keeps an operator account apart from a customer or staff account of the same spelling.
 */
export const OPERATOR_THROTTLE_PREFIX = "operator:";

/** The known-device subject of an operator (known-device.ts). */
export const operatorDeviceSubject = (operatorId: number) => `operator:${operatorId}`;

/**
 * The console's first step, exactly the notary login's password check (staff-password-login.ts),
 * ending in a short "operatorPending" session that only the second-factor calls accept
 * (second-factor.service.ts).
 */
export class OperatorLoginService {
  private readonly accountKind: StaffAccountKind<OperatorRow>;

  constructor(private readonly deps: OperatorLoginDependencies) {
    this.accountKind = {
      accountSchema: OperatorAccountSchema,
      throttlePrefix: OPERATOR_THROTTLE_PREFIX,
      deviceSubject: operatorDeviceSubject,
      wrongCredentials: CONSOLE_MESSAGES.wrongCredentials,
      find: (account) => deps.operators.findByAccount(account),
      assertMaySignIn: (row) => {
        if (maySignIn(row, deps.allowDemoAccounts)) return;
        throw new BusinessError(ConsoleCode.operatorDisabled, row.status === "disabled" ? CONSOLE_MESSAGES.operatorDisabled : "演示账号仅在开发环境中可用");
      },
    };
  }

  async login(request: OperatorLoginRequest, client: LoginClient): Promise<OperatorLoginResult> {
    const { operators, sessions } = this.deps;
    const operator = await checkStaffPassword(this.deps, this.accountKind, request, client);
    // One second-factor attempt at a time: an earlier pending session ends, and its wrong codes
    // are forgiven with it (each pending session has five; the throttle still counts them).
    await sessions.endAllOf(String(operator.id), "operatorPending", "superseded");
    await operators.resetFailures(operator.id);
    const { token } = await sessions.create(String(operator.id), "operatorPending");
    return { token, secondFactor: operator.totp_secret === null ? "enrol" : "verify" };
  }
}
