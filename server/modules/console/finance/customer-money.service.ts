import { CUSTOMER_MESSAGES } from "../../../../src/schema/console/customers.js";
import { CUSTOMER_MOVEMENTS_SHOWN, type CustomerMoney } from "../../../../src/schema/console/finance-customer-money.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { MONEY_RECORD_KINDS } from "../../../../src/schema/money-records.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { MoneyJournal } from "../../billing/money-journal.js";
import type { MoneyRecordsRepository } from "../../billing/money-records.repository.js";
import type { OfflineContracts } from "../../billing/offline-contracts.js";
import type { ContractDesk } from "./contracts.service.js";

export type CustomerMoneyDependencies = {
  users: Pick<AccountRecords, "findUser">;
  journal: Pick<MoneyJournal, "balanceOf">;
  contracts: Pick<OfflineContracts, "inForce">;
  contractDesk: Pick<ContractDesk, "one">;
  moneyRecords: Pick<MoneyRecordsRepository, "page">;
};

const EVERY_RECORD_KIND = Object.values(MONEY_RECORD_KINDS).flat();

/** A customer's money for the customer page's 资金 tab: read only; a sub-account answers its main account's. */
export class CustomerMoneyView {
  constructor(private readonly deps: CustomerMoneyDependencies) {}

  async of(userId: number): Promise<CustomerMoney> {
    const user = await this.deps.users.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.notFound, CUSTOMER_MESSAGES.notFound);
    const mainId = user.parent_id ?? user.id;
    const [balances, contract, movements] = await Promise.all([
      this.deps.journal.balanceOf(mainId),
      this.deps.contracts.inForce(mainId),
      this.deps.moneyRecords.page({ mainId, kinds: EVERY_RECORD_KIND, subAccountId: null }, { offset: 0, limit: CUSTOMER_MOVEMENTS_SHOWN }),
    ]);
    return {
      balances,
      contract: contract ? await this.deps.contractDesk.one(contract.id) : null,
      movements: movements.map((row) => ({ id: row.id, kind: row.kind, amountFen: row.deltaFen, memo: row.memo, createTime: row.createdAt })),
    };
  }
}
