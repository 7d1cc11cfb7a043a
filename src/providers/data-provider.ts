import type { BaseRecord, CrudFilter, DataProvider, HttpError, MetaQuery, Pagination } from "@refinedev/core";
import { ResultCode, type Envelope, type ValidationErrors } from "../schema/envelope";
import type { HttpClient, RequestOptions, RequestParams } from "./http-client";

/**
 * refine's verbs mapped onto /webapi (STYLE.md habit 4): which endpoint a resource uses comes from
 * its `meta`, the transport (signing, token, session codes) from the injected HTTP client, and
 * every failure leaves here as one HttpError shape.
 */

/** Paths relative to the API base, e.g. `{ list: "/evidence/v2/fileList" }`. */
export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/** What a resource puts in `meta` for this provider. */
export interface WebapiResourceMeta {
  endpoints?: ResourceEndpoints;
  /** Name of the id parameter of getOne/update/delete calls; "id" unless the endpoint says otherwise. */
  idParam?: string;
  /** Extra fixed query parameters (e.g. `useScene`). */
  query?: RequestParams;
  tokenless?: boolean;
  /** Send create/custom POST bodies as multipart/form-data (File values become file parts). */
  multipart?: boolean;
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
      const envelope = await http.get<PageP<never> | { pageP: PageP<never> }>(endpoint(resource, options, "list"), params, requestOptions(options, meta));
      const page = readPage(expectSuccess(envelope));
      return { data: page.list, total: page.totalRow, pageNumber: page.pageNumber, pageSize: page.pageSize, totalPage: page.totalPage };
    },

    async getOne({ resource, id, meta }) {
      const options = readMeta(meta);
      const params = { ...options.query, [options.idParam ?? "id"]: id };
      const envelope = await http.get<never>(endpoint(resource, options, "one"), params, requestOptions(options, meta));
      return { data: expectSuccess(envelope) };
    },

    async create({ resource, variables, meta }) {
      const options = readMeta(meta);
      const envelope = await http.post<never>(endpoint(resource, options, "create"), toParams(variables), requestOptions(options, meta));
      return { data: expectSuccess(envelope) };
    },

    async update({ resource, id, variables, meta }) {
      const options = readMeta(meta);
      const body = { ...toParams(variables), [options.idParam ?? "id"]: id };
      const envelope = await http.post<never>(endpoint(resource, options, "update"), body, requestOptions(options, meta));
      return { data: expectSuccess(envelope) };
    },

    async deleteOne({ resource, id, variables, meta }) {
      const options = readMeta(meta);
      const body = { ...toParams(variables), [options.idParam ?? "id"]: id };
      const envelope = await http.post<never>(endpoint(resource, options, "delete"), body, requestOptions(options, meta));
      return { data: expectSuccess(envelope) };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, query, payload, meta }: Parameters<NonNullable<DataProvider["custom"]>>[0]) {
      const options = readMeta(meta);
      const path = url.startsWith(http.baseURL) ? url.slice(http.baseURL.length) : url;
      const request = requestOptions(options, meta);
      let envelope: Envelope<TData>;
      if (method === "get") envelope = await http.get<TData>(path, { ...options.query, ...toParams(query) }, request);
      else if (method === "post") envelope = await http.post<TData>(path, toParams(payload), request);
      else throw httpError(ResultCode.badRequest, `接口仅支持 GET 与 POST 请求，收到 ${method.toUpperCase()}`);
      return { data: expectSuccess(envelope), extraData: envelope.extraData };
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
  const { endpoints, idParam, query, tokenless, multipart } = meta ?? {};
  return { endpoints, idParam, query, tokenless, multipart };
}

function requestOptions(options: WebapiResourceMeta, meta: MetaQuery | undefined): RequestOptions {
  return { tokenless: options.tokenless, multipart: options.multipart, signal: meta?.queryContext?.signal };
}

function endpoint(resource: string, options: WebapiResourceMeta, verb: keyof ResourceEndpoints): string {
  const path = options.endpoints?.[verb];
  if (!path) throw httpError(ResultCode.badRequest, `资源 ${resource} 未配置 ${verb} 接口`);
  return path;
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
