import type { FastifyInstance } from "fastify";
import { PURCHASE_ENDPOINTS } from "../../../src/schema/purchase.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { requireOwnUid } from "../personal/route-helpers.js";
import type { Bundles } from "./bundles.js";
import type { ProductPrices } from "./product-prices.js";
import type { Purchases } from "./purchases.js";

export type PurchaseRouteOptions = {
  prices: ProductPrices;
  purchases: Purchases;
  bundles: Bundles;
  users: Pick<AccountRecords, "findUser">;
  now: () => number;
};

export async function purchaseRoutes(app: FastifyInstance, { prices, purchases, bundles, users, now }: PurchaseRouteOptions) {
  registerEndpoint(app, PURCHASE_ENDPOINTS.productPrices, async ({ uid }, request) => {
    requireOwnUid(request, uid);
    return ok({ list: await prices.list(now()) });
  });

  // The same table, for the public activity and guidance pages: prices are no secret.
  registerEndpoint(app, PURCHASE_ENDPOINTS.publicPrices, async () => ok({ list: await prices.list(now()) }));

  registerEndpoint(app, PURCHASE_ENDPOINTS.purchase, async ({ uid, productCode, quantity, attemptId }, request) =>
    ok(await purchases.purchase(requireOwnUid(request, uid), { productCode, quantity, attemptId })),
  );

  // A sub-account sees what its main account holds: it spends from that account (spec §6).
  registerEndpoint(app, PURCHASE_ENDPOINTS.myPackages, async ({ uid }, request) => {
    const user = await users.findUser(requireOwnUid(request, uid));
    const mainId = user?.parent_id ?? uid;
    const [packages, owned] = await Promise.all([purchases.packagesOf(mainId), bundles.owned(mainId)]);
    return ok({ packages, bundles: owned });
  });
}
