import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { BillingServices } from "../billing/billing.module.js";
import { publish, type ModuleContext } from "../module.js";
import type { Notifier } from "../notifier/notifier.js";
import { Bundles } from "./bundles.js";
import { PackageUnits } from "./package-units.js";
import { ProductPrices } from "./product-prices.js";
import { PurchaseRecords } from "./purchase-records.js";
import { purchaseRoutes } from "./purchase.routes.js";
import { Purchases } from "./purchases.js";

export type PurchaseModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  billing: Pick<BillingServices, "money" | "journal">;
  notifier: Notifier;
};

/**
 * Packages and notarisation bundles (issue 14): the price table, purchases paid from the balance,
 * and the bundles' lifecycle, whose freeze/unfreeze/consume the notarisation applications call
 * (`app.services.purchase.bundles`), and the snapshot units captures hold and spend
 * (`app.services.purchase.units`). Housekeeping expires bundles past their 90 days and unit
 * reservations past theirs.
 */
export async function purchaseModule(app: FastifyInstance, { db, now, accounts, billing, notifier }: PurchaseModuleOptions) {
  const prices = new ProductPrices(db);
  const purchases = new Purchases({ db, now, users: accounts, prices, money: billing.money, journal: billing.journal });
  const bundles = new Bundles({ db, now, users: accounts, notifier, log: app.log });
  const units = new PackageUnits({ db, now, users: accounts });
  publish(app, "purchase", { prices, purchases, bundles, units, records: new PurchaseRecords(db) });
  keepTidy(app, [
    { name: "expire notarisation bundles", run: () => bundles.expireDue() },
    { name: "expire package unit reservations", run: () => units.expireStale() },
  ]);
  await app.register(purchaseRoutes, { prices, purchases, bundles, users: accounts, now });
}

export type PurchaseServices = { prices: ProductPrices; purchases: Purchases; bundles: Bundles; units: PackageUnits; records: PurchaseRecords };
