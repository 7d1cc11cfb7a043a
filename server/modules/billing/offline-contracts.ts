import type { Kysely, Transaction } from "kysely";
import { CONTRACT_MESSAGES } from "../../../src/schema/console/finance-contracts.js";
import { contractStatusOn, contractTransition, ContractStateError, grantsCredit, type ContractStatus } from "../../../src/schema/console/offline-contract-lifecycle.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { ContractFilter, OfflineContractRow, OfflineContractsRepository } from "./offline-contracts.repository.js";

export type NewOfflineContract = {
  userId: number;
  contractNo: string;
  signingParty: string;
  termStart: string;
  termEnd: string;
  creditLimitFen: number;
  remark: string | null;
};

/** Who recorded or terminated a contract: an operator (null id: the migration). */
export type ContractActor = { id: number | null; account: string };

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Offline contracts (spec §4), owned by billing because they decide how far below zero an account
 * may be charged. The credit is read from the contract in force on the Shanghai date of each
 * charge (Billing.reserve, under the account's lock) rather than copied onto the account row by a
 * housekeeping job: a copy would be wrong from midnight until the job ran, in both directions (an
 * expired contract still granting credit, a started one not yet), and would be a second place for
 * one fact. The read is one indexed query per charge.
 */
export class OfflineContracts {
  constructor(private readonly deps: { db: Kysely<Database>; repository: OfflineContractsRepository; now: () => number }) {}

  statusOf(row: OfflineContractRow, now = this.deps.now()): ContractStatus {
    return contractStatusOn({ termStart: row.term_start, termEnd: row.term_end, isTerminated: row.terminated_at !== null }, shanghaiDateKey(now));
  }

  /** The contract in force for a main account now, if any. */
  inForce(userId: number, executor: Executor = this.deps.db): Promise<OfflineContractRow | undefined> {
    return this.deps.repository.findInForce(executor, userId, shanghaiDateKey(this.deps.now()));
  }

  /** How low the available balance may go for a charge now: minus the credit of the contract in force, else zero. */
  async floorFen(userId: number, executor: Executor): Promise<number> {
    const contract = await this.inForce(userId, executor);
    return contract && grantsCredit(this.statusOf(contract)) ? -Number(contract.credit_limit_fen) : 0;
  }

  find(id: number, executor: Executor = this.deps.db): Promise<OfflineContractRow | undefined> {
    return this.deps.repository.findById(id, executor);
  }

  async require(id: number, executor: Executor = this.deps.db): Promise<OfflineContractRow> {
    const row = await this.find(id, executor);
    if (!row) throw new BusinessError(ResultCode.notFound, CONTRACT_MESSAGES.notFound);
    return row;
  }

  list(filter: Omit<ContractFilter, "today">, page: { limit: number; offset: number }) {
    return this.deps.repository.list({ ...filter, today: shanghaiDateKey(this.deps.now()) }, page);
  }

  /**
   * Records a contract of a main account (the caller checked it is one). Refused when its number is
   * taken or its term shares a day with another contract of the customer not terminated: at any
   * day one contract at most decides the credit.
   */
  async record(trx: Transaction<Database>, contract: NewOfflineContract, by: ContractActor): Promise<OfflineContractRow> {
    const { repository } = this.deps;
    await repository.lockCustomer(trx, contract.userId, this.deps.now());
    if (await repository.findByContractNo(contract.contractNo, trx)) throw refusal("contractNo", CONTRACT_MESSAGES.contractNoTaken);
    const overlapping = await repository.findOverlapping(trx, contract.userId, contract.termStart, contract.termEnd);
    if (overlapping) throw refusal("termStart", CONTRACT_MESSAGES.overlaps(overlapping.contract_no, overlapping.term_start, overlapping.term_end));
    return repository.insert(trx, {
      user_id: contract.userId,
      contract_no: contract.contractNo,
      signing_party: contract.signingParty,
      term_start: contract.termStart,
      term_end: contract.termEnd,
      credit_limit_fen: contract.creditLimitFen,
      remark: contract.remark,
      created_by_operator_id: by.id,
      created_by_account: by.account,
      created_at: this.deps.now(),
    });
  }

  /** Ends a contract 未生效 or 生效中 now; from this moment it grants no credit. */
  async terminate(trx: Transaction<Database>, id: number, reason: string, by: ContractActor): Promise<OfflineContractRow> {
    const row = await this.require(id, trx);
    try {
      contractTransition(this.statusOf(row), "terminate");
    } catch (error) {
      if (error instanceof ContractStateError) throw new BusinessError(ResultCode.validationFailed, CONTRACT_MESSAGES.notTerminable);
      throw error;
    }
    const isTerminated = await this.deps.repository.terminate(trx, id, { at: this.deps.now(), reason, operatorId: by.id, account: by.account });
    if (!isTerminated) throw new BusinessError(ResultCode.validationFailed, CONTRACT_MESSAGES.notTerminable);
    return this.require(id, trx);
  }
}

function refusal(field: string, message: string): BusinessError {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}
