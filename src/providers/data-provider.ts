import type { BaseRecord, CrudFilter, DataProvider, HttpError, MetaQuery, Pagination } from "@refinedev/core";
import { ResultCode, type Envelope, type ValidationErrors } from "../schema/envelope";
import type { Endpoint } from "../schema/contract";
import { callEndpoint, type CallOptions, type HttpClient, type RequestParams } from "./http-client";

/**
 * refine's verbs mapped onto /webapi (STYLE.md habit 4): which endpoint a resource uses comes from
 * its `meta`, the transport (signing, token, session codes) from the injected HTTP client, and
 * every failure leaves here as one HttpError shape.
 */

/** The contract endpoints (src/schema) behind a resource's verbs. */
export interface ResourceEndpoints {
  list?: Endpoint;
  one?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
}

/** What a resource (or a `custom` call) puts in `meta` for this provider. */
export interface WebapiResourceMeta {
  endpoints?: ResourceEndpoints;
  /** The endpoint of a `custom` call; its method, token and multipart come from it. */
  endpoint?: Endpoint;
  /** Name of the id parameter of getOne/update/delete calls; "id" unless the endpoint says otherwise. */
  idParam?: string;
  /** Extra fixed query parameters (e.g. `useScene`). */
  query?: RequestParams;
}

/** The paged response of spec §3. */
export interface PageP<T> {
  list: T[];
  pageNumber: number;
  pageSize: number;
  totalPage: number;
  totalRow: number;
}

/** `custom` also hands back `extraData`, where some calls put their payload (getDappList). */
export interface WebapiCustomResponse<T, E = unknown> {
  data: T;
  extraData?: E;
}

export function createDataProvider(http: HttpClient): DataProvider {
  return {
    getApiUrl: () => http.baseURL,

    async getList({ resource, pagination, filters, meta }) {
      const options = readMeta(meta);
      const params = { ...options.query, ...filterParams(filters), ...pagingParams(pagination) };
      const envelope = await callEndpoint(http, endpoint(resource, options, "list"), params, callOptions(meta));
      const page = readPage(expectSuccess(envelope) as PageP<never> | { pageP: PageP<never> } | null);
      return { data: page.list, total: page.totalRow, pageNumber: page.pageNumber, pageSize: page.pageSize, totalPage: page.totalPage };
    },

    async getOne({ resource, id, meta }) {
      const options = readMeta(meta);
      const params = { ...options.query, [options.idParam ?? "id"]: id };
      const envelope = await callEndpoint(http, endpoint(resource, options, "one"), params, callOptions(meta));
      return { data: expectSuccess(envelope) as never };
    },

    async create({ resource, variables, meta }) {
      const options = readMeta(meta);
      const [fields, files] = split(variables);
      const envelope = await callEndpoint(http, endpoint(resource, options, "create"), fields, { ...callOptions(meta), ...files });
      return { data: expectSuccess(envelope) as never };
    },

    async update({ resource, id, variables, meta }) {
      const options = readMeta(meta);
      const body = { ...toParams(variables), [options.idParam ?? "id"]: id };
      const envelope = await callEndpoint(http, endpoint(resource, options, "update"), body, callOptions(meta));
      return { data: expectSuccess(envelope) as never };
    },

    async deleteOne({ resource, id, variables, meta }) {
      const options = readMeta(meta);
      const body = { ...toParams(variables), [options.idParam ?? "id"]: id };
      const envelope = await callEndpoint(http, endpoint(resource, options, "delete"), body, callOptions(meta));
      return { data: expectSuccess(envelope) as never };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ method, query, payload, meta }: Parameters<NonNullable<DataProvider["custom"]>>[0]) {
      const options = readMeta(meta);
      const target = options.endpoint;
      if (!target) throw httpError(ResultCode.badRequest, "自定义调用未指定接口");
      if (method.toUpperCase() !== target.method) throw httpError(ResultCode.badRequest, `接口 ${target.path} 仅支持 ${target.method} 请求`);
      const [params, files] = target.method === "GET" ? [{ ...options.query, ...toParams(query) }, {}] : split(payload);
      const envelope = await callEndpoint(http, target, params, { ...callOptions(meta), ...files });
      return { data: expectSuccess(envelope) as TData, extraData: envelope.extraData };
    },
  };
}

/** The one place a non-success envelope becomes refine's HttpError. */
export function toHttpError(envelope: Envelope<unknown>): HttpError {
  const extra = envelope.extraData as { errors?: unknown } | undefined;
  const errors = isFieldMessages(extra?.errors) ? extra.errors : undefined;
  return httpError(envelope.code, envelope.message, errors);
}

function expectSuccess<T>(envelope: Envelope<T>): T {
  if (envelope.code !== ResultCode.success) throw toHttpError(envelope);
  return envelope.datas;
}

function httpError(statusCode: number, message: string, errors?: ValidationErrors): HttpError {
  return errors ? { message, statusCode, errors } : { message, statusCode };
}

function readMeta(meta: MetaQuery | undefined): WebapiResourceMeta {
  const { endpoints, endpoint, idParam, query } = meta ?? {};
  return { endpoints, endpoint, idParam, query };
}

function callOptions(meta: MetaQuery | undefined): CallOptions {
  return { signal: meta?.queryContext?.signal };
}

function endpoint(resource: string, options: WebapiResourceMeta, verb: keyof ResourceEndpoints): Endpoint {
  const target = options.endpoints?.[verb];
  if (!target) throw httpError(ResultCode.badRequest, `资源 ${resource} 未配置 ${verb} 接口`);
  return target;
}

/** A form's values as the call's fields and, for a multipart endpoint, its files (Blob values). */
function split(values: unknown): [RequestParams, { files?: Record<string, Blob> }] {
  const params = toParams(values);
  const files = Object.fromEntries(Object.entries(params).filter(([, value]) => value instanceof Blob)) as Record<string, Blob>;
  if (Object.keys(files).length === 0) return [params, {}];
  const fields = Object.fromEntries(Object.entries(params).filter(([, value]) => !(value instanceof Blob)));
  return [fields, { files }];
}

/** refine counts pages from 1 like /webapi; only server-side paging is sent to the server. */
function pagingParams(pagination: Pagination | undefined): RequestParams {
  if (!pagination || (pagination.mode ?? "server") !== "server") return {};
  return { pageNumber: pagination.currentPage, pageSize: pagination.pageSize };
}

/** /webapi list endpoints take flat, named filter fields (startTime, keyName …); empty ones are left out. */
function filterParams(filters: CrudFilter[] | undefined): RequestParams {
  const params: RequestParams = {};
  for (const filter of filters ?? []) {
    if ("field" in filter && filter.value !== undefined && filter.value !== null && filter.value !== "") {
      params[filter.field] = filter.value;
    }
  }
  return params;
}

const EMPTY_PAGE: PageP<never> = { list: [], pageNumber: 1, pageSize: 0, totalPage: 0, totalRow: 0 };

function readPage<T>(datas: PageP<T> | { pageP: PageP<T> } | null): PageP<T> {
  // Some endpoints answer with the page itself, others wrap it as `datas.pageP` (spec §3).
  const page = datas && "pageP" in datas ? datas.pageP : datas;
  return page ? { ...page, list: page.list ?? [] } : EMPTY_PAGE;
}

function toParams(value: unknown): RequestParams {
  return typeof value === "object" && value !== null ? { ...(value as RequestParams) } : {};
}

function isFieldMessages(value: unknown): value is ValidationErrors {
  return typeof value === "object" && value !== null && Object.values(value).every((message) => typeof message === "string");
}
