/**
 * Labelled test sets for the monitoring matchers, built by code from a seed (nothing downloaded):
 * the unit tests take a slice, bench/monitor-matchers.bench.ts the whole set, and the end-to-end
 * test of the monitor pages uses the small helpers (`sampleArticle`, `editedCopyOf`,
 * `unrelatedArticle`, `samplePicture`, `derivedPicture`, `unrelatedPicture`).
 *
 * Text: our own articles (tests/support/monitor-articles.ts); positives are copies edited the way
 * copiers do (sentences dropped and reordered, synonyms, 20–40 % of sentences reworked, wrapped in a
 * page with navigation and other articles); negatives are other articles on the same topic and the
 * other topics' articles.
 * Media builders live in monitor-media-corpus.ts (pictures, logos, audio, video).
 */
import { PAGE_FURNITURE, REWRITE_OPENERS, SYNONYMS, TOPIC_ARTICLES } from "./monitor-articles.js";
import { seededRandom } from "../../isomorphic/seeded-random.js";

// The pictures (and other media) for the end-to-end test, next to the article helpers.
export { derivedPicture, samplePicture, unrelatedPicture } from "./monitor-media-corpus.js";

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Sentences of a Chinese text (ending in 。！？ or the end of the text). */
export function sentencesOf(text: string): string[] {
  return text.match(/[^。！？]+[。！？]?/gu)?.map((sentence) => sentence.trim()).filter(Boolean) ?? [];
}

export interface EditPlan {
  /** Share of sentences dropped. */
  drop: number;
  /** Share of sentences reworked (clauses moved, an opener added, a clause dropped). */
  rewrite: number;
  /** Chance that each known synonym in the text is swapped. */
  synonyms: number;
  /** Whether a few neighbouring sentences swap places. */
  reorder: boolean;
}

export const EDIT_PLANS = {
  light: { drop: 0.1, rewrite: 0.2, synonyms: 0.5, reorder: false },
  heavy: { drop: 0.2, rewrite: 0.4, synonyms: 1, reorder: true },
} as const satisfies Record<string, EditPlan>;

function swapSynonyms(sentence: string, chance: number, random: () => number): string {
  let result = sentence;
  for (const [a, b] of SYNONYMS) {
    if (result.includes(a) && random() < chance) result = result.split(a).join(b);
    else if (result.includes(b) && random() < chance) result = result.split(b).join(a);
  }
  return result;
}

function reworkSentence(sentence: string, random: () => number): string {
  const end = /[。！？]$/u.test(sentence) ? sentence.slice(-1) : "。";
  const clauses = sentence.replace(/[。！？]$/u, "").split("，");
  if (clauses.length >= 3) clauses.splice(1 + Math.floor(random() * (clauses.length - 1)), 1);
  if (clauses.length >= 2) clauses.unshift(clauses.pop()!);
  const opener = REWRITE_OPENERS[Math.floor(random() * REWRITE_OPENERS.length)];
  return `${opener}${clauses.join("，")}${end}`;
}

/**
 * A copy of an article edited as a copier would (see EditPlan); `seed` picks which sentences.
 * The default is the heavy plan: a fifth dropped, 40 % reworked, every synonym swapped, reordered.
 */
export function editedCopyOf(text: string, seed = 1, plan: EditPlan = EDIT_PLANS.heavy): string {
  const random = seededRandom(seed);
  let sentences = sentencesOf(text).filter(() => random() >= plan.drop);
  sentences = sentences.map((sentence) => {
    const swapped = swapSynonyms(sentence, plan.synonyms, random);
    return random() < plan.rewrite ? reworkSentence(swapped, random) : swapped;
  });
  if (plan.reorder) {
    for (let i = 0; i + 1 < sentences.length; i += 3) [sentences[i], sentences[i + 1]] = [sentences[i + 1], sentences[i]];
  }
  return sentences.join("");
}

/** A crawled page's text: navigation, another article, the article, comments, footer. */
export function pageAround(article: string, otherArticle: string, seed = 1): string {
  const random = seededRandom(seed);
  const comments = shuffled(PAGE_FURNITURE.comments, random).slice(0, 3);
  return [PAGE_FURNITURE.navigation, "热门文章", otherArticle, "正文", article, "网友评论", ...comments, PAGE_FURNITURE.footer].join("\n");
}

/** The first topic's work: one article the end-to-end test protects. */
export function sampleArticle(): { title: string; text: string } {
  const topic = TOPIC_ARTICLES[0];
  return { title: topic.title, text: topic.work.join("") };
}

/** An article that is no copy of sampleArticle() (another topic). */
export function unrelatedArticle(): { title: string; text: string } {
  const topic = TOPIC_ARTICLES[2];
  return { title: topic.sibling[0].slice(0, 12), text: topic.sibling.join("") };
}

export interface LabelledText {
  id: string;
  text: string;
  /** The work this text copies, or null for a negative. */
  copies: string | null;
  how: string;
}

export interface TextSet {
  works: { id: string; title: string; text: string }[];
  found: LabelledText[];
}

/**
 * The text set: 10 works, and per work four copies (light edits, heavy edits, heavy edits inside a
 * page, the second half only with light edits inside a page) and two negatives (the same topic's
 * other article alone and inside a page). Every work is compared with every found text.
 */
export function textSet(seed = 18): TextSet {
  const works = TOPIC_ARTICLES.map((topic) => ({ id: topic.topic, title: topic.title, text: topic.work.join("") }));
  const found: LabelledText[] = [];
  TOPIC_ARTICLES.forEach((topic, index) => {
    const text = topic.work.join("");
    const other = TOPIC_ARTICLES[(index + 3) % TOPIC_ARTICLES.length].sibling.join("");
    const s = seed * 100 + index * 10;
    const half = topic.work.slice(Math.floor(topic.work.length / 2)).join("");
    found.push(
      { id: `${topic.topic}/light`, text: editedCopyOf(text, s + 1, EDIT_PLANS.light), copies: topic.topic, how: "light edits" },
      { id: `${topic.topic}/heavy`, text: editedCopyOf(text, s + 2, EDIT_PLANS.heavy), copies: topic.topic, how: "heavy edits" },
      { id: `${topic.topic}/page`, text: pageAround(editedCopyOf(text, s + 3, EDIT_PLANS.heavy), other, s + 3), copies: topic.topic, how: "heavy edits in a page" },
      { id: `${topic.topic}/half`, text: pageAround(editedCopyOf(half, s + 4, EDIT_PLANS.light), other, s + 4), copies: topic.topic, how: "half, light edits, in a page" },
      { id: `${topic.topic}/sibling`, text: topic.sibling.join(""), copies: null, how: "same topic, other article" },
      { id: `${topic.topic}/sibling-page`, text: pageAround(topic.sibling.join(""), other, s + 5), copies: null, how: "same topic in a page" },
    );
  });
  return { works, found };
}

/** Keyword set: pages for public-opinion / e-commerce tasks, with the keywords each should (not) hit. */
export function keywordCases(): { text: string; keywords: string[]; exclude: string[]; expected: string[] | null }[] {
  const launch = TOPIC_ARTICLES[0].work.join("");
  const listing = "【青禾ＲＥＡＤ　Ｐｒｏ】远行二号 运动手表 墨绿色 续航十八天 到手价１２９９元 包邮 七天无理由退货";
  return [
    { text: launch, keywords: ["青禾科技", "远行二号"], exclude: [], expected: ["青禾科技", "远行二号"] },
    { text: launch, keywords: ["青禾科技", "东岭电子"], exclude: [], expected: ["青禾科技"] },
    { text: listing, keywords: ["read pro", "1299元"], exclude: [], expected: ["read pro", "1299元"] },
    { text: listing, keywords: ["远行二号"], exclude: ["包邮"], expected: null },
    { text: TOPIC_ARTICLES[2].work.join(""), keywords: ["青禾科技", "远行二号"], exclude: [], expected: null },
  ];
}
