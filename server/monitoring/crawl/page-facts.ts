import { parse, parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import type { PageFacts } from "../monitoring.types.js";

/**
 * What an HTML page says about itself, read with parse5 (the WHATWG parser, so broken markup is
 * read as a browser reads it): title, author, publish time, the main text, all visible text, its
 * pictures, audio and video, and the links a crawl follows. Every address is made absolute against
 * the page (or its <base href>); data:, javascript: and mailto: addresses are left out.
 */

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document | DefaultTreeAdapterTypes.DocumentFragment;
type Element = DefaultTreeAdapterTypes.Element;

export interface ExtractedPageFacts extends PageFacts {
  /** Absolute http(s) addresses of the page's links (a/area href), fragments dropped, in page order. */
  links: string[];
  /** Script elements on the page: with little text, a sign that the browser builds the content. */
  scriptCount: number;
}

/** Never visible, or page furniture rather than content: left out of the main text (the first five also of the full text). */
const INVISIBLE = new Set(["script", "style", "noscript", "template", "head"]);
const BOILERPLATE = new Set(["nav", "header", "footer", "aside", "form", "menu"]);
/** Elements whose text is its own line. */
const BLOCKS = new Set(["p", "div", "section", "article", "main", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "br", "tr", "table", "dd", "dt", "dl", "figure", "figcaption", "header", "footer", "nav", "aside", "address", "hr", "td", "th"]);
/** Text-bearing elements a readability-style score counts. */
const PARAGRAPHS = new Set(["p", "blockquote", "pre", "li", "h2", "h3", "h4"]);
/** A date near the top of the page counts as its publish time only within this many characters. */
const DATE_SEARCH_CHARS = 1_500;
/** China Standard Time: a date without a zone is taken as Beijing time (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET = "+08:00";

export function extractPageFacts(html: string, url: string): ExtractedPageFacts {
  const document = parse(html);
  const elements = [...walk(document)];
  const base = baseUrl(elements, url);
  const absolute = (value: string | null | undefined) => resolveUrl(value, base);

  const metaContent = (key: "name" | "property" | "itemprop", value: string) =>
    elements.find((element) => element.tagName === "meta" && attr(element, key)?.toLowerCase() === value.toLowerCase() && attr(element, "content")?.trim())?.attrs.find((a) => a.name === "content")?.value.trim() ?? null;

  const body = elements.find((element) => element.tagName === "body") ?? document;
  const fullText = textOf(body, false);
  const mainText = mainTextOf(elements, body);
  const titleElement = elements.find((element) => element.tagName === "title");
  const heading = elements.find((element) => element.tagName === "h1");
  const title = (normaliseLine(titleElement ? textOf(titleElement, false) : "") || metaContent("property", "og:title") || normaliseLine(heading ? textOf(heading, false) : "")).slice(0, 500);

  const images = unique([
    ...elements.filter((element) => element.tagName === "img").map((element) => absolute(largestOfSrcset(attr(element, "srcset")) ?? attr(element, "src"))),
    ...elements.filter((element) => element.tagName === "source" && parentTag(element) === "picture").map((element) => absolute(largestOfSrcset(attr(element, "srcset")))),
    absolute(metaContent("property", "og:image")),
  ]);
  const mediaOf = (tag: "audio" | "video") =>
    unique(elements.filter((element) => element.tagName === tag || (element.tagName === "source" && parentTag(element) === tag)).map((element) => absolute(attr(element, "src"))));

  return {
    url,
    title,
    author: authorOf(elements, metaContent),
    publishTime: publishTimeOf(elements, metaContent, fullText),
    mainText,
    fullText,
    images,
    audio: mediaOf("audio"),
    video: mediaOf("video"),
    links: unique(elements.filter((element) => element.tagName === "a" || element.tagName === "area").map((element) => absolute(attr(element, "href")))),
    scriptCount: elements.filter((element) => element.tagName === "script").length,
  };
}

/** The visible text of an HTML fragment (an article body), one line per block element. */
export function textOfHtmlFragment(html: string): string {
  return textOf(parseFragment(html), false);
}

function* walk(node: Node): Generator<Element> {
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) {
    if ("tagName" in child) {
      yield child;
      // <template> content is a separate fragment in parse5 and never shown: not walked.
    }
    if ("childNodes" in child) yield* walk(child);
  }
}

function attr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function parentTag(element: Element): string | null {
  const parent = element.parentNode;
  return parent && "tagName" in parent ? parent.tagName : null;
}

function baseUrl(elements: Element[], url: string): string {
  const href = elements.find((element) => element.tagName === "base" && attr(element, "href"));
  return resolveUrl(href ? attr(href, "href") : null, url) ?? url;
}

/** An absolute http(s) address without its fragment or credentials, or null for anything else. */
export function resolveUrl(value: string | null | undefined, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    // Credentials in a link are never sent (the fetcher makes no Authorization from them) nor kept.
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return null;
  }
}

/** srcset's candidate with the largest width (w) or density (x) descriptor; a bare URL counts as 1x. */
function largestOfSrcset(srcset: string | null): string | null {
  if (!srcset) return null;
  let best: { url: string; size: number } | null = null;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor = "1x"] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) * (descriptor.endsWith("w") ? 1 : 10_000);
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url ?? null;
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

function normaliseLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Visible text with one line per block element; `dropBoilerplate` also leaves out nav/header/footer/aside/form. */
function textOf(node: Node, dropBoilerplate: boolean): string {
  const parts: string[] = [];
  const visit = (current: Node) => {
    for (const child of "childNodes" in current ? current.childNodes : []) {
      if (child.nodeName === "#text") parts.push((child as DefaultTreeAdapterTypes.TextNode).value);
      if (!("tagName" in child)) continue;
      if (INVISIBLE.has(child.tagName) || attr(child, "hidden") !== null) continue;
      if (dropBoilerplate && BOILERPLATE.has(child.tagName)) continue;
      const isBlock = BLOCKS.has(child.tagName);
      if (isBlock) parts.push("\n");
      visit(child);
      if (isBlock) parts.push("\n");
    }
  };
  visit(node);
  return parts
    .join("")
    .split("\n")
    .map(normaliseLine)
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * The densest text block, readability-style: each paragraph's text length (links' text left out) scores its parent fully
 * and its grandparent half, outside boilerplate; the best-scoring element's text (boilerplate
 * dropped) is the main text. A page without paragraphs falls back to the body without boilerplate.
 */
function mainTextOf(elements: Element[], body: Node): string {
  const scores = new Map<Element, number>();
  const insideBoilerplate = (element: Element) => {
    for (let node: Node | null = element; node && "tagName" in node; node = node.parentNode as Node | null) {
      if (BOILERPLATE.has(node.tagName) || INVISIBLE.has(node.tagName)) return true;
    }
    return false;
  };
  for (const paragraph of elements) {
    if (!PARAGRAPHS.has(paragraph.tagName) || insideBoilerplate(paragraph)) continue;
    // Link text does not count: a list of related headlines is navigation, however long.
    const linkText = [...walk(paragraph)].filter((element) => element.tagName === "a").reduce((sum, anchor) => sum + textOf(anchor, true).length, 0);
    const length = textOf(paragraph, true).length - linkText;
    if (length <= 0) continue;
    const parent = paragraph.parentNode;
    if (parent && "tagName" in parent) {
      scores.set(parent, (scores.get(parent) ?? 0) + length);
      const grandparent = parent.parentNode;
      if (grandparent && "tagName" in grandparent) scores.set(grandparent, (scores.get(grandparent) ?? 0) + length / 2);
    }
  }
  let best: Element | null = null;
  for (const [element, score] of scores) if (!best || score > scores.get(best)!) best = element;
  return textOf(best ?? body, true);
}

function authorOf(elements: Element[], metaContent: (key: "name" | "property" | "itemprop", value: string) => string | null): string | null {
  const fromMeta = metaContent("name", "author") ?? metaContent("property", "article:author") ?? metaContent("itemprop", "author");
  if (fromMeta) return fromMeta;
  const byline = elements.find((element) => attr(element, "itemprop") === "author" || /(^|\s)(author|byline)(\s|$)/i.test(attr(element, "class") ?? "") || attr(element, "rel") === "author");
  if (!byline) return null;
  // itemprop=author often wraps itemprop=name; a byline often reads "作者：某某".
  const named = [...walk(byline)].find((element) => attr(element, "itemprop") === "name");
  const text = normaliseLine(textOf(named ?? byline, false)).replace(/^(作者|文|撰文|记者|by)\s*[:：|｜/]?\s*/i, "");
  return text === "" ? null : text.slice(0, 100);
}

function publishTimeOf(elements: Element[], metaContent: (key: "name" | "property" | "itemprop", value: string) => string | null, fullText: string): number | null {
  const datetimeOf = (element: Element | undefined) => (element ? (attr(element, "datetime") ?? attr(element, "content") ?? textOf(element, false)) : null);
  const candidates = [
    metaContent("property", "article:published_time"),
    metaContent("itemprop", "datePublished"),
    datetimeOf(elements.find((element) => element.tagName !== "meta" && attr(element, "itemprop") === "datePublished")),
    datetimeOf(elements.find((element) => element.tagName === "time" && attr(element, "datetime"))),
  ];
  for (const candidate of candidates) {
    const time = candidate ? parseDateTime(candidate) : null;
    if (time !== null) return time;
  }
  return dateInText(fullText.slice(0, DATE_SEARCH_CHARS));
}

/** ISO 8601 (date, or date and time, with or without zone); no zone means Beijing time. */
export function parseDateTime(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (!match) return dateInText(text);
  const [, year, month, day, hour = "00", minute = "00", second = "00", zone] = match;
  const offset = zone === undefined ? SHANGHAI_OFFSET : zone.toUpperCase() === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(time) ? null : time;
}

/** The first 2026-11-20, 2026/11/20, 2026.11.20 or 2026年11月20日 (optionally with hh:mm) in the text, as Beijing time. */
function dateInText(text: string): number | null {
  const match = /(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?(?:\s*(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0"] = match;
  const pad = (value: string) => value.padStart(2, "0");
  const [m, d, h] = [Number(month), Number(day), Number(hour)];
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23) return null;
  const time = Date.parse(`${year}-${pad(month!)}-${pad(day!)}T${pad(hour)}:${pad(minute)}:${pad(second)}${SHANGHAI_OFFSET}`);
  return Number.isNaN(time) ? null : time;
}
