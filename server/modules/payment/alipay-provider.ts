import type { KeyObject } from "node:crypto";

import { formatDateTime } from "../../../src/schema/format";
import { fenToYuanText, yuanTextToFen } from "../../../src/schema/payment";
import {
  alipaySignContent,
  NOTIFICATION_UNSIGNED,
  rawResponseObject,
  REQUEST_UNSIGNED,
  signRsa2,
  verifyRsa2,
} from "./alipay-signature";
import {
  GATEWAY_TIMEOUT_MS,
  PaymentGatewayError,
  refuseNotification,
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

export const ALIPAY_GATEWAY_URL = "https://openapi.alipay.com/gateway.do";

export type AlipayConfig = {
  appId: string;
  /** The application's private key (PEM or Alipay's bare base64), which signs our requests. */
  appPrivateKey: string;
  /** Alipay's public key for this application, which signs notifications and responses. */
  alipayPublicKey: string;
  /** When set, a notification for another seller is refused. */
  sellerId?: string;
  gatewayUrl?: string;
  now?: () => Date;
};

/** trade_status → our outcome; a status not listed here is refused. */
const TRADE_STATUS_OUTCOMES: Record<string, PaymentOutcome> = {
  WAIT_BUYER_PAY: "pending",
  TRADE_SUCCESS: "paid",
  // Also sent again when the refund period of a paid trade ends: the payment module sees "paid" twice.
  TRADE_FINISHED: "paid",
  TRADE_CLOSED: "closed",
};

/**
 * Alipay computer-website payment (alipay.trade.page.pay) with asynchronous notifications
 * verified by RSA2 and a re-query through alipay.trade.query.
 */
export class AlipayProvider implements PaymentProvider {
  readonly key = "alipay" as const;
  private readonly privateKey: KeyObject;
  private readonly alipayKey: KeyObject;
  private readonly gatewayUrl: string;
  private readonly now: () => Date;

  constructor(private readonly config: AlipayConfig) {
    this.privateKey = readPrivateKey(config.appPrivateKey);
    this.alipayKey = readPublicKey(config.alipayPublicKey);
    this.gatewayUrl = config.gatewayUrl ?? ALIPAY_GATEWAY_URL;
    this.now = config.now ?? (() => new Date());
  }

  /** The page pay is a signed redirect to the gateway; Alipay is only contacted by the browser. */
  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const params = this.signedRequest("alipay.trade.page.pay", {
      out_trade_no: request.merchantOrderNo,
      total_amount: fenToYuanText(request.amountFen),
      subject: request.subject,
      product_code: "FAST_INSTANT_TRADE_PAY",
    }, { notify_url: request.notifyUrl, return_url: request.returnUrl });
    const url = new URL(this.gatewayUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { kind: "redirect", url: url.toString() };
  }

  async verifyNotification(notification: IncomingNotification): Promise<NotificationVerdict> {
    const form = notification.form ?? Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (form.sign_type !== "RSA2") return refuseNotification(`unsupported sign_type ${form.sign_type ?? "(none)"}`);
    if (!form.sign || !verifyRsa2(alipaySignContent(form, NOTIFICATION_UNSIGNED), form.sign, this.alipayKey)) {
      return refuseNotification("bad signature");
    }
    if (form.app_id !== this.config.appId) return refuseNotification(`app_id ${form.app_id} is not ours`);
    if (this.config.sellerId && form.seller_id !== this.config.sellerId) return refuseNotification(`seller_id ${form.seller_id} is not ours`);
    const outcome = TRADE_STATUS_OUTCOMES[form.trade_status ?? ""];
    if (!outcome) return refuseNotification(`unknown trade_status ${form.trade_status}`);
    const amountFen = yuanTextToFen(form.total_amount ?? "");
    if (amountFen === null) return refuseNotification(`bad total_amount ${form.total_amount}`);
    if (!form.out_trade_no || !form.trade_no) return refuseNotification("out_trade_no or trade_no missing");
    return {
      ok: true,
      notification: { merchantOrderNo: form.out_trade_no, providerTradeNo: form.trade_no, amountFen, outcome, raw: form },
    };
  }

  async queryPayment(merchantOrderNo: string): Promise<PaymentQueryResult> {
    const trade = await this.call("alipay.trade.query", { out_trade_no: merchantOrderNo });
    if (trade.code === "40004" && trade.sub_code === "ACQ.TRADE_NOT_EXIST") return { found: false };
    if (trade.code !== "10000") throw new PaymentGatewayError(`alipay.trade.query: ${trade.code} ${trade.sub_code ?? ""}`);
    const outcome = TRADE_STATUS_OUTCOMES[trade.trade_status ?? ""];
    const amountFen = yuanTextToFen(trade.total_amount ?? "");
    if (!outcome || amountFen === null || trade.out_trade_no !== merchantOrderNo || !trade.trade_no) {
      throw new PaymentGatewayError("alipay.trade.query: unexpected trade in the response");
    }
    return { found: true, merchantOrderNo, providerTradeNo: trade.trade_no, amountFen, outcome };
  }

  /**
   * alipay.trade.close. ACQ.TRADE_NOT_EXIST: the payer never opened the cashier, so Alipay has no
   * trade to close. ACQ.TRADE_STATUS_ERROR (paid or finished meanwhile) and anything else throw.
   */
  async closePayment(merchantOrderNo: string): Promise<void> {
    const answer = await this.call("alipay.trade.close", { out_trade_no: merchantOrderNo });
    if (answer.code === "10000") return;
    if (answer.code === "40004" && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return;
    throw new PaymentGatewayError(`alipay.trade.close: ${answer.code} ${answer.sub_code ?? ""}`);
  }

  /**
   * alipay.trade.refund answers at once: fund_change Y means the money moved now. N means this
   * out_request_no was seen before (a retry), so the refund query tells where it stands.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.call("alipay.trade.refund", {
      out_trade_no: request.merchantOrderNo,
      out_request_no: request.refundNo,
      refund_amount: fenToYuanText(request.refundFen),
      refund_reason: request.reason,
    });
    // 40004 is a business refusal (balance, amount, trade state), except a system error worth retrying.
    if (answer.code === "40004" && answer.sub_code !== "ACQ.SYSTEM_ERROR") return { state: "refundFailed", providerRefundNo: null };
    if (answer.code !== "10000") throw new PaymentGatewayError(`alipay.trade.refund: ${answer.code} ${answer.sub_code ?? ""}`);
    if (answer.fund_change === "Y") return { state: "refunded", providerRefundNo: answer.trade_no ?? null };
    return this.queryRefund(request.merchantOrderNo, request.refundNo);
  }

  /** REFUND_SUCCESS is done; no out_request_no in the answer means Alipay never received the refund. */
  async queryRefund(merchantOrderNo: string, refundNo: string): Promise<RefundResult> {
    const answer = await this.call("alipay.trade.fastpay.refund.query", { out_trade_no: merchantOrderNo, out_request_no: refundNo });
    if (answer.code !== "10000") {
      throw new PaymentGatewayError(`alipay.trade.fastpay.refund.query: ${answer.code} ${answer.sub_code ?? ""}`);
    }
    const providerRefundNo = answer.trade_no ?? null;
    if (answer.refund_status === "REFUND_SUCCESS") return { state: "refunded", providerRefundNo };
    if (answer.out_request_no !== refundNo) return { state: "refundFailed", providerRefundNo };
    return { state: "refunding", providerRefundNo };
  }

  /** Alipay stops retrying on the plain text `success`; anything else is retried (up to 8 times in 25 h). */
  acknowledgement(accepted: boolean) {
    return { status: 200, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "failure" };
  }

  /** The common request parameters of the open-platform gateway, signed. */
  private signedRequest(method: string, bizContent: Record<string, string>, extra: Record<string, string> = {}) {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: formatDateTime(this.now()),
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    return { ...params, sign: signRsa2(alipaySignContent(params, REQUEST_UNSIGNED), this.privateKey) };
  }

  /**
   * One gateway call. The answer is `{"<method>_response":{…},"sign":"…"}` and Alipay's signature
   * covers the object's exact text, which is checked before anything in it is read.
   */
  private async call(method: string, bizContent: Record<string, string>): Promise<Record<string, string | undefined>> {
    const response = await fetch(this.gatewayUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
      body: new URLSearchParams(this.signedRequest(method, bizContent)).toString(),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    const body = await response.text();
    if (!response.ok) throw new PaymentGatewayError(`${method}: HTTP ${response.status}`);
    const raw = rawResponseObject(body, `${method.replaceAll(".", "_")}_response`);
    let sign: unknown;
    try {
      sign = (JSON.parse(body) as { sign?: unknown }).sign;
    } catch {
      throw new PaymentGatewayError(`${method}: not JSON`);
    }
    if (raw === null || typeof sign !== "string" || !verifyRsa2(raw, sign, this.alipayKey)) {
      throw new PaymentGatewayError(`${method}: missing or bad signature`);
    }
    return JSON.parse(raw) as Record<string, string | undefined>;
  }
}
