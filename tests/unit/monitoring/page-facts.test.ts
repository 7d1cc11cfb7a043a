import { describe, expect, it } from "vitest";
import { contentSha256, needsRendering, normaliseUrl } from "../../../server/monitoring/crawl/crawl-site.js";
import { extractPageFacts, parseDateTime } from "../../../server/monitoring/crawl/page-facts.js";

const URL_OF_PAGE = "https://news.example.cn/2026/11/article.html?id=7#top";
const at = (iso: string) => Date.parse(iso);

describe("extractPageFacts: author", () => {
  it.each([
    ["meta name=author", `<meta name="author" content="林晓">`, "林晓"],
    ["article:author", `<meta property="article:author" content="周一鸣">`, "周一鸣"],
    ["itemprop=author with a name inside", `<span itemprop="author" itemscope><span itemprop="name">陈静</span></span>`, "陈静"],
    ["a .byline element, label dropped", `<div class="byline">作者：王小川</div>`, "王小川"],
    ["an .author element", `<span class="post author">李四</span>`, "李四"],
    ["none", `<p>没有署名的文章。</p>`, null],
  ])("%s", (_name, markup, expected) => {
    expect(extractPageFacts(`<html><head><title>t</title>${markup.startsWith("<meta") ? markup : ""}</head><body>${markup.startsWith("<meta") ? "" : markup}</body></html>`, URL_OF_PAGE).author).toBe(expected);
  });
});

describe("extractPageFacts: publish time", () => {
  it.each([
    ["article:published_time with zone", `<meta property="article:published_time" content="2026-11-20T09:30:00Z">`, at("2026-11-20T09:30:00Z")],
    ["article:published_time without zone is Beijing time", `<meta property="article:published_time" content="2026-11-20T09:30:00">`, at("2026-11-20T01:30:00Z")],
    ["<time datetime>", `<time datetime="2026-11-19">11月19日</time>`, at("2026-11-18T16:00:00Z")],
    ["itemprop=datePublished meta", `<meta itemprop="datePublished" content="2026-10-01T08:00:00+08:00">`, at("2026-10-01T00:00:00Z")],
    ["a Chinese date near the top", `<p>发布时间：2026年11月20日 14:05</p>`, at("2026-11-20T06:05:00Z")],
    ["a dashed date near the top", `<p>2026-11-20 来源：本站</p>`, at("2026-11-19T16:00:00Z")],
    ["no date", `<p>今天天气很好。</p>`, null],
    ["an impossible date is not one", `<p>编号 2026-13-45</p>`, null],
  ])("%s", (_name, markup, expected) => {
    const head = markup.startsWith("<meta") ? markup : "";
    const body = markup.startsWith("<meta") ? "<p>正文</p>" : markup;
    expect(extractPageFacts(`<html><head><title>t</title>${head}</head><body>${body}</body></html>`, URL_OF_PAGE).publishTime).toBe(expected);
  });

  it("parseDateTime reads offsets with and without a colon", () => {
    expect(parseDateTime("2026-11-20T10:00:00+0800")).toBe(at("2026-11-20T02:00:00Z"));
    expect(parseDateTime("2026-11-20 10:00")).toBe(at("2026-11-20T02:00:00Z"));
    expect(parseDateTime("not a date")).toBeNull();
  });
});

describe("extractPageFacts: text", () => {
  const page = `<!doctype html><html><head><title> 原创文章 - 某站 </title><style>p{color:red}</style><script>var x = "脚本文字";</script></head><body>
    <header><nav><a href="/">首页</a><a href="/news/">新闻</a></nav></header>
    <aside><p>广告：买一送一，限时抢购，点击查看更多优惠活动信息。</p></aside>
    <div id="content"><h1>原创文章</h1>
      <p>第一段正文，讲述一个关于山间溪流的故事，溪水清澈见底。</p>
      <p>第二段正文，溪流穿过村庄，孩子们在岸边嬉戏玩耍。</p>
      <p hidden>隐藏的文字</p>
    </div>
    <footer><p>版权所有 © 某站</p></footer>
  </body></html>`;
  const facts = extractPageFacts(page, URL_OF_PAGE);

  it("takes the title from <title>, whitespace collapsed", () => expect(facts.title).toBe("原创文章 - 某站"));

  it("main text is the densest block without navigation, asides, footer, scripts or hidden text", () => {
    expect(facts.mainText).toContain("第一段正文");
    expect(facts.mainText).toContain("第二段正文");
    for (const boilerplate of ["首页", "广告", "版权所有", "脚本文字", "隐藏的文字", "color"]) expect(facts.mainText).not.toContain(boilerplate);
  });

  it("full text has every visible line, one per block, and nothing invisible", () => {
    expect(facts.fullText.split("\n")).toEqual(expect.arrayContaining(["第一段正文，讲述一个关于山间溪流的故事，溪水清澈见底。", "版权所有 © 某站"]));
    expect(facts.fullText).toContain("广告");
    expect(facts.fullText).not.toContain("脚本文字");
    expect(facts.fullText).not.toContain("隐藏的文字");
  });

  it("a long list of related headlines (links) does not outweigh a shorter article", () => {
    const related = Array.from({ length: 30 }, (_, n) => `<li><a href="/r/${n}">相关阅读：另一篇与本文无关的新闻标题第 ${n} 条</a></li>`).join("");
    const chosen = extractPageFacts(`<div class="article"><p>正文只有这一段，但它才是文章本身。</p><p>第二段。</p></div><div class="related"><ul>${related}</ul></div>`, URL_OF_PAGE);
    expect(chosen.mainText).toBe("正文只有这一段，但它才是文章本身。\n第二段。");
  });

  it("falls back to og:title, then h1, when there is no <title>", () => {
    expect(extractPageFacts(`<meta property="og:title" content="分享标题"><h1>大标题</h1>`, URL_OF_PAGE).title).toBe("分享标题");
    expect(extractPageFacts(`<h1>大标题</h1><p>x</p>`, URL_OF_PAGE).title).toBe("大标题");
  });
});

describe("extractPageFacts: addresses", () => {
  const page = `<html><head><meta property="og:image" content="/share.jpg"></head><body>
    <img src="a.png"><img src="small.jpg" srcset="small.jpg 320w, large.jpg 1280w, medium.jpg 640w">
    <img srcset="one.png, two.png 2x"><img src="data:image/png;base64,AAAA">
    <picture><source srcset="//cdn.example.cn/p.webp 1x, //cdn.example.cn/p@3x.webp 3x"><img src="p.jpg"></picture>
    <audio src="/media/song.mp3"></audio><audio><source src="song.ogg"></audio>
    <video src="clip.mp4"><source src="clip.webm"></video>
    <a href="next.html#part">下一篇</a><a href="javascript:void(0)">x</a><a href="mailto:a@b.cn">信</a><a href="https://other.example.cn/x">站外</a><a href="next.html">重复</a>
  </body></html>`;
  const facts = extractPageFacts(page, URL_OF_PAGE);
  const base = "https://news.example.cn/2026/11/";

  it("pictures: img src, srcset's largest, picture sources, og:image; absolute, no data: URLs", () => {
    expect(facts.images).toEqual([`${base}a.png`, `${base}large.jpg`, `${base}two.png`, `${base}p.jpg`, "https://cdn.example.cn/p@3x.webp", "https://news.example.cn/share.jpg"]);
  });

  it("audio and video: src and <source>", () => {
    expect(facts.audio).toEqual(["https://news.example.cn/media/song.mp3", `${base}song.ogg`]);
    expect(facts.video).toEqual([`${base}clip.mp4`, `${base}clip.webm`]);
  });

  it("links: absolute http(s), fragments dropped, duplicates once", () => {
    expect(facts.links).toEqual([`${base}next.html`, "https://other.example.cn/x"]);
  });

  it("keeps no credentials of a link", () => {
    expect(extractPageFacts(`<a href="https://user:secret@example.cn/x">x</a><img src="//u:p@cdn.example.cn/i.png">`, URL_OF_PAGE)).toMatchObject({ links: ["https://example.cn/x"], images: ["https://cdn.example.cn/i.png"] });
  });

  it("honours <base href>", () => {
    expect(extractPageFacts(`<base href="https://mirror.example.cn/dir/"><a href="x.html">x</a>`, URL_OF_PAGE).links).toEqual(["https://mirror.example.cn/dir/x.html"]);
  });
});

describe("crawl helpers", () => {
  it.each([
    ["http://Example.CN:80/a/../b?q=1#frag", "http://example.cn/b?q=1"],
    ["https://user:secret@example.cn:443/", "https://example.cn/"],
    ["https://example.cn:8443/x", "https://example.cn:8443/x"],
    ["ftp://example.cn/", null],
    ["/relative", null],
  ])("normaliseUrl(%s)", (input, expected) => expect(normaliseUrl(input)).toBe(expected));

  it("a page with scripts and almost no text needs rendering; an article or a short page without scripts does not", () => {
    expect(needsRendering(extractPageFacts(`<div id="app"></div><script src="/app.js"></script>`, URL_OF_PAGE))).toBe(true);
    expect(needsRendering(extractPageFacts(`<p>短页面</p>`, URL_OF_PAGE))).toBe(false);
    expect(needsRendering(extractPageFacts(`<article>${"<p>很长的正文段落，包含足够多的文字内容。</p>".repeat(20)}</article><script>track()</script>`, URL_OF_PAGE))).toBe(false);
  });

  it("contentSha256 changes with the main text or the media, not with boilerplate", () => {
    const page = (main: string, footer: string, image = "a.png") => extractPageFacts(`<main><p>${main}</p><img src="${image}"></main><footer><p>${footer}</p></footer>`, URL_OF_PAGE);
    const first = contentSha256(page("正文甲", "页脚一"));
    expect(contentSha256(page("正文甲", "页脚二"))).toBe(first);
    expect(contentSha256(page("正文乙", "页脚一"))).not.toBe(first);
    expect(contentSha256(page("正文甲", "页脚一", "b.png"))).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });
});
