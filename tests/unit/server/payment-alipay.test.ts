import { createSign, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";

import { AlipayProvider } from "../../../server/modules/payment/alipay-provider.js";
import { PaymentGatewayError } from "../../../server/modules/payment/payment-provider.js";
import { startFakeServer, type FakeResponse } from "./payment-fake-server.js";

/*
 * Alipay's published RSA2 rules, written again here rather than imported, so the provider is held
 * against the rule and not against itself: drop `sign` (and `sign_type` for a notification) and empty
 * values, sort by name, join name=value with &, SHA256withRSA, base64.
 */
function content(params: Record<string, string>, exclude: string[]) {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}
const sign = (text: string, key: KeyObject) => createSign("RSA-SHA256").update(text).sign(key, "base64");
const verify = (text: string, signature: string, key: KeyObject) =>
  createVerify("RSA-SHA256").update(text).verify(key, signature, "base64");

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const app = rsa();
const alipay = rsa();
const stranger = rsa();
const pem = (key: KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();
/** Alipay's key tool hands out keys as bare base64 DER. */
const bare = (key: KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "der" }).toString("base64");

const APP_ID = "2021000000000001";

function provider(gatewayUrl?: string) {
  return new AlipayProvider({
    appId: APP_ID,
    appPrivateKey: bare(app.privateKey),
    alipayPublicKey: bare(alipay.publicKey),
    gatewayUrl,
    now: () => new Date("2026-11-24T07:00:00Z"),
  });
}

/** A notification as Alipay sends one after payment, signed with `key`. */
function notification(overrides: Record<string, string> = {}, key = alipay.privateKey) {
  const fields: Record<string, string> = {
    notify_time: "2026-11-24 15:00:05",
    notify_type: "trade_status_sync",
    notify_id: "ac05099524730693a8b330c5ecf72da9786",
    charset: "utf-8",
    version: "1.0",
    sign_type: "RSA2",
    app_id: APP_ID,
    trade_no: "2026112422001400000000000001",
    out_trade_no: "P20261124065901ABCDEFGHIJ",
    trade_status: "TRADE_SUCCESS",
    total_amount: "88.88",
    receipt_amount: "88.88",
    subject: "账户充值 88.88 元",
    gmt_payment: "2026-11-24 15:00:04",
    ...overrides,
  };
  return { ...fields, sign: sign(content(fields, ["sign", "sign_type"]), key) };
}

const asRequest = (form: Record<string, string>) => ({ headers: {}, rawBody: new URLSearchParams(form).toString() });

describe("Alipay notification verification", () => {
  it("accepts a notification signed by Alipay's key and reads the amount in fen", async () => {
    const verdict = await provider().verifyNotification(asRequest(notification()));
    expect(verdict).toMatchObject({
      ok: true,
      notification: {
        merchantOrderNo: "P20261124065901ABCDEFGHIJ",
        providerTradeNo: "2026112422001400000000000001",
        amountFen: 8888,
        outcome: "paid",
      },
    });
  });

  it("reads the parsed form when the route already has it", async () => {
    const form = notification({ total_amount: "0.01" });
    expect(await provider().verifyNotification({ headers: {}, rawBody: "", form })).toMatchObject({ ok: true, notification: { amountFen: 1 } });
  });

  it.each([
    ["TRADE_FINISHED", "paid"],
    ["TRADE_CLOSED", "closed"],
    ["WAIT_BUYER_PAY", "pending"],
  ])("maps trade_status %s to %s", async (trade_status, outcome) => {
    expect(await provider().verifyNotification(asRequest(notification({ trade_status })))).toMatchObject({ ok: true, notification: { outcome } });
  });

  it("refuses a changed amount", async () => {
    const form = { ...notification(), total_amount: "8888.00" };
    expect(await provider().verifyNotification(asRequest(form))).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a changed byte anywhere in the signed fields", async () => {
    const form = notification();
    const rawBody = new URLSearchParams(form).toString().replace("ABCDEFGHIJ", "ABCDEFGHIK");
    expect(await provider().verifyNotification({ headers: {}, rawBody })).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a notification signed with another key", async () => {
    expect(await provider().verifyNotification(asRequest(notification({}, stranger.privateKey)))).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a correctly signed notification for another application", async () => {
    const verdict = await provider().verifyNotification(asRequest(notification({ app_id: "2021000000000002" })));
    expect(verdict).toEqual({ ok: false, reason: "app_id 2021000000000002 is not ours" });
  });

  it.each([
    [{ total_amount: "88.888" }, "bad total_amount 88.888"],
    [{ total_amount: "-1.00" }, "bad total_amount -1.00"],
    [{ trade_status: "TRADE_PENDING" }, "unknown trade_status TRADE_PENDING"],
    [{ sign_type: "RSA" }, "unsupported sign_type RSA"],
  ])("refuses %j", async (overrides, reason) => {
    expect(await provider().verifyNotification(asRequest(notification(overrides)))).toEqual({ ok: false, reason });
  });

  it("refuses a notification without a signature", async () => {
    const { sign: _dropped, ...form } = notification();
    expect(await provider().verifyNotification(asRequest(form))).toEqual({ ok: false, reason: "bad signature" });
  });

  it("takes PEM keys too", async () => {
    const withPem = new AlipayProvider({ appId: APP_ID, appPrivateKey: pem(app.privateKey), alipayPublicKey: pem(alipay.publicKey) });
    expect(await withPem.verifyNotification(asRequest(notification()))).toMatchObject({ ok: true });
  });

  it("acknowledges with the plain text Alipay expects", () => {
    expect(provider().acknowledgement(true)).toMatchObject({ status: 200, body: "success" });
    expect(provider().acknowledgement(false).body).not.toBe("success");
  });
});

describe("Alipay page pay", () => {
  it("redirects to the gateway with a request signed by the application key", async () => {
    const start = await provider("https://gateway.example/gateway.do").createPayment({
      merchantOrderNo: "P20261124065901ABCDEFGHIJ",
      amountFen: 10,
      subject: "账户充值 0.1 元",
      notifyUrl: "https://site.example/webapi/payment/alipay/notify",
      returnUrl: "https://site.example/personal/expenseCenter/chargeRecord",
    });
    if (start.kind !== "redirect") throw new Error("expected a redirect");
    const url = new URL(start.url);
    expect(url.origin + url.pathname).toBe("https://gateway.example/gateway.do");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: "alipay.trade.page.pay",
      sign_type: "RSA2",
      charset: "utf-8",
      timestamp: "2026-11-24 15:00:00",
      notify_url: "https://site.example/webapi/payment/alipay/notify",
    });
    expect(JSON.parse(params.biz_content ?? "")).toEqual({
      out_trade_no: "P20261124065901ABCDEFGHIJ",
      total_amount: "0.10",
      subject: "账户充值 0.1 元",
      product_code: "FAST_INSTANT_TRADE_PAY",
    });
    expect(verify(content(params, ["sign"]), params.sign ?? "", app.publicKey)).toBe(true);
  });
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

type Answer = Record<string, string>;

/**
 * Plays Alipay: checks the request's signature, answers `<method>_response` signed over its exact
 * text. `answer` is the object for every method, or a function of the method and biz_content.
 */
async function gateway(
  answer: Answer | ((method: string, biz: Answer) => Answer),
  options: { signWith?: KeyObject; tamper?: boolean; status?: number } = {},
) {
  const server = await startFakeServer(({ body }): FakeResponse => {
    const params = Object.fromEntries(new URLSearchParams(body));
    if (!verify(content(params, ["sign"]), params.sign ?? "", app.publicKey)) {
      return { status: 200, body: JSON.stringify({ error_response: { code: "40002", sub_code: "isv.invalid-signature" } }) };
    }
    const biz = JSON.parse(params.biz_content ?? "{}") as Answer;
    const method = params.method ?? "";
    const object = typeof answer === "function" ? answer(method, biz) : { out_trade_no: biz.out_trade_no ?? "", ...answer };
    const objectText = JSON.stringify(object);
    const signature = sign(objectText, options.signWith ?? alipay.privateKey);
    const sent = options.tamper ? objectText.replace('"88.88"', '"888.88"') : objectText;
    return {
      status: options.status ?? 200,
      headers: { "content-type": "application/json;charset=utf-8" },
      body: `{"${method.replaceAll(".", "_")}_response":${sent},"sign":"${signature}"}`,
    };
  });
  closers.push(server.close);
  return server;
}

describe("Alipay trade query against a local gateway", () => {

  it("reads a paid trade from a signed response", async () => {
    const server = await gateway({ code: "10000", msg: "Success", trade_no: "2026112422001400000000000001", trade_status: "TRADE_SUCCESS", total_amount: "88.88" });
    expect(await provider(server.url).queryPayment("P20261124065901ABCDEFGHIJ")).toEqual({
      found: true,
      merchantOrderNo: "P20261124065901ABCDEFGHIJ",
      providerTradeNo: "2026112422001400000000000001",
      amountFen: 8888,
      outcome: "paid",
    });
    expect(server.requests[0]?.method).toBe("POST");
    expect(new URLSearchParams(server.requests[0]?.body).get("method")).toBe("alipay.trade.query");
  });

  it("answers not found for a trade Alipay does not know", async () => {
    const server = await gateway({ code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST" });
    expect(await provider(server.url).queryPayment("P20261124065901ABCDEFGHIJ")).toEqual({ found: false });
  });

  it("throws for a response whose text was changed after signing", async () => {
    const server = await gateway({ code: "10000", trade_no: "1", trade_status: "TRADE_SUCCESS", total_amount: "88.88" }, { tamper: true });
    await expect(provider(server.url).queryPayment("P1")).rejects.toThrow(PaymentGatewayError);
  });

  it("throws for a response signed with another key", async () => {
    const server = await gateway({ code: "10000", trade_no: "1", trade_status: "TRADE_SUCCESS", total_amount: "88.88" }, { signWith: stranger.privateKey });
    await expect(provider(server.url).queryPayment("P1")).rejects.toThrow("missing or bad signature");
  });

  it("throws for a trade of another order in the response", async () => {
    const server = await gateway({ code: "10000", trade_no: "1", trade_status: "TRADE_SUCCESS", total_amount: "88.88", out_trade_no: "P2" });
    await expect(provider(server.url).queryPayment("P1")).rejects.toThrow("unexpected trade");
  });

  it("throws for a gateway error", async () => {
    const server = await gateway({ code: "20000", sub_code: "isp.unknow-error" });
    await expect(provider(server.url).queryPayment("P1")).rejects.toThrow("20000 isp.unknow-error");
    const failing = await gateway({ code: "10000" }, { status: 502 });
    await expect(provider(failing.url).queryPayment("P1")).rejects.toThrow("HTTP 502");
  });
});

describe("Alipay refunds against a local gateway", () => {
  const request = { merchantOrderNo: "P1", refundNo: "R1", refundFen: 1010, totalFen: 8888, reason: "用户申请退款" };

  /** The gateway answering per method; `asked` lists the methods and biz_content it received. */
  async function refundGateway(answers: Record<string, Answer>) {
    const server = await gateway((method) => answers[method] ?? { code: "40004", sub_code: "ACQ.SYSTEM_ERROR" });
    const asked = () =>
      server.requests.map(({ body }) => {
        const params = new URLSearchParams(body);
        return { method: params.get("method"), biz: JSON.parse(params.get("biz_content") ?? "{}") };
      });
    return { url: server.url, asked };
  }

  it("refunds at once when the money moved (fund_change Y), asking in yuan", async () => {
    const server = await refundGateway({
      "alipay.trade.refund": { code: "10000", msg: "Success", trade_no: "2026112422001", out_trade_no: "P1", refund_fee: "10.10", fund_change: "Y" },
    });
    expect(await provider(server.url).refund(request)).toEqual({ state: "refunded", providerRefundNo: "2026112422001" });
    expect(server.asked()[0]?.biz).toEqual({ out_trade_no: "P1", out_request_no: "R1", refund_amount: "10.10", refund_reason: "用户申请退款" });
  });

  it.each([
    [{ code: "10000", refund_status: "REFUND_SUCCESS", out_request_no: "R1", trade_no: "T" }, "refunded"],
    [{ code: "10000", out_request_no: "R1", trade_no: "T" }, "refunding"],
    [{ code: "10000", trade_no: "T" }, "refundFailed"],
  ])("asks the refund query when fund_change is N: %j → %s", async (queryAnswer, state) => {
    const server = await refundGateway({
      "alipay.trade.refund": { code: "10000", trade_no: "T", fund_change: "N" },
      "alipay.trade.fastpay.refund.query": queryAnswer,
    });
    expect(await provider(server.url).refund(request)).toMatchObject({ state });
    expect(server.asked().map((call) => call.method)).toEqual(["alipay.trade.refund", "alipay.trade.fastpay.refund.query"]);
  });

  it("reports a refused refund as failed and a system error as a gateway error", async () => {
    const refused = await refundGateway({ "alipay.trade.refund": { code: "40004", sub_code: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL" } });
    expect(await provider(refused.url).refund(request)).toEqual({ state: "refundFailed", providerRefundNo: null });
    const broken = await refundGateway({ "alipay.trade.refund": { code: "20000", sub_code: "isp.unknow-error" } });
    await expect(provider(broken.url).refund(request)).rejects.toThrow(PaymentGatewayError);
    const busy = await refundGateway({ "alipay.trade.refund": { code: "40004", sub_code: "ACQ.SYSTEM_ERROR" } });
    await expect(provider(busy.url).refund(request)).rejects.toThrow("ACQ.SYSTEM_ERROR");
  });
});

describe("Alipay close against a local gateway", () => {
  const biz = (server: { requests: { body: string }[] }) =>
    server.requests.map(({ body }) => {
      const params = new URLSearchParams(body);
      return { method: params.get("method"), biz: JSON.parse(params.get("biz_content") ?? "{}") };
    });

  it("closes the trade with a signed alipay.trade.close request", async () => {
    const server = await gateway({ code: "10000", msg: "Success", trade_no: "2026112422001" });
    await expect(provider(server.url).closePayment("P20261124065901ABCDEFGHIJ")).resolves.toBeUndefined();
    expect(biz(server)).toEqual([{ method: "alipay.trade.close", biz: { out_trade_no: "P20261124065901ABCDEFGHIJ" } }]);
  });

  it("counts a trade Alipay never opened as closed", async () => {
    const server = await gateway({ code: "40004", sub_code: "ACQ.TRADE_NOT_EXIST" });
    await expect(provider(server.url).closePayment("P1")).resolves.toBeUndefined();
  });

  it("throws when the trade was paid meanwhile, or the answer is not Alipay's", async () => {
    const paid = await gateway({ code: "40004", sub_code: "ACQ.TRADE_STATUS_ERROR" });
    await expect(provider(paid.url).closePayment("P1")).rejects.toThrow("ACQ.TRADE_STATUS_ERROR");
    const forged = await gateway({ code: "10000" }, { signWith: stranger.privateKey });
    await expect(provider(forged.url).closePayment("P1")).rejects.toThrow("missing or bad signature");
  });
});
