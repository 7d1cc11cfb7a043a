import { BASE_STYLE, escapeHtml, page, scriptJson } from "../scan-login/dev-wx-pages.js";

/** The payer's choices on the simulated cashier; each makes the development cashier notify our callback differently. */
export const CASHIER_ACTIONS = {
  paid: "支付成功",
  failed: "支付失败",
  duplicate: "重复通知",
  late: "延迟通知",
  afterClose: "关单后支付",
  otherAmount: "金额不符",
} as const;
export type CashierAction = keyof typeof CASHIER_ACTIONS;

/**
 * The development cashier's page, server-rendered and labelled as a simulation so nobody mistakes
 * it for a real provider's: no money moves anywhere.
 */
export function renderCashierPage(input: { merchantOrderNo: string; subject: string; amountYuan: string; decideUrl: string; nonce: string }): string {
  const buttons = (Object.entries(CASHIER_ACTIONS) as [CashierAction, string][])
    .map(([action, label]) => `<button type="button" data-action="${action}">${escapeHtml(label)}</button>`)
    .join("");
  return page(
    input.nonce,
    "开发环境模拟收银台",
    `${BASE_STYLE}
body{background:#f5f5f5;display:flex;justify-content:center;padding:40px 16px}
.card{background:#fff;border-radius:8px;padding:24px;max-width:460px;width:100%;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:18px;margin:12px 0}.amount{font-size:32px;color:#cf1322;margin:8px 0}
.row{font-size:13px;color:#6b7280;margin:4px 0}.actions{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:20px}
button{font-size:15px;padding:10px;border-radius:6px;border:1px solid #d1d5db;background:#fff;cursor:pointer}
button[data-action="paid"]{background:#1677ff;border-color:#1677ff;color:#fff}
button[disabled]{opacity:.6;cursor:wait}#result{min-height:20px;font-size:13px;margin-top:12px}`,
    `<div class="card">
<span class="badge">开发环境模拟收银台 — 不会产生真实扣款</span>
<h1>${escapeHtml(input.subject)}</h1>
<div class="amount">¥ ${escapeHtml(input.amountYuan)}</div>
<p class="row">订单号：${escapeHtml(input.merchantOrderNo)}</p>
<p class="row">选择一个结果：模拟收银台会向平台的支付回调发送签名通知（重复通知发送三次，延迟通知在 3 秒后发送；关单后支付：平台先关闭订单、付款随后到达；金额不符：多付 1 元。后两种平台不入账，自动原路退款），然后返回充值页面。</p>
<div class="actions">${buttons}</div>
<p id="result" role="status"></p>
</div>
<script nonce="${escapeHtml(input.nonce)}">
(function () {
  var decideUrl = ${scriptJson(input.decideUrl)};
  var merchantOrderNo = ${scriptJson(input.merchantOrderNo)};
  var buttons = document.querySelectorAll("button[data-action]");
  var result = document.getElementById("result");
  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      buttons.forEach(function (each) { each.disabled = true; });
      result.textContent = "正在通知平台…";
      fetch(decideUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ merchantOrderNo: merchantOrderNo, action: button.dataset.action }) })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          if (answer.returnUrl) { window.location.href = answer.returnUrl; return; }
          result.textContent = answer.message || "操作失败";
          buttons.forEach(function (each) { each.disabled = false; });
        })
        .catch(function () { result.textContent = "网络错误，请重试"; buttons.forEach(function (each) { each.disabled = false; }); });
    });
  });
})();
</script>`,
  );
}

export function renderUnknownOrderPage(nonce: string): string {
  return page(nonce, "订单不存在", `${BASE_STYLE}body{padding:24px}`, `<span class="badge">开发环境模拟收银台</span><p>模拟收银台没有这笔订单（服务器重启后模拟收银台会忘记之前的订单），请回到充值页面重新下单。</p>`);
}
