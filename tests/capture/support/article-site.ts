import type { TestSites } from "./test-sites.js";

/**
 * The page a capture journey (e2e) and the capture benchmark take: a Chinese article on the HTTPS
 * site, tall enough to need scrolling, whose lower images load only when scrolled into view
 * (`loading="lazy"` and an IntersectionObserver), reached through a redirect from the HTTP site.
 * `lazyRequests()` tells how often the lazy images were fetched, so a test can see scrolling happened.
 */
export interface ArticleSite {
  /** http://…/go, which redirects (302) to the article. */
  entryUrl: string;
  articleUrl: string;
  title: string;
  lazyRequests(): number;
}

export const ARTICLE_TITLE = "衡证取证测试文章：城市绿地的四季";

const svg = (label: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="${colour}"/><text x="40" y="190" font-size="40" fill="#fff">${label}</text></svg>`;

function articleHtml(httpOrigin: string): string {
  const paragraphs = Array.from(
    { length: 24 },
    (_, index) => `<p>第 ${index + 1} 段：清晨的公园里，银杏叶在风中轻轻摇动，晨练的人们沿着湖边慢跑。这一段文字用于测试整页截图与滚动加载，内容为本平台自行编写的示例。</p>`,
  ).join("\n");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${ARTICLE_TITLE}</title>
<style>body{font-family:"Noto Sans CJK SC",sans-serif;max-width:760px;margin:40px auto;line-height:1.8;color:#222}img{display:block;width:640px;height:360px;margin:24px 0}</style>
</head><body>
<h1>${ARTICLE_TITLE}</h1>
<img src="/img/hero.svg" alt="题图">
${paragraphs}
<img loading="lazy" src="/img/lazy-native.svg" alt="原生懒加载图片">
${paragraphs}
<img class="observed" data-src="${httpOrigin}/img/lazy-observed.svg" alt="滚动后加载的图片">
<p>全文完。</p>
<script>
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) { entry.target.src = entry.target.dataset.src; observer.unobserve(entry.target); }
  });
  document.querySelectorAll("img.observed").forEach((image) => observer.observe(image));
</script>
</body></html>`;
}

export function serveArticle(sites: TestSites): ArticleSite {
  let lazy = 0;
  const image = (label: string, colour: string, isLazy: boolean) => (_request: unknown, response: import("node:http").ServerResponse) => {
    if (isLazy) lazy += 1;
    response.writeHead(200, { "content-type": "image/svg+xml" }).end(svg(label, colour));
  };
  sites.route("/article", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(articleHtml(sites.httpOrigin));
  });
  sites.route("/go", (_request, response) => {
    response.writeHead(302, { location: `${sites.httpsOrigin}/article` }).end();
  });
  sites.route("/img/hero.svg", image("题图", "#2f6f4f", false));
  sites.route("/img/lazy-native.svg", image("懒加载", "#4a6fa5", true));
  sites.route("/img/lazy-observed.svg", image("滚动加载", "#a5744a", true));
  return { entryUrl: `${sites.httpOrigin}/go`, articleUrl: `${sites.httpsOrigin}/article`, title: ARTICLE_TITLE, lazyRequests: () => lazy };
}
