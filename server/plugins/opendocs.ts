import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { OPENDOCS_POLICY } from "./security-headers.js";

export const OPENDOCS_PREFIX = "/opendocs";

/**
 * The OpenAPI document, generated from the same zod schemas the routes validate with, browsable
 * at /opendocs (spec §7) and downloadable at /opendocs/json. Swagger UI's files come from the
 * package itself: nothing is loaded from the internet.
 */
export const opendocsPlugin = fp(async function opendocsPlugin(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "衡证电子证据平台 /webapi",
        description: [
          "每个请求都带 `timestamp`（毫秒）和 `signature` 查询参数。签名算法：取请求的全部参数（GET 为查询参数，POST 为请求体字段，文件除外）加上 timestamp，",
          "去掉 signature、paramStr 以及值为 null/undefined 的参数，按参数名升序（按码元比较）排列，依次拼接“参数名 + 参数值”",
          "（字符串原样；数字、布尔值用 String(v)；数组和对象用 JSON.stringify(v)），对 UTF-8 字节求 SHA-256，取小写十六进制。",
          "登录后 token 在 GET 请求中放在查询参数，在 POST 请求中放在请求体。",
          "所有响应体均为 `{code, message, datas, extraData?}`，code 200 表示成功；102、103、3013 表示登录已失效。",
        ].join(""),
        version: "2",
      },
      tags: [
        { name: "公共", description: "时间、相关应用" },
        { name: "内容", description: "轮播图、产品动态" },
        { name: "账号", description: "登录会话" },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: OPENDOCS_PREFIX,
    // Swagger UI's own page rule; the security headers plugin leaves a set policy alone.
    uiHooks: {
      onRequest: async (_request, reply) => {
        reply.header("content-security-policy", OPENDOCS_POLICY);
      },
    },
  });
});
