import { Jieba } from "@node-rs/jieba";
// The package has no "exports" map, so Node's ESM resolver needs the file's own name.
import { dict } from "@node-rs/jieba/dict.js";
import { EVIDENCE_TERMS } from "./evidence-terms.js";

/**
 * Chinese word segmentation for the search index (jieba, with our dictionary of evidence terms).
 * Documents and queries go through the same normalisation and the same segmenter, so a word is
 * spelled the same on both sides; the index stores the words space-separated and the databases only
 * split on spaces.
 *
 * Recall beyond the dictionary: a document's Chinese word of three or more characters also yields its
 * character bigrams (张三丰 → 张三, 三丰), so a two-character query finds it inside words jieba did
 * not know or glued together by its HMM; bigrams across word boundaries are not indexed (保存证据
 * must not answer 存证). A query word of three or more characters matches the word itself or all of
 * its bigrams (the same word segmented differently in the document). tests/unit/search measures it.
 */

/** High enough that the terms win over jieba's splits, low enough not to swallow neighbours (保存证据). */
const TERM_FREQUENCY = 2000;

/**
 * Function words and question words: in a query they would demand a word the answer need not
 * contain (如何下载诉讼包); in a document they only dilute ranking. Single characters and
 * two-character words only.
 */
const STOP_WORDS = new Set([
  "的", "了", "是", "在", "和", "与", "及", "或", "等", "也", "都", "就", "而", "被", "把", "对", "从", "向", "为", "以",
  "之", "其", "这", "那", "个", "吗", "呢", "吧", "啊", "呀", "哦", "么", "着", "过", "地", "得", "请", "我", "你", "您",
  "如何", "怎么", "怎样", "什么", "为什么", "哪些", "哪里", "是否", "可以", "能否", "以及", "或者", "并且", "我们",
  "a", "an", "the", "of", "and", "or", "to", "in", "is",
]);

let jieba: Jieba | undefined;

/** The segmenter, loaded on first use (the dictionary takes a moment and most processes never search). */
function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(EVIDENCE_TERMS.map((term) => `${term} ${TERM_FREQUENCY} n`).join("\n")));
  }
  return jieba;
}

/** NFKC (full-width Latin and digits become ASCII), lower-case, every run of non-letters/digits one space. */
export function normaliseText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

const IS_WORD = /^[\p{L}\p{N}]+$/u;
const IS_HAN = /^\p{Script=Han}+$/u;

/** jieba's words of normalised text that can be searched: no spaces, no stop words. */
function words(cut: string[]): string[] {
  return cut.filter((word) => IS_WORD.test(word) && !STOP_WORDS.has(word));
}

/** The character bigrams of a Chinese word of three or more characters; [] otherwise. */
function innerBigrams(word: string): string[] {
  if (!IS_HAN.test(word)) return [];
  const characters = [...word];
  if (characters.length < 3) return [];
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/**
 * The tokens a document's text is indexed under, in text order: each word jieba cuts, and for a
 * Chinese word of three or more characters also its dictionary sub-words (jieba's search mode:
 * 可信时间戳 → 可信, 时间, 时间戳) and its inner bigrams, each once per occurrence of the word so that
 * a long word does not count its parts twice.
 */
export function documentTokens(text: string): string[] {
  const normalised = normaliseText(text);
  if (!normalised) return [];
  const jieba = segmenter();
  return words(jieba.cut(normalised, true)).flatMap((word) => {
    const bigrams = innerBigrams(word);
    if (!bigrams.length) return [word];
    return [...new Set([word, ...words(jieba.cutForSearch(word, false)), ...bigrams])];
  });
}

/**
 * One word of a query: it matches a document holding every token of any one of the alternatives.
 * 区块链 → [["区块链"], ["区块", "块链"]].
 */
export type QueryTerm = readonly (readonly string[])[];

/** A query's words (every one must match: AND), each with its alternatives; [] for a query of only stop words or punctuation. */
export function queryTerms(text: string): QueryTerm[] {
  const normalised = normaliseText(text);
  if (!normalised) return [];
  const unique = [...new Set(words(segmenter().cut(normalised, true)))];
  return unique.map((word) => {
    const bigrams = innerBigrams(word);
    return bigrams.length ? [[word], bigrams] : [[word]];
  });
}

/** Space-separated tokens: what the index stores in title_tokens / body_tokens. */
export function tokenString(text: string): string {
  return documentTokens(text).join(" ");
}
