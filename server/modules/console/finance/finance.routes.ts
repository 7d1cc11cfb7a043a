import type { FastifyInstance } from "fastify";
import { FINANCE_ADJUSTMENT_ENDPOINTS } from "../../../../src/schema/console/finance-adjustments.js";
import { FINANCE_CONTRACT_ENDPOINTS } from "../../../../src/schema/console/finance-contracts.js";
import { FINANCE_CUSTOMER_ENDPOINTS } from "../../../../src/schema/console/finance-customer-money.js";
import { FINANCE_PRICE_ENDPOINTS } from "../../../../src/schema/console/finance-prices.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { BalanceAdjustments } from "./adjustments.service.js";
import type { ContractDesk } from "./contracts.service.js";
import type { CustomerMoneyView } from "./customer-money.service.js";
import type { PriceEdits } from "./price-edits.service.js";

/** The finance calls; the operator and their permission ("finance.manage") are checked before a handler runs. */
export async function financeRoutes(app: FastifyInstance, options: { prices: PriceEdits; contracts: ContractDesk; adjustments: BalanceAdjustments; customerMoney: CustomerMoneyView }) {
  const { prices, contracts, adjustments, customerMoney } = options;

  registerEndpoint(app, FINANCE_PRICE_ENDPOINTS.list, async (query) => ok(await prices.list(query)));
  registerEndpoint(app, FINANCE_PRICE_ENDPOINTS.update, async (input, request) => ok(await prices.update(request.operator!, input)));

  registerEndpoint(app, FINANCE_CONTRACT_ENDPOINTS.list, async (query) => ok(await contracts.list(query)));
  registerEndpoint(app, FINANCE_CONTRACT_ENDPOINTS.one, async ({ id }) => ok(await contracts.one(id)));
  registerEndpoint(app, FINANCE_CONTRACT_ENDPOINTS.create, async (input, request) => ok(await contracts.create(request.operator!, input)));
  registerEndpoint(app, FINANCE_CONTRACT_ENDPOINTS.terminate, async (input, request) => ok(await contracts.terminate(request.operator!, input)));

  registerEndpoint(app, FINANCE_ADJUSTMENT_ENDPOINTS.list, async (query) => ok(await adjustments.list(query)));
  registerEndpoint(app, FINANCE_ADJUSTMENT_ENDPOINTS.create, async (input, request) => ok(await adjustments.create(request.operator!, input)));

  registerEndpoint(app, FINANCE_CUSTOMER_ENDPOINTS.money, async ({ id }) => ok(await customerMoney.of(id)));
}
