import { type DefaultTreeAdapterMap, parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import { HELP_SEED } from "../../../server/modules/help-center/seed/help-seed";
import type { SeedArticle, SeedLawCase, SeedMenu } from "../../../server/modules/help-center/seed/help-seed.types";
import { FILING_GUIDE } from "../../../server/modules/lawsuit-package/filing-guide";
import { type DocumentSection, PRINCIPLES_DOCUMENT } from "../../../server/modules/lawsuit-package/principles-document";
import { ruleLabel } from "../../../server/modules/legal-ai/sources/legal-rule";
import { LEGAL_RULES } from "../../../server/modules/legal-ai/sources/legal-rules";
import {
  CASE_TYPES,
  EVIDENCE_CHANNELS,
  FAQ_SUMMARY_LIMIT,
  HELP_ARTICLE_KINDS,
  HELP_MENU_KIND_CODES,
  type HelpMenuKind,
} from "../../../src/schema/help-center";
import { getRegionTree } from "../../../src/schema/regions";

type Node = DefaultTreeAdapterMap["childNode"];
type Leaf = Exclude<SeedMenu, { children: SeedMenu[] }>;

/** What the seed's HTML may use (help-seed.types.ts): a subset of what the sanitiser keeps, without attributes. */
const SEED_TAGS = new Set(["h2", "h3", "p", "ul", "ol", "li", "strong", "table", "thead", "tbody", "tr", "th", "td"]);

function leaves(menus: readonly SeedMenu[]): Leaf[] {
  return menus.flatMap((menu) => ("children" in menu ? leaves(menu.children) : [menu]));
}
const leafOf = (code: HelpMenuKind) => leaves(HELP_SEED).find((leaf) => leaf.code === code);
const articlesOf = (code: HelpMenuKind): readonly SeedArticle[] => leafOf(code)?.articles ?? [];
const allArticles = () => leaves(HELP_SEED).flatMap((leaf) => leaf.articles ?? []);
const lawCases = () => articlesOf("HLLAWCASE") as readonly SeedLawCase[];

/** The HTML's element names and text, as the browser would parse it. */
function readHtml(html: string): { tags: string[]; attributes: string[]; text: string } {
  const tags: string[] = [];
  const attributes: string[] = [];
  let text = "";
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.nodeName === "#text") text += (node as DefaultTreeAdapterMap["textNode"]).value;
      else if ("tagName" in node) {
        tags.push(node.tagName);
        attributes.push(...node.attrs.map((attribute) => `${node.tagName}[${attribute.name}]`));
        walk(node.childNodes);
      }
    }
  };
  walk(parseFragment(html).childNodes);
  return { tags, attributes, text };
}
const textLength = (html: string) => [...readHtml(html).text.replace(/\s+/g, "")].length;

const isValidDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** 第X条 in Chinese numerals (1-9999), the way statutes number their articles. */
function chineseArticle(n: number): string {
  const digits = "零一二三四五六七八九";
  const units = ["千", "百", "十", ""];
  const places = String(n).padStart(4, "0").split("").map(Number);
  let out = "";
  let pendingZero = false;
  places.forEach((digit, index) => {
    if (digit === 0) {
      if (out) pendingZero = true;
      return;
    }
    if (pendingZero) out += "零";
    pendingZero = false;
    out += digits[digit] + units[index];
  });
  return `第${n >= 10 && n < 20 ? out.replace(/^一十/, "十") : out}条`;
}

describe("help centre seed: menus", () => {
  it("has one leaf per menu kind, and 存证知识 is the first leaf (the default landing)", () => {
    const codes = leaves(HELP_SEED).map((leaf) => leaf.code);
    expect([...codes].sort()).toEqual([...HELP_MENU_KIND_CODES].sort());
    expect(codes[0]).toBe("HLEVIDENCE");
  });

  it("gives articles only to the kinds editors write, and names every node", () => {
    for (const leaf of leaves(HELP_SEED)) {
      const isArticleKind = (HELP_ARTICLE_KINDS as readonly string[]).includes(leaf.code);
      expect(leaf.name.trim().length, leaf.code).toBeGreaterThan(0);
      if (isArticleKind) expect(leaf.articles?.length ?? 0, leaf.code).toBeGreaterThan(0);
      else expect(leaf.articles ?? [], leaf.code).toEqual([]);
    }
  });

  it("has the number of articles the brief of each kind asks for", () => {
    expect(articlesOf("HLEVIDENCE")).toHaveLength(12);
    expect(articlesOf("HLQUESTION")).toHaveLength(15);
    expect(lawCases()).toHaveLength(10);
    expect(articlesOf("HLUSERBOOK").length).toBeGreaterThanOrEqual(10);
    expect(articlesOf("HLUSERBOOK").length).toBeLessThanOrEqual(14);
  });
});

describe("help centre seed: articles", () => {
  it("gives every article a title, tags, a brief, a valid date, and unique titles", () => {
    const titles = allArticles().map((article) => article.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const article of allArticles()) {
      expect(article.title.trim(), article.title).not.toBe("");
      expect(article.typeName.split(",").every((tag) => tag.trim() !== ""), article.title).toBe(true);
      expect(article.brief.length, article.title).toBeGreaterThan(10);
      expect(article.brief, article.title).not.toMatch(/[<>]/);
      expect(isValidDate(article.publishedOn), `${article.title} ${article.publishedOn}`).toBe(true);
    }
  });

  it("writes HTML with the allowed tags only and no attributes", () => {
    for (const article of allArticles()) {
      for (const html of [article.content, article.summary]) {
        const { tags, attributes } = readHtml(html);
        expect(tags.filter((tag) => !SEED_TAGS.has(tag)), article.title).toEqual([]);
        expect(attributes, article.title).toEqual([]);
      }
      expect(readHtml(article.content).tags.length, article.title).toBeGreaterThan(0);
    }
  });

  it("gives each evidence know-how article 600-1500 characters of text", () => {
    for (const article of articlesOf("HLEVIDENCE")) {
      const length = textLength(article.content);
      expect(length, article.title).toBeGreaterThanOrEqual(600);
      expect(length, article.title).toBeLessThanOrEqual(1500);
    }
  });

  it("puts FAQ cards on both sides of FAQ_SUMMARY_LIMIT, about half each", () => {
    const lengths = articlesOf("HLQUESTION").map((faq) => textLength(faq.summary));
    expect(lengths.every((length) => length > 0)).toBe(true);
    const opening = lengths.filter((length) => length > FAQ_SUMMARY_LIMIT).length;
    const closed = lengths.length - opening;
    expect(opening).toBeGreaterThanOrEqual(5);
    expect(closed).toBeGreaterThanOrEqual(5);
  });
});

describe("help centre seed: law cases", () => {
  it("uses dictionary codes, existing provinces, and judgment dates in 2021-2026", () => {
    const provinces = new Set(getRegionTree().map((province) => province.id));
    const channels = new Set(EVIDENCE_CHANNELS.map((entry) => entry.typecode));
    const caseTypes = new Set(CASE_TYPES.map((entry) => entry.typecode));
    for (const lawCase of lawCases()) {
      expect(channels.has(lawCase.evidenceChannelId), lawCase.title).toBe(true);
      expect(caseTypes.has(lawCase.caseType), lawCase.title).toBe(true);
      expect(provinces.has(lawCase.area), `${lawCase.title} ${lawCase.area}`).toBe(true);
      expect(isValidDate(lawCase.judgedOn), lawCase.title).toBe(true);
      expect(Number(lawCase.judgedOn.slice(0, 4)), lawCase.title).toBeGreaterThanOrEqual(2021);
      expect(Number(lawCase.judgedOn.slice(0, 4)), lawCase.title).toBeLessThanOrEqual(2026);
    }
  });

  it("spreads the cases over every evidence channel and case type", () => {
    expect(new Set(lawCases().map((lawCase) => lawCase.evidenceChannelId)).size).toBe(EVIDENCE_CHANNELS.length);
    expect(new Set(lawCases().map((lawCase) => lawCase.caseType)).size).toBe(CASE_TYPES.length);
  });

  it("marks every court and case number as illustrative, the number's year being the judgment's", () => {
    for (const lawCase of lawCases()) {
      expect(lawCase.courtName, lawCase.title).toMatch(/（示例）$/);
      expect(lawCase.caseNo, lawCase.title).toMatch(/^（(\d{4})）示例[\p{Script=Han}]+\d+号$/u);
      expect(lawCase.caseNo.slice(1, 5), lawCase.title).toBe(lawCase.judgedOn.slice(0, 4));
      expect(readHtml(lawCase.content).text, lawCase.title).toContain("示例案例");
      expect(lawCase.brief.split("。").filter(Boolean).length, lawCase.title).toBeGreaterThanOrEqual(2);
      expect(lawCase.brief.split("。").filter(Boolean).length, lawCase.title).toBeLessThanOrEqual(4);
    }
    const numbers = lawCases().map((lawCase) => lawCase.caseNo);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe("legal rules", () => {
  it("has 30-40 rules with unique ids of the form <law key>:<article number>", () => {
    expect(LEGAL_RULES.length).toBeGreaterThanOrEqual(30);
    expect(LEGAL_RULES.length).toBeLessThanOrEqual(40);
    const ids = LEGAL_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of LEGAL_RULES) expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*:\d+$/);
  });

  it("labels each rule 《law》第…条, the numeral matching the id's number", () => {
    for (const rule of LEGAL_RULES) {
      expect(rule.law, rule.id).not.toMatch(/[《》]/);
      expect(rule.article, rule.id).toMatch(/^第[零一二三四五六七八九十百千]+条$/);
      expect(rule.article, rule.id).toBe(chineseArticle(Number(rule.id.split(":")[1])));
      expect(ruleLabel(rule), rule.id).toBe(`《${rule.law}》${rule.article}`);
    }
  });

  it("keeps one law name per law key and summaries of 60-300 characters", () => {
    const lawByKey = new Map<string, string>();
    for (const rule of LEGAL_RULES) {
      const key = rule.id.split(":")[0];
      expect(lawByKey.get(key) ?? rule.law, rule.id).toBe(rule.law);
      lawByKey.set(key, rule.law);
      expect([...rule.summary].length, rule.id).toBeGreaterThanOrEqual(60);
      expect([...rule.summary].length, rule.id).toBeLessThanOrEqual(300);
    }
  });

  it("sums up the four review factors of 在线诉讼规则 Art. 17 in order (the certificate check reads them)", () => {
    const article17 = LEGAL_RULES.find((rule) => rule.id === "online-litigation-rules:17");
    const summary = article17?.summary ?? "";
    const positions = ["第一", "第二", "第三", "第四"].map((ordinal) => summary.indexOf(ordinal));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe("documents of the litigation package", () => {
  const textOf = (sections: readonly DocumentSection[]) => sections.flatMap((section) => section.paragraphs).join("");
  const checkSections = (sections: readonly DocumentSection[]) => {
    const headings = sections.map((section) => section.heading);
    expect(new Set(headings).size).toBe(headings.length);
    for (const section of sections) {
      expect(section.heading.trim()).not.toBe("");
      expect(section.paragraphs.length, section.heading).toBeGreaterThan(0);
      for (const paragraph of section.paragraphs) {
        expect(paragraph.trim(), section.heading).not.toBe("");
        expect(paragraph, section.heading).not.toMatch(/<[a-z]/i);
      }
    }
  };

  it("gives the principles document a title, a brief and 6-8 pages of text (about 1,500-2,000 characters a page at 11pt)", () => {
    expect(PRINCIPLES_DOCUMENT.title).toBe("电子证据原理");
    expect(PRINCIPLES_DOCUMENT.subTitle).not.toBe("");
    expect(PRINCIPLES_DOCUMENT.brief.length).toBeGreaterThan(50);
    checkSections(PRINCIPLES_DOCUMENT.sections);
    const length = [...textOf(PRINCIPLES_DOCUMENT.sections)].length;
    expect(length).toBeGreaterThanOrEqual(9_000);
    expect(length).toBeLessThanOrEqual(16_000);
  });

  it("covers each subject the principles document must explain", () => {
    const text = textOf(PRINCIPLES_DOCUMENT.sections);
    for (const subject of ["SHA-256", "SM3", "Ed25519", "RFC 9162", "包含证明", "一致性证明", "检查点", "见证者", "RFC 3161", "WARC", "WACZ", "hengzheng-verify"]) {
      expect(text, subject).toContain(subject);
    }
  });

  it("walks the filing guide through the package, the evidence list, filing, verifying and the Art. 17 factors in order", () => {
    expect(FILING_GUIDE.title).toBe("诉讼包使用指南");
    checkSections(FILING_GUIDE.sections);
    const text = textOf(FILING_GUIDE.sections);
    for (const subject of ["certificate.pdf", "evidence/", "proofs/", "证据目录", "在线", "hengzheng-verify", "查询验证", "鉴定"]) expect(text, subject).toContain(subject);
    const factors = ["第一，存证平台", "第二，当事人与存证平台", "第三，存证平台的信息系统", "第四，存证技术和过程"].map((factor) => text.indexOf(factor));
    expect(factors.every((position) => position >= 0)).toBe(true);
    expect([...factors].sort((a, b) => a - b)).toEqual(factors);
  });

  it("cites only provisions the assistant has (《law》第…条 in every text of this branch)", () => {
    const labels = new Set(LEGAL_RULES.map(ruleLabel));
    const texts = [
      ...allArticles().flatMap((article) => [article.brief, article.summary, article.content]),
      textOf(PRINCIPLES_DOCUMENT.sections),
      textOf(FILING_GUIDE.sections),
    ];
    const cited = texts.flatMap((text) => [...text.matchAll(/《[^《》]+》第[零一二三四五六七八九十百千]+条/g)].map((match) => match[0]));
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter((label) => !labels.has(label))).toEqual([]);
  });
});

describe("chineseArticle (the test's own numeral check)", () => {
  it("writes statute numerals", () => {
    expect([10, 16, 66, 108, 116, 469, 1194, 1195].map(chineseArticle)).toEqual([
      "第十条", "第十六条", "第六十六条", "第一百零八条", "第一百一十六条", "第四百六十九条", "第一千一百九十四条", "第一千一百九十五条",
    ]);
  });
});
