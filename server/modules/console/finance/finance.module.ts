import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { BalanceAdjustments } from "./adjustments.service.js";
import { ContractDesk } from "./contracts.service.js";
import { CustomerMoneyView } from "./customer-money.service.js";
import { FinanceCustomers } from "./finance-customers.js";
import { financeRoutes } from "./finance.routes.js";
import { PriceEdits } from "./price-edits.service.js";

/**
 * 财务 (issue 14): prices, offline contracts and balance adjustments, each through the module that
 * owns the data (purchase's price table, billing's contracts and journal) and the audit trail.
 */
export async function financeModule(app: FastifyInstance, { audit, services, now }: ConsoleConcernOptions) {
  const customers = new FinanceCustomers(services.accounts.records);
  const { billing, purchase } = services;
  const contracts = new ContractDesk({ contracts: billing.contracts, customers, audit });
  await app.register(financeRoutes, {
    prices: new PriceEdits({ prices: purchase.prices, audit, now }),
    contracts,
    customerMoney: new CustomerMoneyView({ users: services.accounts.records, journal: billing.journal, contracts: billing.contracts, contractDesk: contracts, moneyRecords: billing.moneyRecords }),
    adjustments: new BalanceAdjustments({ money: billing.money, journal: billing.journal, records: billing.adjustments, customers, operators: services.console.operators.repository, audit }),
  });
}
