import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../server/plugins/signature.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { computeSignature } from "../../src/schema/signature.js";
import { encodeMultipart, postMultipart } from "./support/multipart.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let alice: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t, "13800138051");
});
afterAll(async () => t.close());

const CJK = /[\u4e00-\u9fff]/;

/** A query signed over exactly what is sent (no body fields). */
function signedQueryString(extra: Record<string, string> = {}) {
  const timestamp = String(t.clock.now());
  const signature = computeSignature({ ...extra, timestamp }, sha256Hex);
  return new URLSearchParams({ ...extra, timestamp, signature }).toString();
}

function expectRefusal(response: { statusCode: number; json(): unknown }, status: number, code: number, message: string | RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { code: number; message: string; datas: unknown };
  expect(body).toMatchObject({ code, datas: null });
  expect(body.message).toMatch(message);
  expect(body.message).toMatch(CJK);
}

describe("validation messages name the field in Chinese", () => {
  it("says which query parameter is missing when timestamp and signature travel in the body", async () => {
    const timestamp = t.clock.now();
    const body = { account: "13800138052", vCode: "123456", encryptPassword: "x", agreement: true, timestamp };
    const signature = computeSignature(body, sha256Hex);
    const response = await t.app.inject({ method: "POST", url: webapiPath(ACCOUNT_ENDPOINTS.register), payload: { ...body, signature } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 1001,
      message: "查询参数 timestamp 不能为空",
      extraData: { errors: { timestamp: "查询参数 timestamp 不能为空", signature: "查询参数 signature 不能为空" } },
    });
  });

  it("names a field by its title when its rule gave no words for the issue", async () => {
    const voucher = { name: "付款", voucherNo: "V1", tradeTime: 1, amountFen: 100, payer: "甲", payee: "乙", description: 5 };
    const response = await t.post("/webapi/evidence/v2/saveVoucherEvidence", voucher, { token: alice.token });
    expect(response.json()).toMatchObject({ code: 1001, message: "交易说明应为文本", extraData: { errors: { description: "交易说明应为文本" } } });
  });

  it("refuses U+0000 in any field, naming it, before it reaches the database (PostgreSQL answered 500)", async () => {
    const lookup = await t.get("/webapi/certificate/v2/verifyByCertificateNo", { certificateNo: "\u0000" });
    expect(lookup.json()).toMatchObject({ code: 1001, message: "查询参数 certificateNo 含有不允许的空字符（U+0000）" });
    const listed = async () => (await t.get("/webapi/evidence/v2/getTextEvidenceList", {}, { token: alice.token })).json().datas.totalRow as number;
    const before = await listed();
    const saved = await t.post("/webapi/evidence/v2/saveTextEvidence", { name: "合同", content: "甲方\u0000乙方" }, { token: alice.token });
    expect(saved.json()).toMatchObject({ code: 1001, message: "存证文本含有不允许的空字符（U+0000）", extraData: { errors: { content: "存证文本含有不允许的空字符（U+0000）" } } });
    expect(await listed()).toBe(before);
    // A name every object inherits is still only a name (its lookup once answered 500).
    const inherited = await t.post("/webapi/evidence/v2/deleteTextEvidence", { id: 1, constructor: "\u0000" }, { token: alice.token });
    expect(inherited.json()).toMatchObject({ code: 1001, message: "参数 constructor 含有不允许的空字符（U+0000）" });
  });

  it("refuses a query parameter given twice, naming it", async () => {
    const response = await t.app.inject({ method: "GET", url: `${webapiPath(COMMON_ENDPOINTS.getTime)}?${signedQueryString()}&timestamp=1` });
    expectRefusal(response, 400, 400, "参数 timestamp 重复");
  });
});

describe("malformed requests are refused in the envelope, never a 500", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("refuses a JSON body nested 5,000 deep", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${webapiPath(ACCOUNT_ENDPOINTS.logout)}?${signedQueryString()}`,
      headers: { "content-type": "application/json" },
      payload: `{"id":${deep(5000)}}`,
    });
    expectRefusal(response, 400, 400, /嵌套层级过深/);
  });

  it("refuses a multipart field sent as JSON nested 5,000 deep", async () => {
    const boundary = "deepjson";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n${deep(5000)}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: "POST",
      url: `${webapiPath(ACCOUNT_ENDPOINTS.logout)}?${signedQueryString()}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectRefusal(response, 400, 400, /嵌套层级过深/);
  });

  it("refuses multipart/form-data without a boundary", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `/webapi/evidence/v2/saveFileEvidence?${signedQueryString()}`,
      headers: { "content-type": "multipart/form-data" },
      payload: "name=x",
    });
    expectRefusal(response, 400, 400, /表单数据格式不正确/);
  });

  it("refuses a multipart body cut off in the middle of a part", async () => {
    const { body, contentType } = encodeMultipart({ name: "合同" }, []);
    const response = await t.app.inject({
      method: "POST",
      url: `${webapiPath(ACCOUNT_ENDPOINTS.logout)}?${signedQueryString()}`,
      headers: { "content-type": contentType },
      payload: body.subarray(0, body.length - 20),
    });
    expectRefusal(response, 400, 400, /表单数据/);
  });

  it("refuses a file cut off in the middle while a streaming upload reads it, and stores nothing", async () => {
    const listed = async () => (await t.get("/webapi/evidence/v2/getFileEvidenceList", {}, { token: alice.token })).json().datas.totalRow as number;
    const before = await listed();
    const fields = { token: alice.token };
    const { body, contentType } = encodeMultipart(fields, [{ name: "file", filename: "a.txt", contentType: "text/plain", content: Buffer.alloc(256 * 1024, 97) }]);
    const timestamp = String(t.clock.now());
    const signature = computeSignature({ ...fields, timestamp }, sha256Hex);
    const response = await t.app.inject({
      method: "POST",
      url: `/webapi/evidence/v2/saveFileEvidence?timestamp=${timestamp}&signature=${signature}`,
      headers: { "content-type": contentType },
      payload: body.subarray(0, body.length - 1000),
    });
    expectRefusal(response, 400, 400, /表单数据/);
    expect(await listed()).toBe(before);
  });

  const enterprise = { enterpriseName: "衡证电子数据科技有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" };

  it.each([
    // File evidence takes any extension (cleaning a stored name is not this test's concern).
    ["a streaming upload", "/webapi/evidence/v2/saveFileEvidence", "file", {}, "成功"],
    ["a buffered upload", webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), "licenceImage", enterprise, "选择的文件格式不正确"],
  ])("answers a file part without a file name on %s without a 500", async (_label, url, fileField, fields: Record<string, string>, message) => {
    const signed = { ...fields, token: alice.token };
    const boundary = "nofilename";
    const fieldParts = Object.entries(signed).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    // application/octet-stream makes it a file part although the disposition names no file.
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const timestamp = String(t.clock.now());
    const signature = computeSignature({ ...signed, timestamp }, sha256Hex);
    const response = await t.app.inject({
      method: "POST",
      url: `${url}?timestamp=${timestamp}&signature=${signature}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(fieldParts.join("") + filePart),
      remoteAddress: "10.88.0.1",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ["body that is not JSON", "application/json", "{bad", 400, 400, "请求内容不是有效的 JSON"],
    ["JSON body with a __proto__ key", "application/json", '{"__proto__":{"x":1}}', 400, 400, "请求内容不是有效的 JSON"],
    ["empty JSON body", "application/json", "", 400, 400, /请求体为空/],
    ["media type no route reads", "application/xml", "<a/>", 415, 415, /不支持的请求内容类型/],
  ])("refuses a %s", async (_label, contentType, payload, status, code, message) => {
    const response = await t.app.inject({ method: "POST", url: `${webapiPath(ACCOUNT_ENDPOINTS.logout)}?${signedQueryString()}`, headers: { "content-type": contentType }, payload });
    expectRefusal(response, status, code, message);
  });

  it("refuses a path that does not decode", async () => {
    expectRefusal(await t.app.inject({ method: "GET", url: "/webapi/common/%E0%A4%A" }), 400, 400, "请求地址格式不正确");
  });
});

describe("refusals of Node's HTTP parser are the envelope too", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer (the server closes after a parser refusal). */
  function rawRequest(text: string): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const answer = Buffer.concat(chunks).toString("utf8");
        const [head, body] = answer.split("\r\n\r\n");
        resolve({ status: Number(head.split(" ")[1]), body: JSON.parse(body) });
      });
      socket.end(text);
    });
  }

  it("answers a 1 MB query with 431 in the envelope", async () => {
    const answer = await rawRequest(`GET ${webapiPath(COMMON_ENDPOINTS.getTime)}?${signedQueryString({ x: "a".repeat(1024 * 1024) })} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toEqual({ status: 431, body: { code: 431, message: "请求地址或请求头过长", datas: null } });
  });

  it("answers a request line that is not HTTP with 400 in the envelope", async () => {
    const answer = await rawRequest("GARBAGE\r\n\r\n");
    expect(answer).toEqual({ status: 400, body: { code: 400, message: "请求格式不正确", datas: null } });
  });
});
