import { INSTITUTION_MESSAGES, type InstitutionDetail, type InstitutionFormValues, type InstitutionListQuery, type InstitutionSummary } from "../../../../src/schema/console/appraisal-institutions.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import { parseAccount } from "../../account/account-identifier.js";
import { institutionFacts, type AppraisalInstitutions } from "../../judicial-expert/appraisal-institutions.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";

export type AppraisalConsoleDependencies = {
  institutions: AppraisalInstitutions;
  accounts: Pick<AccountRecords, "findByAccount">;
  audit: Pick<AuditTrail, "perform">;
};

const TARGET = "appraisalInstitution";

/**
 * The console's appraisal institutions (issue 17): it owns no table; the judicial appraisal module
 * keeps institutions and experts and makes each change inside the audit trail's transaction, so
 * the change, its record and (after the commit) its ledger entry stand or fall together.
 */
export class AppraisalConsoleService {
  constructor(private readonly deps: AppraisalConsoleDependencies) {}

  list(query: InstitutionListQuery): Promise<PageP<InstitutionSummary>> {
    return this.deps.institutions.page(query);
  }

  detail(id: number): Promise<InstitutionDetail> {
    return this.deps.institutions.detail(id);
  }

  async create(operator: ActingOperator, form: InstitutionFormValues): Promise<InstitutionDetail> {
    const id = await this.deps.audit.perform({ operator, action: "appraisalInstitution.create", target: { type: TARGET, id: "new", label: form.name } }, async (trx) => {
      const row = await this.deps.institutions.create(trx, form);
      return { result: row.id, after: institutionFacts(row), targetId: String(row.id) };
    });
    return this.detail(id);
  }

  async update(operator: ActingOperator, id: number, form: InstitutionFormValues): Promise<InstitutionDetail> {
    const current = await this.deps.institutions.requireInstitution(id);
    await this.deps.audit.perform({ operator, action: "appraisalInstitution.update", target: { type: TARGET, id: String(id), label: current.name } }, async (trx) => {
      const { before, after } = await this.deps.institutions.update(trx, id, form);
      return { result: undefined, before: institutionFacts(before), after: institutionFacts(after) };
    });
    return this.detail(id);
  }

  /** Attaches an account found by its mobile, e-mail or login account. */
  async addExpert(operator: ActingOperator, institutionId: number, expert: { account: string; name: string }): Promise<InstitutionDetail> {
    const institution = await this.deps.institutions.requireInstitution(institutionId);
    const user = await this.deps.accounts.findByAccount(parseAccount(expert.account)?.value ?? expert.account);
    if (!user || user.status === "cancelled") throw new BusinessError(ResultCode.validationFailed, INSTITUTION_MESSAGES.accountNotFound, { errors: { account: INSTITUTION_MESSAGES.accountNotFound } });
    await this.deps.audit.perform({ operator, action: "appraisalExpert.add", target: { type: TARGET, id: String(institutionId), label: institution.name } }, async (trx) => {
      await this.deps.institutions.addExpert(trx, institutionId, user, expert.name);
      return { result: undefined, after: { expert: { userId: user.id, name: expert.name } } };
    });
    return this.detail(institutionId);
  }

  async removeExpert(operator: ActingOperator, institutionId: number, userId: number): Promise<InstitutionDetail> {
    const institution = await this.deps.institutions.requireInstitution(institutionId);
    await this.deps.audit.perform({ operator, action: "appraisalExpert.remove", target: { type: TARGET, id: String(institutionId), label: institution.name } }, async (trx) => {
      const { expert } = await this.deps.institutions.removeExpert(trx, institutionId, userId);
      return { result: undefined, before: { expert: { userId: expert.user_id, name: expert.name } } };
    });
    return this.detail(institutionId);
  }
}
