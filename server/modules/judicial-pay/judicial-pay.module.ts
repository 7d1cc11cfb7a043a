import type { FastifyInstance } from "fastify";
import { JUDICIAL_PAY_ENDPOINTS } from "../../../src/schema/judicial-pay.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { BillingServices } from "../billing/billing.module.js";
import type { ModuleContext } from "../module.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { PurchaseServices } from "../purchase/purchase.module.js";
import { JudicialPayService, type AppraisalFeePort } from "./judicial-pay.service.js";

export type JudicialPayModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  billing: Pick<BillingServices, "reservations">;
  purchase: Pick<PurchaseServices, "records">;
  appraisals: AppraisalFeePort;
};

/**
 * Judicial pay (/judicial/judicialPay, issue 17): it owns no table; it reads the judicial services'
 * reservations (billing) and the bundle purchases (purchase) and pays appraisal fees through the
 * appraisal module. Bundles are bought with the purchase module's own call.
 */
export async function judicialPayModule(app: FastifyInstance, { accounts, billing, purchase, appraisals }: JudicialPayModuleOptions) {
  const pay = new JudicialPayService({ accounts, reservations: billing.reservations, purchases: purchase.records, appraisals });
  registerEndpoint(app, JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, async ({ commissionId, feeFen }, request) => ok(await pay.payAppraisalFee(sessionUserId(request), commissionId, feeFen)));
  registerEndpoint(app, JUDICIAL_PAY_ENDPOINTS.list, async (query, request) => ok(await pay.list(sessionUserId(request), query)));
  registerEndpoint(app, JUDICIAL_PAY_ENDPOINTS.detail, async ({ id }, request) => ok(await pay.detail(sessionUserId(request), id)));
}
