import type { MatchVerdict, TextPrint } from "../monitoring.types.js";
import { bitsToHex64, hammingHex64 } from "./hamming.js";

/**
 * Text matching for Chinese (and mixed) writing, which has no spaces to split words on:
 * - SimHash (64 bits) over overlapping 3-character shingles of the letters and digits, so a copy
 *   whose wording was changed all over (synonyms every few characters) still lands near the work;
 * - exact common passages of at least PASSAGE_MIN_CHARS letters/digits, found with a k-gram index
 *   of the work and greedy maximal extension, which say *where* the page copies the work.
 *
 * The verdict is "overlap OR SimHash": a crawled page wraps a copied article in navigation, other
 * articles and comments, so a SimHash of the whole page drifts far from the work's even when every
 * sentence was lifted; the share of the work found in common passages does not care what else is on
 * the page. SimHash covers the opposite case (the whole page is the work, rewritten so densely that
 * few passages stay intact). Thresholds were set on the labelled set of tests/support/monitor-corpus.ts
 * (bench/monitor-matchers.bench.ts prints precision and recall).
 */

/** Shingle width for SimHash: 3 Chinese characters are about one to two words. */
const SHINGLE_CHARS = 3;
/** Shortest common passage that counts (letters/digits): shorter runs are set phrases any article on the topic shares. */
export const PASSAGE_MIN_CHARS = 10;
/** Share of the work's letters/digits covered by common passages from which a page is a copy. */
export const OVERLAP_MIN_RATIO = 0.25;
/** SimHash distance (of 64 bits) up to which a page is a rewritten copy on its own. */
export const SIMHASH_MAX_DISTANCE = 10;
/** Passages kept as evidence on a hit (the longest, in the work's order). */
const PASSAGES_KEPT = 30;

/** NFKC (full-width Latin and digits become ASCII), whitespace runs collapsed to one space. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/**
 * The letters and digits of a normalised text, lower-cased, as one string (`key`), with the offset
 * in the normalised text of each of its UTF-16 units (both halves of a surrogate pair share one).
 */
interface KeyText {
  key: string;
  offsets: number[];
}

const SIGNIFICANT = /[\p{L}\p{N}]/u;

function keyTextOf(normalized: string): KeyText {
  let key = "";
  const offsets: number[] = [];
  let offset = 0;
  for (const ch of normalized) {
    if (SIGNIFICANT.test(ch)) {
      const lower = ch.toLowerCase();
      key += lower;
      for (let unit = 0; unit < lower.length; unit += 1) offsets.push(offset);
    }
    offset += ch.length;
  }
  return { key, offsets };
}

/** 32-bit FNV-1a of a string with a chosen basis, finished with murmur3's mixer so every bit moves. */
function hash32(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function simhashOf(key: string): string {
  const weights = new Int32Array(64);
  if (key.length < SHINGLE_CHARS) return "0".repeat(16);
  for (let i = 0; i + SHINGLE_CHARS <= key.length; i += 1) {
    const shingle = key.slice(i, i + SHINGLE_CHARS);
    const high = hash32(shingle, 0x811c9dc5);
    const low = hash32(shingle, 0x3b9ac9d7);
    for (let bit = 0; bit < 32; bit += 1) {
      weights[bit] += (high >>> (31 - bit)) & 1 ? 1 : -1;
      weights[32 + bit] += (low >>> (31 - bit)) & 1 ? 1 : -1;
    }
  }
  return bitsToHex64(Array.from(weights, (weight) => weight > 0));
}

/** A work's text fingerprint (stored with the work). */
export function fingerprintText(text: string): TextPrint {
  const normalized = normalizeText(text);
  return { simhash: simhashOf(keyTextOf(normalized).key), normalized };
}

interface Passage {
  workStart: number;
  foundStart: number;
  length: number;
}

/** Where each k-gram of a work's key starts; built once per work print (see workIndexOf). */
type GramIndex = Map<string, number[]>;
const workIndexes = new WeakMap<TextPrint, { key: KeyText; grams: GramIndex }>();

/** A work's key text and k-gram index, kept with its print: a crawl compares every page with the same works. */
function workIndexOf(work: TextPrint) {
  let cached = workIndexes.get(work);
  if (!cached) {
    const key = keyTextOf(work.normalized);
    const grams: GramIndex = new Map();
    for (let i = 0; i + PASSAGE_MIN_CHARS <= key.key.length; i += 1) {
      const gram = key.key.slice(i, i + PASSAGE_MIN_CHARS);
      const at = grams.get(gram);
      if (at) at.push(i);
      else grams.set(gram, [i]);
    }
    cached = { key, grams };
    workIndexes.set(work, cached);
  }
  return cached;
}

/** The last page text read, so comparing one page with many works normalises and hashes it once. */
let lastPage: { text: string; normalized: string; key: KeyText; simhash: string } | null = null;
function pageOf(text: string) {
  if (lastPage?.text !== text) {
    const normalized = normalizeText(text);
    const key = keyTextOf(normalized);
    lastPage = { text, normalized, key, simhash: simhashOf(key.key) };
  }
  return lastPage;
}

/**
 * Maximal common runs of at least PASSAGE_MIN_CHARS, scanning the page left to right and taking at
 * each place the longest run the work has (the work's k-gram index finds the candidates).
 */
function commonPassages(work: string, grams: GramIndex, found: string): Passage[] {
  const k = PASSAGE_MIN_CHARS;
  const passages: Passage[] = [];
  let j = 0;
  while (j + k <= found.length) {
    const candidates = grams.get(found.slice(j, j + k));
    if (!candidates) {
      j += 1;
      continue;
    }
    let best = { workStart: 0, length: 0 };
    for (const i of candidates) {
      let length = k;
      while (i + length < work.length && j + length < found.length && work[i + length] === found[j + length]) length += 1;
      if (length > best.length) best = { workStart: i, length };
    }
    passages.push({ workStart: best.workStart, foundStart: j, length: best.length });
    j += best.length;
  }
  return passages;
}

/** The wording of a run of key characters, sliced from the normalised text it came from. */
function wordingOf(normalized: string, key: KeyText, start: number, length: number): { text: string; offset: number } {
  const from = key.offsets[start];
  const last = key.offsets[start + length - 1];
  const to = last + (normalized.codePointAt(last)! > 0xffff ? 2 : 1);
  return { text: normalized.slice(from, to), offset: from };
}

/**
 * Compare a found page's text with a work. Answers null when it is not a copy (or either is empty).
 * Offsets of the passages are into the work's and the page's normalised texts.
 */
export function matchText(work: TextPrint, foundText: string): MatchVerdict | null {
  const { key: workKey, grams } = workIndexOf(work);
  const { normalized: foundNormalized, key: foundKey, simhash: foundSimhash } = pageOf(foundText);
  if (workKey.key.length < SHINGLE_CHARS || foundKey.key.length < SHINGLE_CHARS) return null;

  const simhashDistance = hammingHex64(work.simhash, foundSimhash);
  const passages = commonPassages(workKey.key, grams, foundKey.key);
  const covered = new Uint8Array(workKey.key.length);
  for (const passage of passages) covered.fill(1, passage.workStart, passage.workStart + passage.length);
  const overlapRatio = covered.reduce((sum, bit) => sum + bit, 0) / workKey.key.length;

  if (overlapRatio < OVERLAP_MIN_RATIO && simhashDistance > SIMHASH_MAX_DISTANCE) return null;

  const evidence = passages
    .sort((a, b) => b.length - a.length)
    .slice(0, PASSAGES_KEPT)
    .sort((a, b) => a.workStart - b.workStart)
    .map((passage) => {
      const inWork = wordingOf(work.normalized, workKey, passage.workStart, passage.length);
      const inPage = wordingOf(foundNormalized, foundKey, passage.foundStart, passage.length);
      return { work: inWork.text, found: inPage.text, workOffset: inWork.offset, foundOffset: inPage.offset };
    });
  const similarity = Math.max(overlapRatio, 1 - simhashDistance / 64);
  return {
    score: Math.round(100 * similarity),
    match: { kind: "text", simhashDistance, overlapRatio: Math.round(overlapRatio * 1000) / 1000, passages: evidence },
  };
}
