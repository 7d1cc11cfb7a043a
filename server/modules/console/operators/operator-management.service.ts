import type { Transaction } from "kysely";
import { AccountCode } from "../../../../src/schema/account.js";
import type { EndpointParams } from "../../../../src/schema/contract.js";
import { OPERATOR_MESSAGES, OperatorManagementCode, type OPERATOR_ENDPOINTS, type OperatorListQuery, type OperatorRecord } from "../../../../src/schema/console/operators.js";
import type { OperatorRole } from "../../../../src/schema/console/permissions.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { Database } from "../../../db/database.js";
import { BusinessError } from "../../../http/envelope.js";
import { MD5_HEX } from "../../account/password-hasher.js";
import type { EncryptedFields } from "../../security/encrypted-fields.js";
import type { SessionService } from "../../session/session.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "./acting-operator.js";
import type { OperatorAccounts, PreparedOperator } from "./operator-accounts.service.js";
import { auditedStateOf, toOperatorRecord } from "./operator-record.js";
import type { OperatorRepository, OperatorRow } from "./operator.repository.js";

export type OperatorManagementDependencies = {
  operators: OperatorRepository;
  accounts: OperatorAccounts;
  audit: AuditTrail;
  sessions: SessionService;
  /** Opens the initial password the operators page sends; the command line, which has none, passes null. */
  fields: EncryptedFields | null;
  now: () => number;
};

type CreateRequest = EndpointParams<typeof OPERATOR_ENDPOINTS.create>;
type UpdateRequest = EndpointParams<typeof OPERATOR_ENDPOINTS.update>;

/** The role the console cannot be left without: only it manages operators. */
const KEEPER_ROLE: OperatorRole = "administrator";

const notFound = () => new BusinessError(ResultCode.notFound, OPERATOR_MESSAGES.notFound);
const refused = (message: string) => new BusinessError(OperatorManagementCode.changeRefused, message);

/**
 * The operators page (issue 13): every change is an audited action (AuditTrail.perform), its
 * before and after the operator's name, roles, status and whether an authenticator is bound. The
 * console is never left without an active administrator, and nobody disables themself. Ending an
 * operator's sessions follows the commit (the gate refuses a disabled operator at once anyway).
 */
export class OperatorManagement {
  constructor(private readonly deps: OperatorManagementDependencies) {}

  async list(query: OperatorListQuery): Promise<PageP<OperatorRecord>> {
    const { pageNumber, pageSize, keyword, role, status } = query;
    const { rows, total } = await this.deps.operators.list({ keyword, role, status }, { offset: (pageNumber - 1) * pageSize, limit: pageSize });
    return { list: await this.recordsOf(rows), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async one(id: number): Promise<OperatorRecord> {
    const row = await this.deps.operators.findById(id);
    if (!row) throw notFound();
    return (await this.recordsOf([row]))[0];
  }

  /** From the operators page: the initial password as the browser sends it (MD5, RSA-OAEP encrypted). */
  async create(actor: ActingOperator, request: CreateRequest): Promise<OperatorRecord> {
    if (!this.deps.fields) throw new Error("operator creation from the console needs the login key");
    const digest = await this.deps.fields.open(request.encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(digest)) throw new BusinessError(AccountCode.encryptedFieldInvalid, "初始密码格式不正确", { errors: { encryptPassword: "初始密码格式不正确" } });
    return this.createPrepared(actor, await this.deps.accounts.prepareWithDigest({ account: request.account, name: request.name, roles: request.roles }, digest));
  }

  /** An operator whose password is already hashed (OperatorAccounts.prepare: the command line). */
  async createPrepared(actor: ActingOperator, prepared: PreparedOperator): Promise<OperatorRecord> {
    const created = await this.deps.audit.perform(
      { operator: actor, action: "operator.create", target: { type: "operator", id: "new", label: prepared.account } },
      async (trx) => {
        const profile = await this.deps.accounts.insert(prepared, trx);
        return { result: profile, targetId: String(profile.id), after: { account: profile.account, ...auditedStateOf({ name: profile.name, status: "active", totp_secret: null }, profile.roles) } };
      },
    );
    return this.one(created.id);
  }

  async update(actor: ActingOperator, { id, name, roles, reason }: UpdateRequest): Promise<OperatorRecord> {
    const { operators, now } = this.deps;
    return this.change(actor, id, "operator.update", reason, async (trx, row, before) => {
      const isLosingKeeper = before.includes(KEEPER_ROLE) && !roles.includes(KEEPER_ROLE) && row.status === "active";
      if (isLosingKeeper) await this.keepAnotherKeeper(trx, id);
      await operators.update(trx, id, { name }, now());
      await operators.replaceRoles(trx, id, [...new Set(roles)]);
      return { ...row, name };
    }, [...new Set(roles)]);
  }

  async disable(actor: ActingOperator, id: number, reason: string | undefined): Promise<OperatorRecord> {
    if (id === actor.id) throw refused(OPERATOR_MESSAGES.cannotDisableSelf);
    const record = await this.change(actor, id, "operator.disable", reason, async (trx, row, roles) => {
      if (roles.includes(KEEPER_ROLE) && row.status === "active") await this.keepAnotherKeeper(trx, id);
      await this.deps.operators.update(trx, id, { status: "disabled" }, this.deps.now());
      return { ...row, status: "disabled" as const };
    });
    await this.endSessionsOf(id, "account-disabled");
    return record;
  }

  async enable(actor: ActingOperator, id: number, reason: string | undefined): Promise<OperatorRecord> {
    return this.change(actor, id, "operator.enable", reason, async (trx, row) => {
      await this.deps.operators.update(trx, id, { status: "active" }, this.deps.now());
      return { ...row, status: "active" as const };
    });
  }

  /** For a lost authenticator: the secret and recovery codes go, the operator enrols again at the next login. */
  async resetSecondFactor(actor: ActingOperator, id: number, reason: string | undefined): Promise<OperatorRecord> {
    const record = await this.change(actor, id, "operator.resetSecondFactor", reason, async (trx, row) => {
      await this.deps.operators.resetSecondFactor(trx, id, this.deps.now());
      return { ...row, totp_secret: null };
    });
    await this.endSessionsOf(id, "second-factor-reset");
    return record;
  }

  /**
   * One audited change of operator `id`: `apply` writes it with the transaction and answers the
   * row as it now is; `rolesAfter` when the roles change too.
   */
  private async change(
    actor: ActingOperator,
    id: number,
    action: string,
    reason: string | undefined,
    apply: (trx: Transaction<Database>, row: OperatorRow, roles: OperatorRole[]) => Promise<OperatorRow>,
    rolesAfter?: OperatorRole[],
  ): Promise<OperatorRecord> {
    const { operators, audit } = this.deps;
    const found = await operators.findById(id);
    if (!found) throw notFound();
    await audit.perform({ operator: actor, action, target: { type: "operator", id: String(id), label: found.account }, reason: reason || null }, async (trx) => {
      const row = await operators.findById(id, trx);
      if (!row) throw notFound();
      const roles = await operators.rolesOf(id, trx);
      const after = await apply(trx, row, roles);
      return { result: null, before: auditedStateOf(row, roles), after: auditedStateOf(after, rolesAfter ?? roles) };
    });
    return this.one(id);
  }

  /** Refuses a change that would leave no active administrator besides operator `id`. */
  private async keepAnotherKeeper(trx: Transaction<Database>, id: number): Promise<void> {
    if ((await this.deps.operators.countActiveWithRole(trx, KEEPER_ROLE, id)) === 0) throw refused(OPERATOR_MESSAGES.lastAdministrator);
  }

  private async endSessionsOf(id: number, reason: "account-disabled" | "second-factor-reset"): Promise<void> {
    await this.deps.sessions.endAllOf(String(id), "operator", reason);
    await this.deps.sessions.endAllOf(String(id), "operatorPending", reason);
  }

  private async recordsOf(rows: OperatorRow[]): Promise<OperatorRecord[]> {
    const ids = rows.map((row) => row.id);
    const [roles, codes] = await Promise.all([this.deps.operators.rolesOfMany(ids), this.deps.operators.unusedRecoveryCodesOfMany(ids)]);
    return rows.map((row) => toOperatorRecord(row, roles.get(row.id) ?? [], codes.get(row.id) ?? 0));
  }
}
