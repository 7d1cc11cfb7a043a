import type { PendingApplication } from "./identity.service.js";

const KIND_TEXT = { person: "个人实名认证", organisation: "企业认证" } as const;

/**
 * The operator's page of the development identity provider: what waits for a decision, with
 * 通过 / 驳回 for each. Plain server-rendered HTML, like the development outbox.
 */
export function renderDevIdentityPage(items: PendingApplication[], notice?: string): string {
  const rows = items.map(renderRow).join("");
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<title>开发环境实名审核 · 衡证</title><style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:24px;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #e5e7eb;padding:6px 10px;text-align:left;vertical-align:top}
th{background:#f3f4f6}.note{background:#fff7e6;border:1px solid #ffd591;padding:8px 12px;margin-bottom:16px}
.done{background:#f6ffed;border:1px solid #b7eb8f;padding:8px 12px;margin-bottom:16px}
form{display:flex;gap:8px;align-items:center;margin:0}input{padding:4px 6px}button{padding:4px 14px;cursor:pointer}
.approve{background:#1677ff;color:#fff;border:1px solid #1677ff}.reject{background:#fff;color:#cf1322;border:1px solid #cf1322}</style></head>
<body><h1>开发环境实名审核</h1>
<p class="note">这是开发环境的身份核验提供方：它不会自动核验任何身份。个人实名与企业认证申请提交后保持“审核中”，
直到操作员在此页面人工<strong>通过</strong>或<strong>驳回</strong>。生产环境没有此页面，须接入真实的身份核验服务。</p>
${notice ? `<p class="done" role="status">${escapeHtml(notice)}</p>` : ""}
<table><thead><tr><th>类型</th><th>编号</th><th>账号</th><th>姓名 / 企业名称</th><th>证件</th><th>提交时间</th><th>审核</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">暂无待审核的申请</td></tr>'}</tbody></table></body></html>`;
}

function renderRow(item: PendingApplication): string {
  const licence = item.kind === "organisation" ? ` <a href="/dev/identity/licence/${item.id}" target="_blank">查看证照</a>` : "";
  const label = `${KIND_TEXT[item.kind]} ${item.id}（${item.account}）`;
  return `<tr data-account="${escapeHtml(item.account)}"><td>${KIND_TEXT[item.kind]}</td><td>${item.id}</td><td>${escapeHtml(item.account)}</td>
<td>${escapeHtml(item.name)}</td><td>${escapeHtml(item.detail)}${licence}</td><td>${item.submitTime}</td>
<td><form method="post" action="/dev/identity/decide" aria-label="审核 ${escapeHtml(label)}">
<input type="hidden" name="kind" value="${item.kind}"><input type="hidden" name="id" value="${item.id}">
<input name="reason" placeholder="驳回原因（驳回时填写）" aria-label="驳回原因">
<button class="approve" name="decision" value="approve">通过</button>
<button class="reject" name="decision" value="reject">驳回</button></form></td></tr>`;
}

export function renderRefusalPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>页面不可用 · 衡证</title></head>
<body><h1>页面不可用</h1><p>人工实名审核页只在开发环境提供；生产环境的实名认证由已接入的身份核验服务完成。</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
