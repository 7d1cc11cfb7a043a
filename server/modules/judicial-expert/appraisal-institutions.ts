import type { Kysely, Transaction } from "kysely";
import { INSTITUTION_MESSAGES, type InstitutionDetail, type InstitutionFormValues, type InstitutionListQuery, type InstitutionSummary } from "../../../src/schema/console/appraisal-institutions.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { AppraisalInstitution } from "../../../src/schema/judicial-expert.js";
import type { PageP } from "../../../src/schema/paging.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { UserRow } from "../account/user.repository.js";
import type { AppraisalRepository, ExpertRow, InstitutionRow } from "./appraisal.repository.js";

export type InstitutionsDependencies = {
  repository: AppraisalRepository;
  accounts: Pick<AccountRecords, "findUser">;
  now: () => number;
};

/** An expert as the module knows them: their account, the name the institution gave them, and the institution. */
export type ExpertMembership = { expert: ExpertRow; institution: InstitutionRow };

/** The facts of an institution an operator's change records before and after (audit trail). */
export const institutionFacts = (row: InstitutionRow) => ({
  name: row.name,
  licenseNo: row.license_no,
  region: row.region,
  address: row.address,
  phone: row.phone,
  scope: row.scope,
  introduction: row.introduction,
  acceptsCommissions: row.accepts_commissions === 1,
});

/**
 * The appraisal institutions and their experts (issue 17). Operators change them through the
 * console (server/modules/console/appraisal), whose audit trail hands its transaction to the
 * changes here; the commission use cases read them.
 */
export class AppraisalInstitutions {
  constructor(private readonly deps: InstitutionsDependencies) {}

  /** What an applicant may choose from. */
  async accepting(): Promise<AppraisalInstitution[]> {
    return (await this.deps.repository.acceptingInstitutions()).map(toInstitution);
  }

  async page(query: InstitutionListQuery): Promise<PageP<InstitutionSummary>> {
    const { rows, total } = await this.deps.repository.institutionPage(query.keyword || undefined, query);
    const counts = await this.deps.repository.expertCounts(rows.map((row) => row.id));
    return {
      list: rows.map((row) => toSummary(row, counts.get(row.id) ?? 0)),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      totalPage: Math.ceil(total / query.pageSize),
      totalRow: total,
    };
  }

  async detail(id: number): Promise<InstitutionDetail> {
    const row = await this.requireInstitution(id);
    const experts = await this.deps.repository.expertsOf(id);
    const users = await Promise.all(experts.map((expert) => this.deps.accounts.findUser(expert.user_id)));
    return {
      ...toSummary(row, experts.length),
      experts: experts.map((expert, index) => ({ userId: expert.user_id, name: expert.name, account: accountOf(users[index]), addTime: Number(expert.created_at) })),
    };
  }

  async requireInstitution(id: number, db?: Kysely<Database>): Promise<InstitutionRow> {
    const row = await this.deps.repository.findInstitution(id, db);
    if (!row) throw new BusinessError(ResultCode.notFound, INSTITUTION_MESSAGES.notFound);
    return row;
  }

  /** The institution `userId` is an expert of, or null. */
  async membershipOf(userId: number): Promise<ExpertMembership | null> {
    const expert = await this.deps.repository.findExpert(userId);
    const institution = expert ? await this.deps.repository.findInstitution(expert.institution_id) : undefined;
    return expert && institution ? { expert, institution } : null;
  }

  /** The user ids of an institution's experts (who hears of a new commission). */
  async expertIdsOf(institutionId: number): Promise<number[]> {
    return (await this.deps.repository.expertsOf(institutionId)).map((expert) => expert.user_id);
  }

  // ---- changes, inside the caller's (audited) transaction ----

  async create(trx: Transaction<Database>, form: InstitutionFormValues): Promise<InstitutionRow> {
    await this.requireFreeName(trx, form.name);
    const now = this.deps.now();
    const id = await this.deps.repository.insertInstitution(trx, { ...columnsOf(form), created_at: now, updated_at: now });
    return (await this.deps.repository.findInstitution(id, trx))!;
  }

  /** Answers the row before and after. */
  async update(trx: Transaction<Database>, id: number, form: InstitutionFormValues): Promise<{ before: InstitutionRow; after: InstitutionRow }> {
    const before = await this.requireInstitution(id, trx);
    if (form.name !== before.name) await this.requireFreeName(trx, form.name);
    await this.deps.repository.updateInstitution(trx, id, { ...columnsOf(form), updated_at: this.deps.now() });
    return { before, after: (await this.deps.repository.findInstitution(id, trx))! };
  }

  /** A main account joins the institution; an account belongs to one institution at most. */
  async addExpert(trx: Transaction<Database>, institutionId: number, user: UserRow, name: string): Promise<InstitutionRow> {
    const institution = await this.requireInstitution(institutionId, trx);
    if (user.parent_id !== null) throw new BusinessError(ResultCode.validationFailed, INSTITUTION_MESSAGES.accountNotMain, { errors: { account: INSTITUTION_MESSAGES.accountNotMain } });
    const earlier = await this.deps.repository.findExpert(user.id, trx);
    if (earlier) {
      const where = earlier.institution_id === institutionId ? institution : await this.deps.repository.findInstitution(earlier.institution_id, trx);
      const message = INSTITUTION_MESSAGES.alreadyExpert(where?.name ?? "");
      throw new BusinessError(ResultCode.validationFailed, message, { errors: { account: message } });
    }
    await this.deps.repository.insertExpert(trx, { user_id: user.id, institution_id: institutionId, name, created_at: this.deps.now() });
    return institution;
  }

  async removeExpert(trx: Transaction<Database>, institutionId: number, userId: number): Promise<{ institution: InstitutionRow; expert: ExpertRow }> {
    const institution = await this.requireInstitution(institutionId, trx);
    const expert = await this.deps.repository.findExpert(userId, trx);
    if (!expert || expert.institution_id !== institutionId || !(await this.deps.repository.deleteExpert(trx, institutionId, userId))) {
      throw new BusinessError(ResultCode.notFound, INSTITUTION_MESSAGES.expertNotFound);
    }
    return { institution, expert };
  }

  private async requireFreeName(trx: Transaction<Database>, name: string): Promise<void> {
    if (await this.deps.repository.findInstitutionByName(name, trx)) {
      throw new BusinessError(ResultCode.validationFailed, INSTITUTION_MESSAGES.nameTaken, { errors: { name: INSTITUTION_MESSAGES.nameTaken } });
    }
  }
}

export function toInstitution(row: InstitutionRow): AppraisalInstitution {
  return { id: row.id, name: row.name, licenseNo: row.license_no, region: row.region, address: row.address, phone: row.phone, scope: row.scope, introduction: row.introduction };
}

function toSummary(row: InstitutionRow, expertCount: number): InstitutionSummary {
  return { ...toInstitution(row), acceptsCommissions: row.accepts_commissions === 1, expertCount, createTime: Number(row.created_at) };
}

function columnsOf(form: InstitutionFormValues) {
  return {
    name: form.name,
    license_no: form.licenseNo,
    region: form.region,
    address: form.address,
    phone: form.phone,
    scope: form.scope,
    introduction: form.introduction ?? "",
    accepts_commissions: form.acceptsCommissions ? 1 : 0,
  };
}

/** How an operator recognises the account: its login account, else mobile, else e-mail. */
function accountOf(user: UserRow | undefined): string {
  return user?.login_account ?? user?.mobile ?? user?.mail ?? "（账号已不存在）";
}
