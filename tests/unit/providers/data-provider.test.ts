import type { MetaQuery } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { createDataProvider, type WebapiResourceMeta } from "../../../src/providers/data-provider";
import { createHttpClient, type HttpClient, type RequestOptions, type RequestParams } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { z } from "zod";
import { registryPath } from "../../../src/resources/registry-paths";
import { endpoint, type Endpoint } from "../../../src/schema/contract";
import type { Envelope } from "../../../src/schema/envelope";
import { createFakeAdapter } from "./fake-axios-adapter";

interface Call {
  method: "GET" | "POST";
  path: string;
  params: RequestParams;
  options: RequestOptions;
}

/** A fake HTTP client: records each call and answers with the next queued envelope. */
function fakeHttp(...replies: Envelope<unknown>[]) {
  const calls: Call[] = [];
  const answer = <T, E>(method: Call["method"], path: string, params: RequestParams = {}, options: RequestOptions = {}) => {
    calls.push({ method, path, params, options });
    return Promise.resolve((replies.shift() ?? success(null)) as Envelope<T, E>);
  };
  const http: HttpClient = {
    baseURL: "/webapi",
    get: (path, params, options) => answer("GET", path, params, options),
    post: (path, body, options) => answer("POST", path, body, options),
  };
  return { http, calls };
}

const success = (datas: unknown, extraData?: unknown): Envelope<unknown> => ({ code: 200, message: "成功", datas, extraData });
const page = { list: [{ id: 1 }, { id: 2 }], pageNumber: 2, pageSize: 30, totalPage: 3, totalRow: 62 };

/** A resource of this test only: the provider takes whatever contract endpoints a resource names. */
const fakeEndpoint = (method: "GET" | "POST", path: string, session: Endpoint["session"] = "user") =>
  endpoint({ method, path, input: z.object({}).loose(), datas: z.unknown(), session, tag: "测试", summary: "测试" });
const TEST_ENDPOINTS = {
  list: fakeEndpoint("GET", "/test/v2/list"),
  one: fakeEndpoint("GET", "/test/v2/detail"),
  create: fakeEndpoint("POST", "/test/v2/create"),
  update: fakeEndpoint("POST", "/test/v2/update"),
  delete: fakeEndpoint("POST", "/test/v2/delete"),
  publicList: fakeEndpoint("GET", "/test/v2/publicList", "tokenless"),
  upload: { ...fakeEndpoint("POST", "/test/v2/upload"), multipart: true },
};
const meta: WebapiResourceMeta = { endpoints: TEST_ENDPOINTS };

describe("data provider: getList", () => {
  it("maps refine paging and filters to pageNumber/pageSize and flat fields, and reads pageP", async () => {
    const { http, calls } = fakeHttp(success(page));
    const result = await createDataProvider(http).getList({
      resource: "evidenceSave/fileEvidence",
      pagination: { currentPage: 2, pageSize: 30 },
      filters: [
        { field: "keyName", operator: "contains", value: "合同" },
        { field: "startTime", operator: "gte", value: "2024-01-01" },
        { field: "endTime", operator: "lte", value: "" },
        { field: "area", operator: "eq", value: undefined },
      ],
      meta,
    });
    expect(calls).toEqual([
      {
        method: "GET",
        path: TEST_ENDPOINTS.list.path,
        params: { keyName: "合同", startTime: "2024-01-01", pageNumber: 2, pageSize: 30 },
        options: { tokenless: false, session: "user", multipart: undefined, signal: undefined },
      },
    ]);
    expect(result).toEqual({ data: page.list, total: 62, pageNumber: 2, pageSize: 30, totalPage: 3 });
  });

  it("also reads a page wrapped as datas.pageP", async () => {
    const { http } = fakeHttp(success({ pageP: page }));
    const result = await createDataProvider(http).getList({ resource: "r", pagination: { currentPage: 2, pageSize: 30 }, meta });
    expect(result.data).toEqual(page.list);
    expect(result.total).toBe(62);
  });

  it("an empty datas is an empty page", async () => {
    const { http } = fakeHttp(success(null));
    expect(await createDataProvider(http).getList({ resource: "r", meta })).toMatchObject({ data: [], total: 0 });
  });

  it.each(["off", "client"] as const)("sends no paging when pagination mode is %s", async (mode) => {
    const { http, calls } = fakeHttp(success(page));
    await createDataProvider(http).getList({ resource: "r", pagination: { currentPage: 1, pageSize: 10, mode }, meta });
    expect(calls[0].params).toEqual({});
  });

  it("adds fixed meta.query parameters and passes the endpoint's session rule and the abort signal", async () => {
    const { http, calls } = fakeHttp(success(page));
    const signal = new AbortController().signal;
    await createDataProvider(http).getList({
      resource: "r",
      pagination: { currentPage: 1, pageSize: 10 },
      meta: { endpoints: { list: TEST_ENDPOINTS.publicList }, query: { useScene: 1 }, queryContext: { signal } as NonNullable<MetaQuery["queryContext"]> },
    });
    expect(calls[0].params).toEqual({ useScene: 1, pageNumber: 1, pageSize: 10 });
    expect(calls[0].options).toEqual({ tokenless: true, session: "user", multipart: undefined, signal });
  });

  it("builds the exact URL through the real HTTP client", async () => {
    const fake = createFakeAdapter([{ kind: "ok", data: success(page) }]);
    const http = createHttpClient({
      baseURL: "/webapi",
      sessionStore: createSessionStore(createMemoryStorage()),
      getLocation: () => ({ pathname: registryPath("evidences/dataList"), search: "" }),
      navigate: () => undefined,
      now: () => 1_700_000_000_000,
      adapter: fake.adapter,
    });
    await createDataProvider(http).getList({ resource: "r", pagination: { currentPage: 3, pageSize: 50 }, meta });
    expect(fake.requests[0].url).toMatch(/^\/webapi\/test\/v2\/list\?pageNumber=3&pageSize=50&timestamp=1700000000000&signature=[0-9a-f]{64}$/);
  });
});

describe("data provider: one, create, update, delete, custom", () => {
  it("getOne: GET the one endpoint with the id", async () => {
    const { http, calls } = fakeHttp(success({ id: 5, title: "证据" }));
    const result = await createDataProvider(http).getOne({ resource: "r", id: 5, meta });
    expect(calls[0]).toMatchObject({ method: "GET", path: TEST_ENDPOINTS.one.path, params: { id: 5 } });
    expect(result).toEqual({ data: { id: 5, title: "证据" } });
  });

  it("getOne: the id parameter name comes from meta.idParam", async () => {
    const { http, calls } = fakeHttp(success({}));
    await createDataProvider(http).getOne({ resource: "r", id: 9, meta: { ...meta, idParam: "cmsArticleId", query: { useScene: 2 } } });
    expect(calls[0].params).toEqual({ useScene: 2, cmsArticleId: 9 });
  });

  it("create: POST the variables", async () => {
    const { http, calls } = fakeHttp(success({ id: 3 }));
    const result = await createDataProvider(http).create({ resource: "r", variables: { title: "合同" }, meta });
    expect(calls[0]).toMatchObject({ method: "POST", path: TEST_ENDPOINTS.create.path, params: { title: "合同" } });
    expect(result).toEqual({ data: { id: 3 } });
  });

  it("update: POST the variables with the id", async () => {
    const { http, calls } = fakeHttp(success({ id: 3 }));
    await createDataProvider(http).update({ resource: "r", id: 3, variables: { title: "新" }, meta });
    expect(calls[0]).toMatchObject({ method: "POST", path: TEST_ENDPOINTS.update.path, params: { title: "新", id: 3 } });
  });

  it("deleteOne: POST the id", async () => {
    const { http, calls } = fakeHttp(success(null));
    await createDataProvider(http).deleteOne({ resource: "r", id: 3, meta });
    expect(calls[0]).toMatchObject({ method: "POST", path: TEST_ENDPOINTS.delete.path, params: { id: 3 } });
  });

  it("custom GET: the endpoint comes from meta; query as params, datas as data, extraData kept", async () => {
    const { http, calls } = fakeHttp(success(null, { menuList: [] }));
    const result = await createDataProvider(http).custom!({ url: "", method: "get", query: { a: 1 }, meta: { endpoint: TEST_ENDPOINTS.list } });
    expect(calls[0]).toMatchObject({ method: "GET", path: TEST_ENDPOINTS.list.path, params: { a: 1 } });
    expect(result).toEqual({ data: null, extraData: { menuList: [] } });
  });

  it("custom POST: payload as body", async () => {
    const { http, calls } = fakeHttp(success(null));
    await createDataProvider(http).custom!({ url: "", method: "post", payload: { id: 7 }, meta: { endpoint: TEST_ENDPOINTS.create } });
    expect(calls[0]).toMatchObject({ method: "POST", path: TEST_ENDPOINTS.create.path, params: { id: 7 } });
  });

  it("custom POST to a multipart endpoint: Blob values travel as files, after the fields", async () => {
    const { http, calls } = fakeHttp(success(null));
    const file = new Blob(["内容"]);
    await createDataProvider(http).custom!({ url: "", method: "post", payload: { id: 7, file }, meta: { endpoint: TEST_ENDPOINTS.upload } });
    expect(calls[0]).toMatchObject({ method: "POST", path: TEST_ENDPOINTS.upload.path, params: { id: 7, file }, options: { multipart: true } });
  });

  it("getApiUrl is the client's base", () => {
    expect(createDataProvider(fakeHttp().http).getApiUrl()).toBe("/webapi");
  });
});

describe("data provider: one HttpError shape", () => {
  it("a failed envelope becomes {message, statusCode, errors} with errors from extraData.errors", async () => {
    const { http } = fakeHttp({ code: 1001, message: "提交的信息有误", datas: null, extraData: { errors: { title: "请输入标题" } } });
    await expect(createDataProvider(http).create({ resource: "r", variables: {}, meta })).rejects.toEqual({
      message: "提交的信息有误",
      statusCode: 1001,
      errors: { title: "请输入标题" },
    });
  });

  it("without field errors there is no errors key", async () => {
    const { http } = fakeHttp({ code: 500, message: "网络异常，请稍后重试", datas: null });
    await expect(createDataProvider(http).getList({ resource: "r", meta })).rejects.toStrictEqual({ message: "网络异常，请稍后重试", statusCode: 500 });
  });

  it("a resource without the endpoint is refused before any call", async () => {
    const { http, calls } = fakeHttp();
    await expect(createDataProvider(http).getOne({ resource: "evidences", id: 1 })).rejects.toMatchObject({ statusCode: 400 });
    expect(calls).toEqual([]);
  });

  it("custom refuses a call without an endpoint, or with another method than the endpoint's", async () => {
    const { http, calls } = fakeHttp();
    await expect(createDataProvider(http).custom!({ url: "", method: "get" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(createDataProvider(http).custom!({ url: "", method: "put", meta: { endpoint: TEST_ENDPOINTS.create } })).rejects.toMatchObject({ statusCode: 400 });
    expect(calls).toEqual([]);
  });
});
