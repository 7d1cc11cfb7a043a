import type { Kysely } from "kysely";
import {
  CONSOLE_MESSAGES,
  ConsoleCode,
  TOTP_CODE_PATTERN,
  type OperatorSession,
  type TotpEnrolment,
} from "../../../../src/schema/console/operator-auth.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { Database } from "../../../db/database.js";
import { BusinessError } from "../../../http/envelope.js";
import type { KnownDevices } from "../../account/known-device.js";
import type { LoginClient } from "../../account/login.service.js";
import type { LoginThrottle } from "../../account/login-throttle.js";
import type { ActiveSession, SessionService } from "../../session/session.service.js";
import type { ConsoleSecretKey } from "./console-secret-key.js";
import { operatorDeviceSubject } from "./operator-login.service.js";
import { maySignIn, toOperatorProfile } from "./operator-profile.js";
import type { OperatorRepository, OperatorRow } from "./operator.repository.js";
import { enrolmentOf, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, stepOfCode, totpOf } from "./totp.js";

/** Wrong codes one pending session may send before it ends and the password is asked again. */
export const MAX_SECOND_FACTOR_FAILURES = 5;
/** Second-factor guesses are throttled apart from password guesses, per account and source alike. */
const SECOND_FACTOR_THROTTLE_PREFIX = "operator-2fa:";
const TOO_MANY_FAILURES = "动态验证码错误次数过多，请重新登录";

export type SecondFactorDependencies = {
  db: Kysely<Database>;
  operators: OperatorRepository;
  secrets: ConsoleSecretKey;
  sessions: SessionService;
  throttle: LoginThrottle;
  devices: KnownDevices;
  now: () => number;
  allowDemoAccounts: boolean;
};

/** Secrets are sealed to their operator: a sealed value copied onto another row does not open. */
const sealContext = (operatorId: number) => `operator-totp:${operatorId}`;

const stageError = (message: string) => new BusinessError(ConsoleCode.secondFactorStage, message);

/**
 * The console's second step (TOTP, RFC 6238): enrolment on the first login (a fresh secret shown
 * as a QR code, kept pending until a first code confirms it, then ten one-time recovery codes),
 * and afterwards a code from the authenticator or one recovery code. Every code is accepted once
 * only: TOTP by its time step (never the same step or an earlier one again), recovery codes by
 * being marked used. Five wrong codes end the pending session; guesses are throttled like
 * password logins besides. Success ends the pending session and opens the operator session.
 */
export class SecondFactorService {
  constructor(private readonly deps: SecondFactorDependencies) {}

  async beginEnrolment(session: ActiveSession): Promise<TotpEnrolment> {
    const row = await this.pendingOperator(session);
    if (row.totp_secret !== null) throw stageError("该操作员已绑定身份验证器，请输入动态验证码");
    const secret = newTotpSecret();
    await this.deps.operators.setPendingSecret(row.id, this.deps.secrets.seal(secret, sealContext(row.id)), this.deps.now());
    return enrolmentOf(row.account, secret);
  }

  async confirmEnrolment(session: ActiveSession, code: string, client: LoginClient): Promise<OperatorSession> {
    const { db, operators, secrets, now } = this.deps;
    const row = await this.pendingOperator(session);
    if (row.totp_secret !== null) throw stageError("该操作员已绑定身份验证器，请输入动态验证码");
    const secret = row.totp_pending_secret === null ? null : secrets.open(row.totp_pending_secret, sealContext(row.id));
    if (secret === null) throw stageError("请先生成身份验证器密钥并扫描二维码");
    const recoveryCodes = newRecoveryCodes();
    return this.exchange(row, session, client, recoveryCodes, async () => {
      const step = stepOfCode(totpOf(row.account, secret), code, now());
      if (step === null) return false;
      const isConfirmed = await db.transaction().execute(async (trx) => {
        if (!(await operators.confirmSecret(trx, row.id, secrets.seal(secret, sealContext(row.id)), step, now()))) return false;
        await operators.replaceRecoveryCodes(trx, row.id, recoveryCodes.map((recoveryCode) => secrets.digest(recoveryCode)), now());
        return true;
      });
      // Another request confirmed it a moment earlier: this one is not a wrong code.
      if (!isConfirmed) throw stageError("该操作员已绑定身份验证器，请输入动态验证码");
      return true;
    });
  }

  async verify(session: ActiveSession, code: string, client: LoginClient): Promise<OperatorSession> {
    const { operators, secrets, now } = this.deps;
    const row = await this.pendingOperator(session);
    const sealed = row.totp_secret;
    if (sealed === null) throw stageError("尚未绑定身份验证器，请先完成绑定");
    return this.exchange(row, session, client, undefined, async () => {
      if (!TOTP_CODE_PATTERN.test(code)) return operators.useRecoveryCode(row.id, secrets.digest(normaliseRecoveryCode(code)), now());
      const secret = secrets.open(sealed, sealContext(row.id));
      // The console key changed (or the row was tampered with): only a reset of the second factor helps.
      if (secret === null) throw stageError("身份验证器密钥无法读取，请使用恢复码，或联系管理员重置二次验证");
      const step = stepOfCode(totpOf(row.account, secret), code, now());
      return step !== null && (await operators.acceptStep(row.id, step));
    });
  }

  /**
   * Runs one code check as a throttled attempt; a wrong code is counted (the fifth ends the
   * pending session), a right one exchanges the pending session for an operator session.
   */
  private async exchange(row: OperatorRow, session: ActiveSession, client: LoginClient, recoveryCodes: string[] | undefined, check: () => Promise<boolean>): Promise<OperatorSession> {
    const { operators, sessions, throttle, devices } = this.deps;
    const device = devices.recognise(client.deviceCookie, operatorDeviceSubject(row.id));
    const source = { accountKey: SECOND_FACTOR_THROTTLE_PREFIX + row.account, ip: client.ip, device, kind: "password" } as const;
    await throttle.attempt(source, async (attempt) => {
      if (await check()) return;
      attempt.fail();
      if ((await operators.countFailure(row.id)) >= MAX_SECOND_FACTOR_FAILURES) {
        await sessions.end(session, "second-factor-failed");
        throw new BusinessError(ResultCode.sessionRevoked, TOO_MANY_FAILURES);
      }
      throw new BusinessError(ConsoleCode.secondFactorWrong, CONSOLE_MESSAGES.secondFactorWrong, { errors: { code: CONSOLE_MESSAGES.secondFactorWrong } });
    });
    await sessions.end(session, "second-factor-done");
    const { token, createdAt } = await sessions.create(String(row.id), "operator");
    await operators.recordLogin(row.id, createdAt);
    const operator = toOperatorProfile(row, await operators.rolesOf(row.id));
    return recoveryCodes ? { token, operator, recoveryCodes } : { token, operator };
  }

  /** The operator of a pending session; one disabled meanwhile (or gone) ends it: 3013. */
  private async pendingOperator(session: ActiveSession): Promise<OperatorRow> {
    const row = await this.deps.operators.findById(Number(session.subjectId));
    if (!row || !maySignIn(row, this.deps.allowDemoAccounts)) {
      await this.deps.sessions.end(session, "account-disabled");
      throw new BusinessError(ResultCode.sessionRevoked);
    }
    return row;
  }
}
