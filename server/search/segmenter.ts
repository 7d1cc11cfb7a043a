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
 * must not answer 存证). On the query side, a word jieba made up by its HMM and a run of adjacent
 * words also match as all of their bigrams (see parseQuery). tests/unit/search measures both.
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

const isLongHanWord = (word: string) => IS_HAN.test(word) && [...word].length >= 3;

/** The character bigrams of a Chinese word of three or more characters; [] otherwise. */
function innerBigrams(word: string): string[] {
  if (!isLongHanWord(word)) return [];
  const characters = [...word];
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/** The bigram fallback can be switched off only to measure what it adds (tests/unit/search). */
export interface SegmentOptions {
  innerBigrams: boolean;
}
const WITH_BIGRAMS: SegmentOptions = { innerBigrams: true };

/**
 * The tokens a document's text is indexed under, in text order: each word jieba cuts, and for a
 * Chinese word of three or more characters also its dictionary sub-words (jieba's search mode:
 * 可信时间戳 → 可信, 时间, 时间戳) and its inner bigrams, each once per occurrence of the word so that
 * a long word does not count its parts twice.
 */
export function documentTokens(text: string, options: SegmentOptions = WITH_BIGRAMS): string[] {
  const normalised = normaliseText(text);
  if (!normalised) return [];
  const jieba = segmenter();
  return words(jieba.cut(normalised, true)).flatMap((word) => {
    const bigrams = options.innerBigrams ? innerBigrams(word) : [];
    if (!isLongHanWord(word)) return [word];
    return [...new Set([word, ...words(jieba.cutForSearch(word, false)), ...bigrams])];
  });
}

/**
 * What a query matches: a token, every one of some expressions, or any one of them.
 * 区块链 → { any: ["区块链", { all: ["区块", "块链"] }] }.
 */
export type QueryExpression = string | { all: QueryExpression[] } | { any: QueryExpression[] };

const all = (parts: QueryExpression[]): QueryExpression => (parts.length === 1 ? parts[0] : { all: parts });
const any = (parts: QueryExpression[]): QueryExpression => (parts.length === 1 ? parts[0] : { any: parts });

/**
 * A query as an expression: every word must match (AND). A word of three or more Chinese characters
 * that is not in the dictionary (jieba's HMM joined it) also matches as all of its bigrams, which the
 * document has when its own cut put the word inside a longer one; so does a dictionary word of four
 * or more (search mode gives a long word's dictionary sub-words of two and three characters only:
 * 可信时间 inside 可信时间戳). A three-character dictionary word does not: the document cuts it the same
 * way, and its two bigrams are often words of their own (公证书 must not answer 公证…证书). A run of
 * adjacent Chinese words also matches as all the bigrams of the run, for a word jieba split
 * differently in the query (传播权 → 传播/权, where the document has 信息网络传播权). Undefined for a
 * query of only stop words or punctuation.
 */
export function parseQuery(text: string, options: SegmentOptions = WITH_BIGRAMS): QueryExpression | undefined {
  const normalised = normaliseText(text);
  if (!normalised) return undefined;
  const jieba = segmenter();
  const word = (token: string): QueryExpression => {
    const threeCharacterWord = [...token].length === 3 && jieba.cut(token, false).length === 1;
    const bigrams = options.innerBigrams && !threeCharacterWord ? innerBigrams(token) : [];
    return bigrams.length ? any([token, all(bigrams)]) : token;
  };
  const groups = new Map<string, QueryExpression>();
  for (const run of hanRuns(jieba.cut(normalised, true))) {
    const joined = run.join("");
    const bigrams = options.innerBigrams && run.length > 1 ? innerBigrams(joined) : [];
    const expression = bigrams.length ? any([all(run.map(word)), all(bigrams)]) : all(run.map(word));
    groups.set(JSON.stringify(expression), expression);
  }
  return groups.size ? all([...groups.values()]) : undefined;
}

/** The searchable words in runs: adjacent Chinese words together, a Latin word or number alone; stop words and spaces end a run. */
function hanRuns(cut: string[]): string[][] {
  const runs: string[][] = [];
  let current: string[] = [];
  const end = () => {
    if (current.length) runs.push(current);
    current = [];
  };
  for (const token of cut) {
    if (!IS_WORD.test(token) || STOP_WORDS.has(token)) end();
    else if (IS_HAN.test(token)) current.push(token);
    else {
      end();
      runs.push([token]);
    }
  }
  end();
  return runs;
}

/** Space-separated tokens: what the index stores in title_tokens / body_tokens. */
export function tokenString(text: string): string {
  return documentTokens(text).join(" ");
}
