import type { FastifyInstance } from "fastify";
import { DEV_ENDPOINTS, type OutboxItem } from "../../../src/schema/dev-tools.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { OutboxMessage, OutboxRepository } from "./outbox.repository.js";

/**
 * The development outbox (never registered in production): what SMS and e-mail would have said,
 * newest first, as JSON for tools and as a page an operator can keep open.
 */
export async function outboxRoutes(app: FastifyInstance, options: { outbox: OutboxRepository }) {
  const { outbox } = options;

  registerEndpoint(app, DEV_ENDPOINTS.outbox, async ({ limit, to }) => ok({ list: (await outbox.listNewest(limit, to)).map(toItem) }));

  // The page sits at the call's own path, outside /webapi.
  app.get(DEV_ENDPOINTS.outbox.path, { schema: { hide: true } }, async (_request, reply) => {
    const rows = (await outbox.listNewest(100)).map(toItem);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(renderPage(rows));
  });
}

function toItem(row: OutboxMessage): OutboxItem {
  return { id: row.id, channel: row.channel, to: row.recipient, subject: row.subject, text: row.body, createTime: formatDateTime(row.created_at) };
}

function renderPage(items: OutboxItem[]): string {
  const rows = items
    .map(
      (item) =>
        `<tr><td>${item.createTime}</td><td>${item.channel === "sms" ? "短信" : "邮件"}</td><td>${escapeHtml(item.to)}</td><td>${escapeHtml(item.subject)}</td><td>${escapeHtml(item.text)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>开发发件箱 · 衡证</title><style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:24px;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #e5e7eb;padding:6px 10px;text-align:left;vertical-align:top}
th{background:#f3f4f6}.note{background:#fff7e6;border:1px solid #ffd591;padding:8px 12px;margin-bottom:16px}</style></head>
<body><h1>开发发件箱</h1><p class="note">这是开发环境：短信和邮件没有真正发出，而是记录在这里（每 5 秒刷新）。生产环境没有此页面。</p>
<table><thead><tr><th>时间</th><th>渠道</th><th>收件人</th><th>主题</th><th>内容</th></tr></thead><tbody>${rows || '<tr><td colspan="5">暂无消息</td></tr>'}</tbody></table></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
