import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";

import { PaymentGatewayError } from "../../../server/modules/payment/payment-provider.js";
import { WechatpayProvider } from "../../../server/modules/payment/wechatpay-provider.js";
import { startFakeServer, type FakeResponse } from "./payment-fake-server.js";

/*
 * WeChat Pay API v3's published rules, written again here rather than imported: WeChat Pay signs
 * `${timestamp}\n${nonce}\n${body}\n` with SHA256withRSA; the merchant signs
 * `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`; a notification's resource is
 * AEAD_AES_256_GCM under the APIv3 key with the tag appended to the ciphertext.
 */
const sign = (text: string, key: KeyObject) => createSign("RSA-SHA256").update(text).sign(key, "base64");
const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const pem = (key: KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();

const MCHID = "1900000001";
const APPID = "wx0000000000000001";
const SERIAL = "PUB_KEY_ID_0119000000012026112400000000000001";
const API_V3_KEY = randomBytes(16).toString("hex"); // 32 characters
const NOW = new Date("2026-11-24T07:00:00Z");
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

function provider(gatewayUrl?: string) {
  return new WechatpayProvider({
    mchid: MCHID,
    appid: APPID,
    merchantSerialNo: "5157F09EFDC096DE15EBE81A47057A72",
    merchantPrivateKey: pem(merchant.privateKey),
    apiV3Key: API_V3_KEY,
    platformPublicKeys: { [SERIAL]: pem(platform.publicKey) },
    gatewayUrl,
    now: () => NOW,
  });
}

function seal(plain: string, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString("hex");
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from("transaction"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
  return { algorithm: "AEAD_AES_256_GCM", ciphertext, nonce, associated_data: "transaction", original_type: "transaction" };
}

const transaction = (overrides: Record<string, unknown> = {}) => ({
  mchid: MCHID,
  appid: APPID,
  out_trade_no: "P20261124065901ABCDEFGHIJ",
  transaction_id: "4200000000202611240000000001",
  trade_type: "NATIVE",
  trade_state: "SUCCESS",
  trade_state_desc: "支付成功",
  bank_type: "OTHERS",
  success_time: "2026-11-24T15:00:04+08:00",
  payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
  amount: { total: 8888, payer_total: 8888, currency: "CNY", payer_currency: "CNY" },
  ...overrides,
});

/** Headers WeChat Pay signs a body with. */
function signedHeaders(body: string, options: { at?: Date; key?: KeyObject; serial?: string } = {}) {
  const timestamp = seconds(options.at ?? NOW);
  const nonce = randomBytes(16).toString("hex");
  return {
    "wechatpay-timestamp": timestamp,
    "wechatpay-nonce": nonce,
    "wechatpay-serial": options.serial ?? SERIAL,
    "wechatpay-signature": sign(`${timestamp}\n${nonce}\n${body}\n`, options.key ?? platform.privateKey),
    "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
  };
}

function notification(
  options: { transaction?: Record<string, unknown>; apiV3Key?: string; at?: Date; key?: KeyObject; serial?: string } = {},
) {
  const rawBody = JSON.stringify({
    id: "EV-2018022511223320873",
    create_time: "2026-11-24T15:00:05+08:00",
    resource_type: "encrypt-resource",
    event_type: "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: seal(JSON.stringify(options.transaction ?? transaction()), options.apiV3Key),
  });
  return { headers: signedHeaders(rawBody, options), rawBody };
}

describe("WeChat Pay v3 notification verification", () => {
  it("accepts a signed notification and reads the decrypted transaction", async () => {
    expect(await provider().verifyNotification(notification())).toMatchObject({
      ok: true,
      notification: {
        merchantOrderNo: "P20261124065901ABCDEFGHIJ",
        providerTradeNo: "4200000000202611240000000001",
        amountFen: 8888,
        outcome: "paid",
        raw: { trade_state_desc: "支付成功" },
      },
    });
  });

  it("accepts a notification four minutes old, with headers in any case", async () => {
    const { headers, rawBody } = notification({ at: new Date(NOW.getTime() - 4 * 60_000) });
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.replace(/(^|-)w/g, "$1W"), value]));
    expect(await provider().verifyNotification({ headers: upper, rawBody })).toMatchObject({ ok: true });
  });

  it("refuses a changed byte of the body", async () => {
    const { headers, rawBody } = notification();
    const changed = rawBody.replace("支付成功", "支付成攻");
    expect(await provider().verifyNotification({ headers, rawBody: changed })).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a notification signed with another key under the known serial", async () => {
    expect(await provider().verifyNotification(notification({ key: stranger.privateKey }))).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses an unknown serial", async () => {
    const verdict = await provider().verifyNotification(notification({ serial: "PUB_KEY_ID_OTHER" }));
    expect(verdict).toEqual({ ok: false, reason: "unknown Wechatpay-Serial PUB_KEY_ID_OTHER" });
  });

  it.each([6 * 60_000, -6 * 60_000])("refuses a timestamp %i ms away", async (offset) => {
    const verdict = await provider().verifyNotification(notification({ at: new Date(NOW.getTime() - offset) }));
    expect(verdict).toEqual({ ok: false, reason: "stale Wechatpay-Timestamp" });
  });

  it("refuses a notification without signature headers", async () => {
    const { rawBody } = notification();
    expect(await provider().verifyNotification({ headers: {}, rawBody })).toEqual({ ok: false, reason: "Wechatpay-* signature headers missing" });
  });

  it("refuses a resource sealed with another APIv3 key", async () => {
    const verdict = await provider().verifyNotification(notification({ apiV3Key: randomBytes(16).toString("hex") }));
    expect(verdict).toEqual({ ok: false, reason: "resource does not decrypt" });
  });

  it.each([
    [{ appid: "wx0000000000000002" }, "appid wx0000000000000002 is not ours"],
    [{ mchid: "1900000002" }, "mchid 1900000002 is not ours"],
    [{ amount: { total: 88.88 } }, "bad amount.total"],
    [{ trade_state: "UNKNOWN" }, "unknown trade_state UNKNOWN"],
    [{ transaction_id: undefined }, "transaction_id missing"],
  ])("refuses a signed transaction with %j", async (overrides, reason) => {
    expect(await provider().verifyNotification(notification({ transaction: transaction(overrides) }))).toEqual({ ok: false, reason });
  });

  it("acknowledges with 204 and asks for a retry with FAIL", () => {
    expect(provider().acknowledgement(true)).toMatchObject({ status: 204, body: "" });
    const refused = provider().acknowledgement(false);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: "FAIL" });
  });

  it("refuses an APIv3 key that is not 32 bytes", () => {
    expect(() => new WechatpayProvider({ ...configOf(), apiV3Key: "short" })).toThrow("32 bytes");
  });
});

function configOf() {
  return {
    mchid: MCHID,
    appid: APPID,
    merchantSerialNo: "1",
    merchantPrivateKey: pem(merchant.privateKey),
    apiV3Key: API_V3_KEY,
    platformPublicKeys: { [SERIAL]: pem(platform.publicKey) },
  };
}

describe("WeChat Pay v3 gateway calls against a local gateway", () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** Checks the merchant's Authorization header the way WeChat Pay does; null when it is wrong. */
  function authorizedMerchant(method: string, url: string, body: string, authorization: string | undefined) {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(authorization ?? "");
    if (!match?.[1]) return null;
    const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = createVerify("RSA-SHA256").update(message).verify(merchant.publicKey, fields.signature ?? "", "base64");
    return valid && fields.mchid === MCHID && fields.serial_no === "5157F09EFDC096DE15EBE81A47057A72" ? fields : null;
  }

  async function gateway(answer: (method: string, url: string, body: string) => { status: number; body: unknown }, signWith = platform.privateKey) {
    const server = await startFakeServer(({ method, url, body, headers }): FakeResponse => {
      const fields = authorizedMerchant(method, url, body, headers.authorization);
      const reply = fields
        ? answer(method, url, body)
        : { status: 401, body: { code: "SIGN_ERROR", message: "签名错误" } };
      // A 204 (close) has no body: WeChat Pay signs the empty text.
      const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
      return { status: reply.status, headers: { "content-type": "application/json", ...signedHeaders(text, { key: signWith }) }, body: text };
    });
    closers.push(server.close);
    return server;
  }

  it("creates a Native payment and returns its code_url", async () => {
    const server = await gateway((method, url) =>
      method === "POST" && url === "/v3/pay/transactions/native"
        ? { status: 200, body: { code_url: "weixin://wxpay/bizpayurl?pr=p4lpSuKzz" } }
        : { status: 404, body: {} },
    );
    const start = await provider(server.url).createPayment({
      merchantOrderNo: "P20261124065901ABCDEFGHIJ",
      amountFen: 1,
      subject: "账户充值 0.01 元",
      notifyUrl: "https://site.example/webapi/payment/wechatpay/notify",
      returnUrl: "https://site.example/",
    });
    expect(start).toEqual({ kind: "qrCode", codeUrl: "weixin://wxpay/bizpayurl?pr=p4lpSuKzz" });
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: "账户充值 0.01 元",
      out_trade_no: "P20261124065901ABCDEFGHIJ",
      notify_url: "https://site.example/webapi/payment/wechatpay/notify",
      amount: { total: 1, currency: "CNY" },
    });
  });

  it("queries a paid transaction by out_trade_no", async () => {
    const server = await gateway((method, url) =>
      method === "GET" && url === `/v3/pay/transactions/out-trade-no/P20261124065901ABCDEFGHIJ?mchid=${MCHID}`
        ? { status: 200, body: transaction() }
        : { status: 404, body: { code: "ORDER_NOT_EXIST", message: "订单不存在" } },
    );
    expect(await provider(server.url).queryPayment("P20261124065901ABCDEFGHIJ")).toEqual({
      found: true,
      merchantOrderNo: "P20261124065901ABCDEFGHIJ",
      providerTradeNo: "4200000000202611240000000001",
      amountFen: 8888,
      outcome: "paid",
    });
    expect(await provider(server.url).queryPayment("P20261124065901ZZZZZZZZZZ")).toEqual({ found: false });
  });

  it.each([
    ["NOTPAY", "pending"],
    ["CLOSED", "closed"],
    ["REVOKED", "closed"],
    ["PAYERROR", "failed"],
  ])("maps a queried trade_state %s to %s", async (trade_state, outcome) => {
    const server = await gateway(() => ({ status: 200, body: transaction({ trade_state, transaction_id: undefined }) }));
    expect(await provider(server.url).queryPayment("P20261124065901ABCDEFGHIJ")).toMatchObject({ found: true, outcome, providerTradeNo: null });
  });

  it("throws for a response not signed by WeChat Pay", async () => {
    const server = await gateway(() => ({ status: 200, body: transaction() }), stranger.privateKey);
    await expect(provider(server.url).queryPayment("P20261124065901ABCDEFGHIJ")).rejects.toThrow(PaymentGatewayError);
  });

  it("throws when the gateway refuses our signature", async () => {
    const server = await gateway(() => ({ status: 200, body: transaction() }));
    const impostor = new WechatpayProvider({ ...configOf(), merchantSerialNo: "5157F09EFDC096DE15EBE81A47057A72", merchantPrivateKey: pem(stranger.privateKey), gatewayUrl: server.url, now: () => NOW });
    await expect(impostor.queryPayment("P20261124065901ABCDEFGHIJ")).rejects.toThrow("HTTP 401");
  });

  it("closes an order with a signed request naming the merchant; an order already closed counts as closed", async () => {
    const server = await gateway((method, url) =>
      method === "POST" && url === "/v3/pay/transactions/out-trade-no/P20261124065901ABCDEFGHIJ/close"
        ? { status: 204, body: undefined }
        : { status: 400, body: { code: "ORDER_CLOSED", message: "订单已关闭" } },
    );
    await expect(provider(server.url).closePayment("P20261124065901ABCDEFGHIJ")).resolves.toBeUndefined();
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({ mchid: MCHID });
    await expect(provider(server.url).closePayment("P20261124065901ZZZZZZZZZZ")).resolves.toBeUndefined();
  });

  it("throws when the close is refused (paid meanwhile) or the answer is not WeChat Pay's", async () => {
    const paid = await gateway(() => ({ status: 400, body: { code: "ORDERPAID", message: "订单已支付" } }));
    await expect(provider(paid.url).closePayment("P1")).rejects.toThrow("HTTP 400 ORDERPAID");
    const forged = await gateway(() => ({ status: 204, body: undefined }), stranger.privateKey);
    await expect(provider(forged.url).closePayment("P1")).rejects.toThrow(PaymentGatewayError);
  });

  const refund = { merchantOrderNo: "P1", refundNo: "R1", refundFen: 1010, totalFen: 8888, reason: "用户申请退款" };

  it.each([
    ["SUCCESS", "refunded"],
    ["PROCESSING", "refunding"],
    ["ABNORMAL", "refundFailed"],
    ["CLOSED", "refundFailed"],
  ])("asks for a refund in fen and reads status %s as %s", async (status, state) => {
    const server = await gateway((method, url) =>
      method === "POST" && url === "/v3/refund/domestic/refunds"
        ? { status: 200, body: { refund_id: "50000000382019052709732678859", out_refund_no: "R1", status } }
        : { status: 404, body: { code: "RESOURCE_NOT_EXISTS" } },
    );
    expect(await provider(server.url).refund(refund)).toEqual({ state, providerRefundNo: "50000000382019052709732678859" });
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({
      out_trade_no: "P1",
      out_refund_no: "R1",
      reason: "用户申请退款",
      amount: { refund: 1010, total: 8888, currency: "CNY" },
    });
  });

  it("queries a refund by out_refund_no; a refused or unknown refund is failed, a server error throws", async () => {
    const server = await gateway((method, url) =>
      url === "/v3/refund/domestic/refunds/R1"
        ? { status: 200, body: { refund_id: "5000", out_refund_no: "R1", status: "SUCCESS" } }
        : url === "/v3/refund/domestic/refunds/R2"
          ? { status: 404, body: { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" } }
          : { status: 500, body: { code: "SYSTEM_ERROR", message: "系统错误" } },
    );
    expect(await provider(server.url).queryRefund("P1", "R1")).toEqual({ state: "refunded", providerRefundNo: "5000" });
    expect(await provider(server.url).queryRefund("P1", "R2")).toEqual({ state: "refundFailed", providerRefundNo: null });
    await expect(provider(server.url).queryRefund("P1", "R3")).rejects.toThrow(PaymentGatewayError);
  });
});
