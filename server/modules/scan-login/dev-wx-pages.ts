/**
 * The development provider's two pages, server-rendered so they work without the client bundle
 * and look nothing like WeChat's own: each is labelled as a simulation. Only values we made
 * (state, URLs, SVG) are put in the markup, and those through `escapeHtml` or JSON.
 */

export const DEV_TEST_IDENTITIES = ["测试用户甲", "测试用户乙", "测试用户丙"] as const;
export const NICKNAME_MAX_LENGTH = 20;

export const BASE_STYLE = `*{box-sizing:border-box}body{margin:0;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#fff}
.badge{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:2px 8px;font-size:12px}
.muted{color:#6b7280;font-size:12px}`;

export function renderQrPage(input: { state: string; confirmUrl: string; qrSvg: string; statusUrl: string; nonce: string }): string {
  return page(
    input.nonce,
    "开发环境模拟扫码",
    `${BASE_STYLE}
body{display:flex;flex-direction:column;align-items:center;padding:8px 8px 0;text-align:center}
.qr{width:184px;height:184px;margin:8px 0 4px;border:1px solid #e5e7eb}.qr svg{width:100%;height:100%;display:block}
p{margin:4px 0;font-size:13px}a{color:#1677ff;font-size:12px}#status{min-height:18px;font-size:13px}
.done{color:#389e0d}.gone{color:#cf1322}`,
    `<span class="badge">开发环境模拟扫码</span>
<div class="qr" role="img" aria-label="登录二维码">${input.qrSvg}</div>
<p>请用手机扫码，在确认页选择测试身份并确认登录</p>
<p class="muted">真实环境中此处显示微信的登录二维码</p>
<a href="${escapeHtml(input.confirmUrl)}" target="_blank" rel="noopener" data-confirm-url>没有手机？在新窗口打开确认页</a>
<p id="status" class="muted">等待扫码确认…</p>
<script nonce="${escapeHtml(input.nonce)}">
(function () {
  var statusUrl = ${scriptJson(input.statusUrl)};
  var line = document.getElementById("status");
  function poll() {
    fetch(statusUrl, { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.status === "confirmed") {
          line.textContent = "已确认，正在登录…";
          line.className = "done";
          window.top.location.href = answer.redirectTo;
        } else if (answer.status === "expired") {
          line.textContent = "二维码已失效，请刷新二维码";
          line.className = "gone";
        } else {
          setTimeout(poll, 1000);
        }
      })
      .catch(function () { setTimeout(poll, 2000); });
  }
  poll();
})();
</script>`,
  );
}

export function renderConfirmPage(input: { state: string; confirmPostUrl: string; nonce: string }): string {
  const presets = DEV_TEST_IDENTITIES.map((name) => `<button type="button" class="preset" data-nickname="${escapeHtml(name)}">${escapeHtml(name)}</button>`).join("");
  return page(
    input.nonce,
    "确认登录 · 开发环境模拟",
    `${BASE_STYLE}
body{background:#ededed;min-height:100vh;display:flex;justify-content:center}
.phone{width:100%;max-width:420px;background:#f7f7f7;min-height:100vh}
header{background:#2e2e2e;color:#fff;text-align:center;padding:14px;font-size:16px}
main{padding:20px 16px}.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px}
.notice{font-size:13px;line-height:1.6;margin:8px 0 0}
label{display:block;font-size:14px;margin-bottom:8px}
input{width:100%;font-size:16px;padding:10px;border:1px solid #d1d5db;border-radius:6px}
.presets{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:12px}
.preset{border:1px solid #d1d5db;background:#fff;border-radius:16px;padding:6px 12px;font-size:14px}
.preset[aria-pressed="true"]{border-color:#07c160;color:#07c160}
#confirm{width:100%;background:#07c160;color:#fff;border:0;border-radius:6px;padding:12px;font-size:17px}
#confirm[disabled]{opacity:.6}#result{margin-top:12px;font-size:14px;text-align:center;min-height:20px}
.ok{color:#389e0d}.error{color:#cf1322}`,
    `<div class="phone">
<header>确认登录</header>
<main>
<div class="card"><span class="badge">开发环境模拟</span>
<p class="notice">这是模拟手机微信授权确认的页面：真实环境中，这一步在手机微信里完成，平台得到的是微信提供的用户标识。这里用测试昵称代替：同一昵称总是同一个人。</p></div>
<div class="card">
<label for="nickname">选择或输入测试身份（昵称）</label>
<div class="presets">${presets}</div>
<input id="nickname" name="nickname" maxlength="${NICKNAME_MAX_LENGTH}" autocomplete="off" placeholder="例如：测试用户甲">
</div>
<button type="button" id="confirm">确认登录</button>
<p id="result" role="status"></p>
</main></div>
<script nonce="${escapeHtml(input.nonce)}">
(function () {
  var postUrl = ${scriptJson(input.confirmPostUrl)};
  var state = ${scriptJson(input.state)};
  var input = document.getElementById("nickname");
  var button = document.getElementById("confirm");
  var result = document.getElementById("result");
  document.querySelectorAll(".preset").forEach(function (preset) {
    preset.addEventListener("click", function () {
      input.value = preset.getAttribute("data-nickname");
      document.querySelectorAll(".preset").forEach(function (other) { other.setAttribute("aria-pressed", String(other === preset)); });
    });
  });
  function show(text, kind) { result.textContent = text; result.className = kind; }
  button.addEventListener("click", function () {
    var nickname = input.value.trim();
    if (!nickname) { show("请选择或输入测试身份", "error"); return; }
    button.disabled = true;
    fetch(postUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ state: state, nickname: nickname }) })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.ok) { show("已确认登录，请回到电脑上的页面", "ok"); button.textContent = "已确认"; }
        else { show(answer.message, "error"); button.disabled = false; }
      })
      .catch(function () { show("网络异常，请稍后重试", "error"); button.disabled = false; });
  });
})();
</script>`,
  );
}

export function renderExpiredPage(nonce: string): string {
  return page(
    nonce,
    "二维码已失效",
    `${BASE_STYLE}body{padding:24px;text-align:center}`,
    `<span class="badge">开发环境模拟扫码</span><p>二维码已失效，请在登录页刷新二维码后重新扫码。</p>`,
  );
}

export function renderRefusedPage(nonce: string): string {
  return page(nonce, "页面不存在", `${BASE_STYLE}body{padding:24px}`, "<p>模拟扫码页面只在开发环境、且未配置真实微信登录时提供；此服务器不提供。</p>");
}

/** The nonce is the one the page's Content-Security-Policy names: only its own style and script run. */
export function page(nonce: string, title: string, style: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · 衡证</title><style nonce="${escapeHtml(nonce)}">${style}</style></head><body>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a <script nonce="${escapeHtml(input.nonce)}">: "<" escaped so no value can close the element. */
export function scriptJson(value: string): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
