import { randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { BillingServices } from "../billing/billing.module.js";
import { publish, type ModuleContext } from "../module.js";
import { readOrCreateKeyFile } from "../security/key-file.js";
import { DEV_CASHIER_PATHS, devCashierRoutes } from "./dev-cashier.routes.js";
import { DevelopmentCashier } from "./development-cashier.js";
import { DevelopmentCashierRepository } from "./development-cashier.repository.js";
import { PaidOrders } from "./paid-orders.js";
import { paymentCallbackRoutes } from "./payment-callbacks.routes.js";
import { paymentProvidersFor } from "./payment-providers.js";
import { PaymentRecordsRepository } from "./payment-records.repository.js";
import { PaymentRefunds } from "./payment-refunds.js";
import { paymentRoutes } from "./payment.routes.js";
import { RechargeOrders } from "./recharge-orders.js";

/** The development cashier's notification key: made on first start, copied with DATA_DIR/keys to every process. */
export const DEV_CASHIER_KEY_FILE = path.join("keys", "dev-cashier.key");

export type PaymentModuleOptions = ModuleContext & { accounts: Pick<AccountRecords, "findUser">; billing: Pick<BillingServices, "accounts" | "money"> };

/**
 * Recharge through a payment provider (issue 14): the recharge orders and their calls, the
 * providers' notify URLs, refunds of money taken and not credited, and with development providers
 * the simulated cashier. Housekeeping closes stale attempts (at the provider too) and moves refunds on.
 */
export async function paymentModule(app: FastifyInstance, { config, db, now, accounts, billing }: PaymentModuleOptions) {
  const providers = paymentProvidersFor(
    config,
    () =>
      new DevelopmentCashier({
        cashierUrl: `${config.publicBaseUrl}${DEV_CASHIER_PATHS.page}`,
        attempts: new DevelopmentCashierRepository(db),
        secret: readOrCreateKeyFile(config.dataDir, DEV_CASHIER_KEY_FILE, () => randomBytes(32)),
        now,
      }),
  );
  const refunds = new PaymentRefunds({ db, now, providers, log: app.log });
  const orders = new RechargeOrders({
    db,
    now,
    money: billing.money,
    balances: billing.accounts,
    users: accounts,
    refunds,
    providers,
    publicBaseUrl: config.publicBaseUrl,
    log: app.log,
  });
  const cashier = providers.get("development");
  publish(app, "payment", { orders, refunds, records: new PaymentRecordsRepository(db), paid: new PaidOrders(db), cashier: cashier instanceof DevelopmentCashier ? cashier : null });
  keepTidy(app, [
    { name: "close unpaid recharge orders", run: () => orders.closeStale() },
    { name: "send, query and retry payment refunds", run: () => refunds.tidy() },
  ]);
  await app.register(paymentRoutes, { orders });
  await app.register(paymentCallbackRoutes, { orders, providers: [...providers.values()] });
  if (cashier instanceof DevelopmentCashier) await app.register(devCashierRoutes, { cashier, orders });
}

export type PaymentServices = {
  orders: RechargeOrders;
  refunds: PaymentRefunds;
  records: PaymentRecordsRepository;
  /** The paid orders, read by the invoice module. */
  paid: PaidOrders;
  cashier: DevelopmentCashier | null;
};
