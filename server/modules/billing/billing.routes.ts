import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AccountStatusQuerySchema, BalanceSchema, BILLING_ENDPOINTS } from "../../../src/schema/billing.js";
import { ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import { requireOwnUid, uidField } from "../personal/route-helpers.js";
import type { BillingService } from "./billing.service.js";

const TAGS = ["计费"];

export async function billingRoutes(app: FastifyInstance, options: { billing: BillingService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { billing } = options;

  routes.get(
    `/webapi${BILLING_ENDPOINTS.getBalance}`,
    {
      schema: {
        tags: TAGS,
        summary: "账户余额：datas.list.balance 为元（两位小数的字符串），datas.list.balanceFen 为同值的整数分；新账号为 0",
        querystring: signedQuery({ uid: uidField }),
        response: successResponse(BalanceSchema),
      },
      config: { session: "user" },
    },
    async (request) => ok(await billing.getBalance(requireOwnUid(request, request.query.uid))),
  );

  routes.get(
    `/webapi${BILLING_ENDPOINTS.accountStatus}`,
    {
      schema: {
        tags: TAGS,
        summary:
          "账户能否使用某产品（只看 code）：200 可以；309 产品不存在或未开通，305 子账号，304 未实名认证，301 余额不足且未签订线下合同。40001 为信息监测",
        querystring: signedQuery({ uid: uidField, ...AccountStatusQuerySchema.shape }),
        response: successResponse(z.null()),
      },
      config: { session: "user" },
    },
    // Returned, not thrown: the answer is a code, and a 200 refreshes the session like any successful call.
    async (request) => {
      const userId = requireOwnUid(request, request.query.uid);
      return { ...(await billing.accountStatus(userId, request.query.productCode)), datas: null };
    },
  );
}
