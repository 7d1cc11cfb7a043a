import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { publish, type ModuleContext } from "../module.js";
import { AdjustmentRecords } from "./adjustment-records.js";
import { Billing } from "./billing.js";
import { BillingRepository } from "./billing.repository.js";
import { billingRoutes } from "./billing.routes.js";
import { BillingService } from "./billing.service.js";
import { MoneyJournal } from "./money-journal.js";
import { MoneyRecordsRepository } from "./money-records.repository.js";
import { moneyRecordsRoutes } from "./money-records.routes.js";
import { MoneyRecordsService } from "./money-records.service.js";
import { OfflineContracts } from "./offline-contracts.js";
import { OfflineContractsRepository } from "./offline-contracts.repository.js";
import { ReservationRecords } from "./reservation-records.js";

export type BillingModuleOptions = ModuleContext & { accounts: Pick<AccountRecords, "findUser"> };

/**
 * The account's money: the journal, the operations that move money (`money`: recharge, reserve,
 * settle, release, adjust), the offline contracts whose credit lets charges go below zero
 * (`contracts`, recorded by finance in the console) and what an account may use. Housekeeping expires reservations nobody
 * came back for.
 */
export async function billingModule(app: FastifyInstance, { db, now, accounts }: BillingModuleOptions) {
  const balances = new BillingRepository(db);
  const moneyRecords = new MoneyRecordsRepository(db);
  const journal = new MoneyJournal(db, now);
  const contracts = new OfflineContracts({ db, repository: new OfflineContractsRepository(db), now });
  const money = new Billing({ db, journal, users: accounts, contracts, now });
  const { billing } = publish(app, "billing", { accounts: balances, billing: new BillingService({ accounts: balances, users: accounts, contracts }), journal, money, contracts, adjustments: new AdjustmentRecords(db), moneyRecords, reservations: new ReservationRecords(db) });
  keepTidy(app, [{ name: "expire money reservations", run: () => money.expireStale() }]);
  await app.register(billingRoutes, { billing });
  const records = new MoneyRecordsService({ records: moneyRecords, users: accounts });
  await app.register(moneyRecordsRoutes, { records, sessions: app.services.sessions, now });
}

export type BillingServices = { accounts: BillingRepository; billing: BillingService; journal: MoneyJournal; money: Billing; contracts: OfflineContracts; adjustments: AdjustmentRecords; moneyRecords: MoneyRecordsRepository; reservations: ReservationRecords };
