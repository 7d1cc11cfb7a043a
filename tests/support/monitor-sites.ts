import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A web site on loopback described as data, for monitoring tests, benchmarks and the end-to-end
 * journey: paths answered with pages, pictures, media, robots.txt, redirects, slow or big bodies.
 * It knows nothing of matching: tests mount whatever articles and pictures they need. Every
 * request is logged with its start and end, so a test can check that requests never overlapped.
 */

export interface SiteRoute {
  status?: number;
  /** Defaults to text/html; charset=utf-8. */
  contentType?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow page). */
  delayMs?: number;
}

/**
 * Path (with or without its query) → route. A key `//name/path` answers only requests whose Host is
 * that name (a test resolver can point several names at the one server: virtual hosts).
 */
export type SiteRoutes = Record<string, string | SiteRoute>;

export interface RequestLogEntry {
  method: string;
  /** Path and query, as requested. */
  path: string;
  userAgent: string;
  startedAt: number;
  /** When the response finished or the connection closed; null while in flight. */
  endedAt: number | null;
}

export interface MonitorSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** `127.0.0.1:<port>`: the CAPTURE_ALLOWED_HOSTS entry admitting this site. */
  host: string;
  url(path: string): string;
  /** Adds or replaces routes (a string is an HTML page). */
  set(routes: SiteRoutes): void;
  remove(path: string): void;
  requests: RequestLogEntry[];
  close(): Promise<void>;
}

/** Starts the site on 127.0.0.1 on an ephemeral port; paths not routed answer 404. */
export async function startMonitorSite(routes: SiteRoutes = {}): Promise<MonitorSite> {
  const table = new Map<string, SiteRoute>();
  const set = (more: SiteRoutes) => {
    for (const [path, route] of Object.entries(more)) table.set(path, typeof route === "string" ? { body: route } : route);
  };
  set(routes);
  const requests: RequestLogEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const entry: RequestLogEntry = { method: request.method ?? "GET", path: request.url ?? "/", userAgent: request.headers["user-agent"] ?? "", startedAt: Date.now(), endedAt: null };
    requests.push(entry);
    response.once("close", () => (entry.endedAt = Date.now()));
    const pathname = new URL(request.url ?? "/", "http://site.invalid").pathname;
    const hostname = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const route = table.get(`//${hostname}${request.url ?? "/"}`) ?? table.get(`//${hostname}${pathname}`) ?? table.get(request.url ?? "/") ?? table.get(pathname);
    const send = () => {
      if (!route) return response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      response.writeHead(route.status ?? 200, { "content-type": route.contentType ?? "text/html; charset=utf-8", ...route.headers }).end(route.body);
    };
    if (!route?.delayMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, route.delayMs);
    timers.add(timer);
  };

  const server = http.createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    url: (path) => `${origin}${path}`,
    set,
    remove: (path) => void table.delete(path),
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- building blocks ----

export function redirect(to: string, status = 302): SiteRoute {
  return { status, body: "", headers: { location: to } };
}

export function file(body: Buffer, contentType: string): SiteRoute {
  return { body, contentType };
}

export function robots(text: string): SiteRoute {
  return { body: text, contentType: "text/plain; charset=utf-8" };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A page whose content only exists once its script ran: an empty root and an inline script that fills it. */
export function scriptRenderedPage(title: string, paragraphs: string[]): string {
  const json = JSON.stringify({ title, paragraphs }).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><div id="app"></div><script>
const data = ${json};
const root = document.getElementById("app");
const article = document.createElement("article");
const heading = document.createElement("h1");
heading.textContent = data.title;
article.append(heading);
for (const text of data.paragraphs) { const p = document.createElement("p"); p.textContent = text; article.append(p); }
root.append(article);
</script></body></html>`;
}

/** A page of roughly `bytes` bytes of text. */
export function bigPage(bytes: number): string {
  const paragraph = "<p>大段填充文字，用于测试抓取的字节上限。</p>\n";
  return `<!doctype html><html><head><meta charset="utf-8"><title>大页面</title></head><body>${paragraph.repeat(Math.ceil(bytes / Buffer.byteLength(paragraph)))}</body></html>`;
}

export interface NewsArticle {
  /** Path of the article page, e.g. `/news/1.html`. */
  path: string;
  title: string;
  author?: string;
  /** ISO 8601 as the page states it, e.g. `2026-11-20T09:30:00+08:00`. */
  published?: string;
  paragraphs: string[];
  /** Pictures shown in the article (mounted by the caller or via `files`). */
  images?: string[];
  audio?: string[];
  video?: string[];
}

/** An article page with the metadata news sites carry (meta author, article:published_time, <time>), a nav and a footer. */
export function articlePage(siteName: string, article: NewsArticle): string {
  const media = [
    ...(article.images ?? []).map((src) => `<figure><img src="${escapeHtml(src)}" alt=""></figure>`),
    ...(article.audio ?? []).map((src) => `<audio controls src="${escapeHtml(src)}"></audio>`),
    ...(article.video ?? []).map((src) => `<video controls><source src="${escapeHtml(src)}"></video>`),
  ].join("\n");
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(article.title)} - ${escapeHtml(siteName)}</title>
${article.author ? `<meta name="author" content="${escapeHtml(article.author)}">` : ""}
${article.published ? `<meta property="article:published_time" content="${escapeHtml(article.published)}">` : ""}
</head><body>
<header><nav><a href="/">${escapeHtml(siteName)}首页</a> | <a href="/about.html">关于我们</a></nav></header>
<main><article><h1>${escapeHtml(article.title)}</h1>
<p class="byline">${article.author ? `作者：${escapeHtml(article.author)}` : ""} ${article.published ? `<time datetime="${escapeHtml(article.published)}">${escapeHtml(article.published.slice(0, 10))}</time>` : ""}</p>
${article.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n")}
${media}
</article></main>
<footer><p>${escapeHtml(siteName)} 版权所有 · 联系我们</p></footer>
</body></html>`;
}

/** An index page at `/` listing the articles, plus each article page: a news site as routes. */
export function newsSite(siteName: string, articles: NewsArticle[]): SiteRoutes {
  const index = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head><body>
<header><h1>${escapeHtml(siteName)}</h1></header>
<ul>${articles.map((article) => `<li><a href="${escapeHtml(article.path)}">${escapeHtml(article.title)}</a></li>`).join("")}</ul>
</body></html>`;
  return { "/": index, ...Object.fromEntries(articles.map((article) => [article.path, articlePage(siteName, article)])) };
}
