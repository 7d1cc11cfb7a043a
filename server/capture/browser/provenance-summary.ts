import { BLOCKED_REQUEST_REASONS, PROVENANCE_LABELS, type CaptureProvenance, type CaptureQa } from "../../../src/schema/capture.js";

/**
 * The provenance as a page a person reads (in the WACZ beside provenance.json, which stays the
 * record): when, with what software, from where, which origins with which addresses and
 * certificates, what was redirected or refused, and what the QA found. Self-contained HTML: no
 * script, no external resource, so any replay tool or browser shows it as it is.
 */
export function renderProvenanceSummary(provenance: CaptureProvenance, qa: CaptureQa): string {
  const { software, node, options, resources } = provenance;
  const rows = (pairs: [string, string][]) => pairs.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("");
  const list = (items: string[], empty: string) => (items.length === 0 ? `<p class="muted">${escapeHtml(empty)}</p>` : `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`);

  const origins = provenance.origins.map((origin) => {
    const chain = origin.tls
      ? `<br>TLS：${escapeHtml(`${origin.tls.protocol}，${origin.tls.cipher}，${origin.tls.authorized ? "证书链验证通过" : `证书链未通过验证（${origin.tls.authorizationError ?? "未知原因"}）`}`)}` +
        `<ol>${origin.tls.certificates.map((certificate) => `<li>${escapeHtml(`${certificate.subject}（签发者：${certificate.issuer}；有效期 ${certificate.validFrom} 至 ${certificate.validTo}；SHA-256 指纹 ${certificate.fingerprint256}）`)}</li>`).join("")}</ol>`
      : "";
    const dns = origin.dns.length > 0 ? `<br>DNS 应答：${escapeHtml(origin.dns.map((answer) => `${answer.type} ${answer.value}${answer.ttl === null ? "" : `（TTL ${answer.ttl}）`}`).join("；"))}` : "";
    return `<b>${escapeHtml(origin.origin)}</b>：连接地址 ${escapeHtml(origin.addresses.join("、") || "无")}${dns}${chain}`;
  });
  const redirects = provenance.redirects.map((redirect) => escapeHtml(`${redirect.from} → ${redirect.to}（${redirect.status}）`));
  const blocked = provenance.blocked.map((entry) => escapeHtml(`${BLOCKED_REQUEST_REASONS[entry.reason]}：${entry.url}${entry.detail ? `（${entry.detail}）` : ""}`));
  const findings = qa.findings.map((finding) => escapeHtml(`${finding.message}（${finding.detail}）`));

  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${PROVENANCE_LABELS.heading}记录</title>
<style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:2em;color:#222;font-size:14px}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;word-break:break-all}th{background:#f5f5f5;white-space:nowrap}h2{font-size:16px;margin-top:1.5em}.muted{color:#888}</style>
</head><body>
<h1>${PROVENANCE_LABELS.heading}记录</h1>
<table>${rows([
    [PROVENANCE_LABELS.requestedUrl, provenance.requestedUrl],
    [PROVENANCE_LABELS.finalUrl, provenance.finalUrl],
    [PROVENANCE_LABELS.title, provenance.title],
    [`${PROVENANCE_LABELS.startedAt}（UTC）`, provenance.startedAt],
    [`${PROVENANCE_LABELS.endedAt}（UTC）`, provenance.endedAt],
  ])}</table>
<h2>取证环境</h2>
<table>${rows([
    ["平台软件", `${software.platform} ${software.version}`],
    ["浏览器", software.chromium],
    ["自动化组件", software.automation],
    ["Node.js", software.node],
    ["取证节点主机名", node.hostname],
    ["出站本地地址", node.localAddresses.join("、") || "无"],
    ["节点公网地址（运营方声明）", node.publicAddress ?? "未声明"],
    ["浏览器窗口", `${options.viewport.width} × ${options.viewport.height}`],
    ["User-Agent", options.userAgent],
    ["取证限制", `时间 ${options.timeoutMs / 1000} 秒；内容 ${Math.round(options.maxBytes / 1024 / 1024)} MB；请求 ${options.maxRequests} 个；页面高度 ${options.maxPageHeight} 像素；滚动 ${options.maxScrollSteps} 屏；网络空闲 ${options.networkIdleMs} 毫秒`],
  ])}</table>
<h2>${PROVENANCE_LABELS.origins}（${provenance.origins.length}）</h2>${list(origins, "无")}
<h2>${PROVENANCE_LABELS.redirects}（${provenance.redirects.length}）</h2>${list(redirects, "无重定向")}
<h2>${PROVENANCE_LABELS.blocked}（${provenance.blocked.length}）</h2>${list(blocked, "无")}
<h2>资源统计</h2>
<table>${rows([
    ["请求数", String(resources.requests)],
    ["失败数", String(resources.failed)],
    ["接收字节数", String(resources.bytes)],
  ])}</table>
<h2>${PROVENANCE_LABELS.qa}</h2>${qa.passed ? `<p>未发现问题</p>` : list(findings, "无")}
</body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
