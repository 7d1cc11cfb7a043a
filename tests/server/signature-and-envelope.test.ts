import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../server/plugins/signature.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { computeSignature } from "../../src/schema/signature.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const getTime = webapiPath(COMMON_ENDPOINTS.getTime);

function injectGet(query: Record<string, string>) {
  return t.app.inject({ method: "GET", url: getTime, query });
}

describe("request signature", () => {
  it("accepts a correctly signed request and answers in the envelope", async () => {
    const response = await t.get(getTime);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: "成功", datas: { serverTime: t.clock.now() } });
  });

  it.each([
    ["no timestamp nor signature", {}],
    ["no signature", { timestamp: "1" }],
    ["a timestamp that is not a number", { timestamp: "abc", signature: "00" }],
  ])("refuses %s with 4001", async (_label, query) => {
    const response = await injectGet(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4001, message: "请求缺少时间戳或签名", datas: null });
  });

  it("refuses a wrong signature with 4002", async () => {
    const timestamp = String(t.clock.now());
    const response = await injectGet({ timestamp, signature: "0".repeat(64) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 4002, message: "请求签名校验失败" });
  });

  it("refuses a signature over other parameters than those sent", async () => {
    const timestamp = t.clock.now();
    const signature = computeSignature({ timestamp, pageNewSize: 6 }, sha256Hex);
    const response = await t.app.inject({
      method: "GET",
      url: webapiPath(COMMON_ENDPOINTS.getCmsArticle),
      query: { timestamp: String(timestamp), signature, pageNewSize: "60" },
    });
    expect(response.json().code).toBe(4002);
  });

  it.each([
    ["more than five minutes old", -5 * 60 * 1000 - 1],
    ["more than five minutes ahead", 5 * 60 * 1000 + 1],
  ])("refuses a timestamp %s with 4003", async (_label, offset) => {
    const timestamp = t.clock.now() + offset;
    const signature = computeSignature({ timestamp }, sha256Hex);
    const response = await injectGet({ timestamp: String(timestamp), signature });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 4003 });
  });

  it("accepts a timestamp just inside the five minutes", async () => {
    const timestamp = t.clock.now() - 5 * 60 * 1000;
    const signature = computeSignature({ timestamp }, sha256Hex);
    expect((await injectGet({ timestamp: String(timestamp), signature })).json().code).toBe(200);
  });

  it("signs POST body fields together with the query timestamp", async () => {
    const session = await t.app.services.sessions.create("user-1", "user");
    const tampered = await t.app.inject({
      method: "POST",
      url: webapiPath(ACCOUNT_ENDPOINTS.logout),
      query: {
        timestamp: String(t.clock.now()),
        signature: computeSignature({ timestamp: t.clock.now(), id: "user-2", token: session.token }, sha256Hex),
      },
      payload: { id: "user-1", token: session.token },
    });
    expect(tampered.json().code).toBe(4002);
    const honest = await t.call(ACCOUNT_ENDPOINTS.logout, { id: "user-1" }, { token: session.token });
    expect(honest.json().code).toBe(200);
  });
});

describe("envelope for failures", () => {
  it("answers an unknown /webapi path with a 404 envelope", async () => {
    const response = await t.get("/webapi/nothing/v2/here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: "请求的接口不存在", datas: null });
  });

  it("answers invalid parameters with 1001 and the field's message", async () => {
    const response = await t.call(COMMON_ENDPOINTS.getCmsArticle, { pageNewSize: "abc" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(1001);
    expect(body.datas).toBeNull();
    expect(Object.keys(body.extraData.errors)).toEqual(["pageNewSize"]);
  });

  it("answers a malformed JSON body with HTTP 400 and the envelope", async () => {
    const timestamp = t.clock.now();
    const response = await t.app.inject({
      method: "POST",
      url: webapiPath(ACCOUNT_ENDPOINTS.logout),
      query: { timestamp: String(timestamp), signature: computeSignature({ timestamp }, sha256Hex) },
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: "请求内容不是有效的 JSON", datas: null });
  });

  it("answers a body over the size limit with HTTP 413 and the envelope", async () => {
    const response = await t.call(ACCOUNT_ENDPOINTS.logout, { id: "x".repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, datas: null });
  });
});
