import { describe, expect, it } from "vitest";
import { demoArticles } from "../../../../server/db/seed/demo-articles";
import { demoBanners } from "../../../../server/db/seed/demo-banners";
import { demoDapps } from "../../../../server/db/seed/demo-dapps";
import { BannerFormSchema, DappFormSchema, isContentImagePath, isJumpUrl, NewsFormSchema } from "../../../../src/schema/console/content";
import { NEWS_CHANNEL } from "../../../../src/schema/news";

const HASH = "a".repeat(64);

describe("jump addresses", () => {
  it.each([
    ["/info/validateQuery", true],
    ["/info/detailsProduct?articleId=3#top", true],
    ["/", true],
    ["https://www.example.com/page?x=1", true],
    ["http://example.cn", true],
    ["//evil.example.com", false],
    ["/\\evil.example.com", false],
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["data:text/html,<script>", false],
    ["ftp://example.com", false],
    ["www.example.com", false],
    ["evidenceSave", false],
    ["/with space", false],
    [`/${"a".repeat(500)}`, false],
  ])("%s: %s", (value, expected) => {
    expect(isJumpUrl(value)).toBe(expected);
  });
});

describe("content image paths", () => {
  it.each([
    [`/files/content/${HASH}`, true],
    ["/assets/images/banner/ledger-hero.svg", true],
    ["/assets/images/dapp/file-evidence.png", true],
    [`/files/content/${HASH.toUpperCase()}`, false],
    [`/files/content/${HASH}x`, false],
    ["/files/avatar/" + HASH, false],
    ["/assets/images/../../etc/passwd.svg", false],
    ["/assets/images//x.svg", false],
    ["/assets/images/x.html", false],
    ["https://cdn.example.com/x.png", false],
    ["javascript:alert(1)", false],
  ])("%s: %s", (value, expected) => {
    expect(isContentImagePath(value)).toBe(expected);
  });
});

describe("the seeded demo content is ordinary content", () => {
  it("every banner passes the console's banner form", () => {
    for (const banner of demoBanners) expect(BannerFormSchema.safeParse(banner).error).toBeUndefined();
  });

  it("every related application passes the console's form", () => {
    for (const dapp of demoDapps) expect(DappFormSchema.safeParse(dapp).error).toBeUndefined();
  });

  it("every article passes the console's news form", () => {
    for (const { publishedAt, ...article } of demoArticles) {
      expect(NewsFormSchema.safeParse({ ...article, channelCode: NEWS_CHANNEL.code, publishedAt: Date.parse(publishedAt) }).error).toBeUndefined();
    }
  });
});

describe("the banner form", () => {
  const valid = { templateId: 1, title: "标题", subTitle: [], imageUrl: `/files/content/${HASH}`, subImage: [], button: [{ name: "去看看", jumpUrl: "/info/blockChain" }] };

  it("accepts a complete banner", () => {
    expect(BannerFormSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ templateId: 6 }, "templateId", "请选择模板"],
    [{ title: "  " }, "title", "请输入标题"],
    [{ imageUrl: "https://elsewhere.example.com/x.png" }, "imageUrl", "图片地址无效，请重新上传"],
    [{ button: [{ name: "坏链接", jumpUrl: "javascript:alert(1)" }] }, "button.0.jumpUrl", "跳转地址须以 http:// 或 https:// 开头，或为以 / 开头的本站路径"],
    [{ button: [1, 2, 3, 4].map(() => ({ name: "按钮", jumpUrl: "/" })) }, "button", "按钮最多3个"],
    [{ subTitle: [{ title: "" }] }, "subTitle.0.title", "请输入副标题"],
  ])("refuses %j on %s", (change, field, message) => {
    const issue = BannerFormSchema.safeParse({ ...valid, ...change }).error?.issues[0];
    expect(issue?.path.join(".")).toBe(field);
    expect(issue?.message).toBe(message);
  });
});
