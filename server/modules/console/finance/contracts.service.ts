import {
  CONTRACT_ACTIONS,
  CONTRACT_TARGET,
  CREDIT_LIMIT_MAX_FEN,
  type ContractListQuery,
  type ContractRecord,
  type NewContractInput,
  type TerminateContractInput,
} from "../../../../src/schema/console/finance-contracts.js";
import { amountFen } from "../../../../src/schema/console/finance.js";
import { formatDateTime } from "../../../../src/schema/format.js";
import type { PageP } from "../../../../src/schema/paging.js";
import type { OfflineContracts } from "../../billing/offline-contracts.js";
import type { OfflineContractRow } from "../../billing/offline-contracts.repository.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import type { FinanceCustomers } from "./finance-customers.js";

export type ContractDeskDependencies = {
  contracts: OfflineContracts;
  customers: FinanceCustomers;
  audit: Pick<AuditTrail, "perform">;
};

/**
 * 线下合同: finance records and terminates offline contracts through the billing module, which
 * owns them and reads their credit at each charge; each is an audited operator action.
 */
export class ContractDesk {
  constructor(private readonly deps: ContractDeskDependencies) {}

  async list(query: ContractListQuery): Promise<PageP<ContractRecord>> {
    const { pageNumber, pageSize, status, keyword } = query;
    const named = keyword ? { text: keyword, userIds: await this.deps.customers.idsNamed(keyword) } : undefined;
    const { rows, total } = await this.deps.contracts.list({ ...(status ? { status } : {}), ...(named ? { keyword: named } : {}) }, { limit: pageSize, offset: (pageNumber - 1) * pageSize });
    return { list: await this.recordsOf(rows), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async one(id: number): Promise<ContractRecord> {
    const [record] = await this.recordsOf([await this.deps.contracts.require(id)]);
    return record;
  }

  async create(operator: ActingOperator, input: NewContractInput): Promise<ContractRecord> {
    const customer = await this.deps.customers.requireMain(input.customerAccount);
    // The schema checked the text: this is its exact fen.
    const creditLimitFen = amountFen(input.creditLimit, { minFen: 0, maxFen: CREDIT_LIMIT_MAX_FEN })!;
    const contract = { userId: customer.id, contractNo: input.contractNo, signingParty: input.signingParty, termStart: input.termStart, termEnd: input.termEnd, creditLimitFen, remark: input.remark ?? null };
    const row = await this.deps.audit.perform(
      { operator, action: CONTRACT_ACTIONS.create, target: { type: CONTRACT_TARGET, id: "", label: `${input.contractNo}（${customer.account}）` } },
      async (trx) => {
        const recorded = await this.deps.contracts.record(trx, contract, operator);
        return { result: recorded, after: { ...contract, status: this.deps.contracts.statusOf(recorded) }, targetId: String(recorded.id) };
      },
    );
    return this.one(row.id);
  }

  async terminate(operator: ActingOperator, input: TerminateContractInput): Promise<ContractRecord> {
    const row = await this.deps.contracts.require(input.id);
    const [customer] = (await this.deps.customers.accountsOf([row.user_id])).values();
    await this.deps.audit.perform(
      { operator, action: CONTRACT_ACTIONS.terminate, target: { type: CONTRACT_TARGET, id: String(row.id), label: `${row.contract_no}（${customer}）` }, reason: input.reason },
      async (trx) => {
        const before = this.deps.contracts.statusOf(row);
        const terminated = await this.deps.contracts.terminate(trx, row.id, input.reason, operator);
        return { result: undefined, before: { status: before }, after: { status: this.deps.contracts.statusOf(terminated) } };
      },
    );
    return this.one(row.id);
  }

  private async recordsOf(rows: OfflineContractRow[]): Promise<ContractRecord[]> {
    const accounts = await this.deps.customers.accountsOf(rows.map((row) => row.user_id));
    return rows.map((row) => ({
      id: row.id,
      contractNo: row.contract_no,
      customerAccount: accounts.get(row.user_id) ?? `用户 ${row.user_id}`,
      signingParty: row.signing_party,
      termStart: row.term_start,
      termEnd: row.term_end,
      creditLimitFen: Number(row.credit_limit_fen),
      status: this.deps.contracts.statusOf(row),
      remark: row.remark,
      createdBy: row.created_by_account,
      createTime: formatDateTime(Number(row.created_at)),
      terminationReason: row.termination_reason,
      terminatedBy: row.terminated_by_account,
      terminateTime: row.terminated_at === null ? null : formatDateTime(Number(row.terminated_at)),
    }));
  }
}
