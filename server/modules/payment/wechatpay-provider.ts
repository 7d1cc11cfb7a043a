import type { KeyObject } from "node:crypto";

import {
  GATEWAY_TIMEOUT_MS,
  PaymentGatewayError,
  refuseNotification,
  headerValue,
  type IncomingNotification,
  type NotificationVerdict,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentQueryResult,
  type PaymentRequest,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
} from "./payment-provider";
import { readPrivateKey, readPublicKey } from "./rsa-keys";
import {
  decryptResource,
  merchantAuthorization,
  wechatpaySignatureProblem,
  type EncryptedResource,
  type WechatpaySignedHeaders,
} from "./wechatpay-signature";

export const WECHATPAY_GATEWAY_URL = "https://api.mch.weixin.qq.com";

export type WechatpayConfig = {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string;
  merchantPrivateKey: string;
  /** The APIv3 key (32 characters) that seals notification resources. */
  apiV3Key: string;
  /** WeChat Pay's keys by the Wechatpay-Serial that names them: platform certificates or the WeChat Pay public key (PUB_KEY_ID_…). */
  platformPublicKeys: Record<string, string>;
  gatewayUrl?: string;
  now?: () => Date;
};

/** trade_state → our outcome. REFUND: the payment succeeded and went to refund, which is ours to track. */
const TRADE_STATE_OUTCOMES: Record<string, PaymentOutcome> = {
  SUCCESS: "paid",
  REFUND: "paid",
  NOTPAY: "pending",
  USERPAYING: "pending",
  CLOSED: "closed",
  REVOKED: "closed",
  PAYERROR: "failed",
};

type Transaction = {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: unknown };
};

/** WeChat Pay API v3 Native payment (a QR code on the computer website). */
export class WechatpayProvider implements PaymentProvider {
  readonly key = "wechatpay" as const;
  private readonly privateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly gatewayUrl: string;
  private readonly now: () => Date;

  constructor(private readonly config: WechatpayConfig) {
    if (Buffer.byteLength(config.apiV3Key, "utf8") !== 32) throw new Error("the WeChat Pay APIv3 key must be 32 bytes");
    this.privateKey = readPrivateKey(config.merchantPrivateKey);
    this.platformKeys = new Map(Object.entries(config.platformPublicKeys).map(([serial, key]) => [serial, readPublicKey(key)]));
    this.gatewayUrl = (config.gatewayUrl ?? WECHATPAY_GATEWAY_URL).replace(/\/$/, "");
    this.now = config.now ?? (() => new Date());
  }

  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const { status, body } = await this.call("POST", "/v3/pay/transactions/native", {
      appid: this.config.appid,
      mchid: this.config.mchid,
      description: request.subject,
      out_trade_no: request.merchantOrderNo,
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: "CNY" },
    });
    const codeUrl = (body as { code_url?: unknown }).code_url;
    if (status !== 200 || typeof codeUrl !== "string") throw new PaymentGatewayError(`native pay: HTTP ${status}`);
    return { kind: "qrCode", codeUrl };
  }

  async verifyNotification(notification: IncomingNotification): Promise<NotificationVerdict> {
    const problem = wechatpaySignatureProblem(signedHeaders(notification.headers), notification.rawBody, this.platformKeys, this.now());
    if (problem) return refuseNotification(problem);
    let envelope: { event_type?: string; resource?: EncryptedResource };
    try {
      envelope = JSON.parse(notification.rawBody);
    } catch {
      return refuseNotification("body is not JSON");
    }
    if (envelope.event_type !== "TRANSACTION.SUCCESS") return refuseNotification(`unhandled event_type ${envelope.event_type}`);
    const plain = envelope.resource ? decryptResource(envelope.resource, this.config.apiV3Key) : null;
    if (plain === null) return refuseNotification("resource does not decrypt");
    let transaction: Transaction;
    try {
      transaction = JSON.parse(plain);
    } catch {
      return refuseNotification("resource is not JSON");
    }
    const read = this.readTransaction(transaction);
    if (typeof read === "string") return refuseNotification(read);
    if (!read.providerTradeNo) return refuseNotification("transaction_id missing");
    return { ok: true, notification: { ...read, providerTradeNo: read.providerTradeNo, raw: transaction } };
  }

  async queryPayment(merchantOrderNo: string): Promise<PaymentQueryResult> {
    const path =
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(merchantOrderNo)}` +
      `?mchid=${encodeURIComponent(this.config.mchid)}`;
    const { status, body } = await this.call("GET", path);
    if (status === 404 && (body as { code?: unknown }).code === "ORDER_NOT_EXIST") return { found: false };
    if (status !== 200) throw new PaymentGatewayError(`query: HTTP ${status}`);
    const read = this.readTransaction(body as Transaction);
    if (typeof read === "string" || read.merchantOrderNo !== merchantOrderNo) {
      throw new PaymentGatewayError(`query: ${typeof read === "string" ? read : "another order in the response"}`);
    }
    return { found: true, ...read };
  }

  /** Close: 204 without a body when closed; an order already closed counts as closed, anything else (paid meanwhile) throws. */
  async closePayment(merchantOrderNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(merchantOrderNo)}/close`;
    const { status, body } = await this.call("POST", path, { mchid: this.config.mchid });
    if (status === 204 || status === 200) return;
    const code = (body as { code?: unknown }).code;
    if (code === "ORDER_CLOSED") return;
    throw new PaymentGatewayError(`close: HTTP ${status} ${String(code ?? "")}`);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.call("POST", "/v3/refund/domestic/refunds", {
      out_trade_no: request.merchantOrderNo,
      out_refund_no: request.refundNo,
      reason: request.reason,
      amount: { refund: request.refundFen, total: request.totalFen, currency: "CNY" },
    });
    return readRefund(answer, "refund");
  }

  async queryRefund(_merchantOrderNo: string, refundNo: string): Promise<RefundResult> {
    return readRefund(await this.call("GET", `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`), "refund query");
  }

  /** Success is 200 or 204 without a body; anything else makes WeChat Pay retry (15s … 24h). */
  acknowledgement(accepted: boolean) {
    return accepted
      ? { status: 204, contentType: "application/json", body: "" }
      : { status: 500, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) };
  }

  /** A signed request to the gateway whose response must carry a valid WeChat Pay signature. */
  private async call(method: "GET" | "POST", path: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const authorization = merchantAuthorization({
      mchid: this.config.mchid,
      serialNo: this.config.merchantSerialNo,
      privateKey: this.privateKey,
      method,
      url: path,
      body,
      now: this.now(),
    });
    const response = await fetch(this.gatewayUrl + path, {
      method,
      headers: {
        authorization,
        accept: "application/json",
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    const text = await response.text();
    const headers = Object.fromEntries(response.headers.entries());
    const problem = wechatpaySignatureProblem(signedHeaders(headers), text, this.platformKeys, this.now());
    if (problem) throw new PaymentGatewayError(`${method} ${path}: ${problem}`);
    try {
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    } catch {
      throw new PaymentGatewayError(`${method} ${path}: not JSON`);
    }
  }

  /** A transaction's fields after checking it is for our merchant and application. */
  private readTransaction(transaction: Transaction) {
    if (transaction.mchid !== this.config.mchid) return `mchid ${transaction.mchid} is not ours`;
    if (transaction.appid !== this.config.appid) return `appid ${transaction.appid} is not ours`;
    const outcome = TRADE_STATE_OUTCOMES[transaction.trade_state ?? ""];
    if (!outcome) return `unknown trade_state ${transaction.trade_state}`;
    const total = transaction.amount?.total;
    if (typeof total !== "number" || !Number.isSafeInteger(total) || total < 0) return "bad amount.total";
    if (!transaction.out_trade_no) return "out_trade_no missing";
    return {
      merchantOrderNo: transaction.out_trade_no,
      providerTradeNo: transaction.transaction_id || null,
      amountFen: total,
      outcome,
    };
  }
}

/** SUCCESS done, PROCESSING under way, CLOSED and ABNORMAL (e.g. the payer's card closed) failed. */
const REFUND_STATUS_STATES: Record<string, RefundResult["state"]> = {
  SUCCESS: "refunded",
  PROCESSING: "refunding",
  CLOSED: "refundFailed",
  ABNORMAL: "refundFailed",
};

/** A refund answer; a 4xx with an error code (not enough balance, bad amount, unknown refund) is a failed refund. */
function readRefund({ status, body }: { status: number; body: unknown }, what: string): RefundResult {
  const answer = body as { refund_id?: unknown; status?: unknown; code?: unknown };
  if (status >= 400 && status < 500 && status !== 401 && status !== 429 && typeof answer.code === "string") {
    return { state: "refundFailed", providerRefundNo: null };
  }
  const state = REFUND_STATUS_STATES[String(answer.status)];
  if (status !== 200 || !state) throw new PaymentGatewayError(`${what}: HTTP ${status} ${String(answer.status ?? "")}`);
  return { state, providerRefundNo: typeof answer.refund_id === "string" ? answer.refund_id : null };
}

function signedHeaders(headers: IncomingNotification["headers"]): WechatpaySignedHeaders {
  return {
    timestamp: headerValue(headers, "wechatpay-timestamp"),
    nonce: headerValue(headers, "wechatpay-nonce"),
    signature: headerValue(headers, "wechatpay-signature"),
    serial: headerValue(headers, "wechatpay-serial"),
    signatureType: headerValue(headers, "wechatpay-signature-type"),
  };
}
