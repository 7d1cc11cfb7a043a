import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import { CONSOLE_PERMISSIONS } from "../../src/schema/console/permissions.js";
import { WEBAPI_PREFIX, type Endpoint, type EndpointParams } from "../../src/schema/contract.js";
import { eventStreamResponse, signedInput, signedPostQuery, successResponse } from "./route-schema.js";

/**
 * Registers the route of one contract endpoint (src/schema/contract.ts): its URL below /webapi,
 * the signed query or body, the success envelope and the session requirement all come from the
 * contract object, so the route, the OpenAPI document and the browser's call cannot disagree.
 * The handler receives the validated parameters (query of a GET, body of a POST) without the
 * transport fields, which plugins/transport-fields.ts has already taken away.
 */

export type EndpointHandler<E extends Endpoint, Files extends z.ZodRawShape = {}> = (
  params: EndpointParams<E> & z.output<z.ZodObject<Files>>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

export interface EndpointRouteOptions<Files extends z.ZodRawShape = {}> {
  /** Rate limits, body limits, multipart options: everything a route adds beyond the contract. */
  config?: Omit<NonNullable<RouteShorthandOptions["config"]>, "session" | "permission">;
  onRequest?: RouteShorthandOptions["onRequest"];
  preHandler?: RouteShorthandOptions["preHandler"];
  bodyLimit?: number;
  /**
   * The file fields of a buffered multipart upload (server/http/uploaded-file.ts), validated with
   * the body; files are not part of the contract's input because they are never signed.
   */
  files?: Files;
}

export function registerEndpoint<E extends Endpoint, Files extends z.ZodRawShape = {}>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, Files>,
  options: EndpointRouteOptions<Files> = {},
) {
  if (endpoint.session === "operator" && !endpoint.permission) {
    // Console calls are checked in one place (plugins/session.ts) against what they declare.
    throw new Error(`console endpoint ${endpoint.method} ${endpoint.path} declares no permission`);
  }
  const isGet = endpoint.method === "GET";
  const description = [endpoint.description, permissionNote(endpoint)].filter(Boolean).join("\n\n");
  const input = options.files ? endpoint.input.safeExtend(options.files) : endpoint.input;
  app.route({
    method: endpoint.method,
    url: `${WEBAPI_PREFIX}${endpoint.path}`,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      ...(isGet ? { querystring: signedInput(input, "query") } : { querystring: signedPostQuery(), body: signedInput(input, "body") }),
      ...(endpoint.multipart ? { consumes: ["multipart/form-data"] } : {}),
      ...(endpoint.file ? {} : { response: endpoint.stream ? eventStreamResponse(endpoint.datas) : successResponse(endpoint.datas, endpoint.extraData) }),
    },
    config: { ...options.config, session: endpoint.session, ...(endpoint.permission ? { permission: endpoint.permission } : {}) },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: (request, reply) => handler((isGet ? request.query : request.body) as EndpointParams<E> & z.output<z.ZodObject<Files>>, request, reply),
  });
}

/** The OpenAPI description's line on who may call a console endpoint. */
function permissionNote(endpoint: Endpoint): string | undefined {
  if (!endpoint.permission) return undefined;
  return endpoint.permission === "signedIn"
    ? "权限：任何已登录的操作员"
    : `权限：${endpoint.permission}（${CONSOLE_PERMISSIONS[endpoint.permission]}）`;
}
