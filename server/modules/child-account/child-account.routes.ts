import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHILD_ACCOUNT_ENDPOINTS,
  CHILD_ACCOUNT_KEYWORD_MAX_LENGTH,
  ChildAccountNameSchema,
  ChildAccountSchema,
  ChildAccountStatusSchema,
} from "../../../src/schema/child-account.js";
import { LoginAccountSchema } from "../../../src/schema/credentials.js";
import { pagePSchema, PageQuerySchema } from "../../../src/schema/paging.js";
import { ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, signedQuery, successResponse } from "../../http/route-schema.js";
import type { ChildAccountService } from "./child-account.service.js";

const TAGS = ["子账号"];
const childId = z.coerce.number({ error: "子账号编号不正确" }).int("子账号编号不正确").positive("子账号编号不正确");
const webapi = (path: string) => `/webapi${path}`;
const callerId = (request: FastifyRequest) => Number(request.session!.subjectId);

export async function childAccountRoutes(app: FastifyInstance, options: { children: ChildAccountService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { children } = options;
  const session = { session: "user" } as const;

  routes.get(
    webapi(CHILD_ACCOUNT_ENDPOINTS.list),
    {
      schema: {
        tags: TAGS,
        summary: "子账号列表（分页 pageP），可按关键字（账号或名称）与状态筛选",
        querystring: signedQuery({
          ...PageQuerySchema.shape,
          keyword: z.string().trim().max(CHILD_ACCOUNT_KEYWORD_MAX_LENGTH, `关键字不超过${CHILD_ACCOUNT_KEYWORD_MAX_LENGTH}个字`).optional(),
          status: ChildAccountStatusSchema.optional(),
        }),
        response: successResponse(pagePSchema(ChildAccountSchema)),
      },
      config: session,
    },
    async (request) => {
      const { pageNumber, pageSize, keyword, status } = request.query;
      return ok(await children.list(callerId(request), { keyword: keyword || undefined, status }, pageNumber, pageSize));
    },
  );

  routes.get(
    webapi(CHILD_ACCOUNT_ENDPOINTS.detail),
    {
      schema: { tags: TAGS, summary: "子账号详情（仅限本账号创建的子账号）", querystring: signedQuery({ id: childId }), response: successResponse(ChildAccountSchema) },
      config: session,
    },
    async (request) => ok(await children.detail(callerId(request), request.query.id)),
  );

  routes.post(
    webapi(CHILD_ACCOUNT_ENDPOINTS.create),
    {
      schema: {
        tags: TAGS,
        summary: "创建子账号：登录账号（手机号或邮箱）、名称、初始密码（MD5 后 RSA-OAEP 加密）；首次登录须修改密码",
        querystring: signedPostQuery(),
        body: signedBody({
          account: LoginAccountSchema,
          name: ChildAccountNameSchema,
          encryptPassword: z.string({ error: "请输入密码" }).min(1, "请输入密码").max(2048),
        }),
        response: successResponse(ChildAccountSchema),
      },
      config: { ...session, rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => ok(await children.create(callerId(request), request.body)),
  );

  routes.post(
    webapi(CHILD_ACCOUNT_ENDPOINTS.update),
    {
      schema: {
        tags: TAGS,
        summary: "修改子账号名称",
        querystring: signedPostQuery(),
        body: signedBody({ id: childId, name: ChildAccountNameSchema }),
        response: successResponse(ChildAccountSchema),
      },
      config: session,
    },
    async (request) => ok(await children.rename(callerId(request), request.body.id, request.body.name)),
  );

  for (const [path, summary, change] of [
    [CHILD_ACCOUNT_ENDPOINTS.disable, "停用子账号：其登录随即失效（3013）", (parent: number, id: number) => children.disable(parent, id)],
    [CHILD_ACCOUNT_ENDPOINTS.enable, "启用子账号", (parent: number, id: number) => children.enable(parent, id)],
  ] as const) {
    routes.post(
      webapi(path),
      {
        schema: { tags: TAGS, summary, querystring: signedPostQuery(), body: signedBody({ id: childId }), response: successResponse(ChildAccountSchema) },
        config: session,
      },
      async (request) => ok(await change(callerId(request), request.body.id)),
    );
  }
}
