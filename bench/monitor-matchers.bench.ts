/**
 * Benchmark: each monitoring matcher on its whole labelled set (tests/support/monitor-corpus.ts and
 * monitor-media-corpus.ts, built here from their seeds). Every work is compared with every found
 * item; a pair is positive when the item was made from the work. Printed per matcher: precision,
 * recall, throughput, and in the same run a baseline on the same bytes (exact comparison or SHA-256,
 * what a platform without perceptual matching would do) with its own precision/recall and the
 * throughput ratio. Never part of `npm test`; never fails on a figure.
 *
 *   npx tsx bench/monitor-matchers.bench.ts        (BENCH_ONLY=text,image,… runs some of them)
 */
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import {
  fingerprintAudio,
  fingerprintImage,
  fingerprintText,
  fingerprintVideo,
  fingerprintWorkImage,
  matchAudio,
  matchImage,
  matchKeywords,
  matchLogo,
  matchText,
  matchVideo,
} from "../server/monitoring/matchers/index.js";
import { keywordCases, textSet } from "../tests/support/monitor-corpus.js";
import { audioSet, logoSet, pictureSet, videoSet } from "../tests/support/monitor-media-corpus.js";

const only = process.env.BENCH_ONLY?.split(",");
const wanted = (name: string) => !only || only.includes(name);

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
function count(t: Tally, isCopy: boolean, matched: boolean) {
  if (isCopy) matched ? t.tp++ : t.fn++;
  else matched ? t.fp++ : t.tn++;
}
const precision = (t: Tally) => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
const recall = (t: Tally) => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));

interface Row {
  matcher: string;
  pairs: number;
  copies: number;
  precision: string;
  recall: string;
  throughput: string;
  baseline: string;
  "baseline P/R": string;
  ratio: string;
}
const rows: Row[] = [];
const fixed = (value: number, places = 2) => value.toFixed(places);

function report(matcher: string, t: Tally, rate: number, unit: string, baselineName: string, baselineRate: number, baselineTally: Tally) {
  rows.push({
    matcher,
    pairs: t.tp + t.fp + t.fn + t.tn,
    copies: t.tp + t.fn,
    precision: fixed(precision(t), 3),
    recall: fixed(recall(t), 3),
    throughput: `${fixed(rate, 1)} ${unit}`,
    baseline: `${baselineName}: ${fixed(baselineRate, 1)} ${unit}`,
    "baseline P/R": `${fixed(precision(baselineTally), 2)}/${fixed(recall(baselineTally), 2)}`,
    ratio: `${fixed(rate / baselineRate, 4)}×`,
  });
  console.log(`  ${matcher}: precision ${fixed(precision(t), 3)}, recall ${fixed(recall(t), 3)} (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`);
}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const seconds = (started: number) => (performance.now() - started) / 1000;

async function benchText() {
  const set = textSet();
  const t = tally();
  const base = tally();
  const bytes = set.found.reduce((sum, found) => sum + Buffer.byteLength(found.text), 0) * set.works.length;
  const works = set.works.map((work) => ({ id: work.id, print: fingerprintText(work.text) }));
  // As a crawl does: each page against every work.
  let started = performance.now();
  for (const found of set.found) for (const work of works) count(t, found.copies === work.id, matchText(work.print, found.text) !== null);
  const rate = bytes / 1e6 / seconds(started);
  // Baseline: does the page contain the work verbatim (what an exact search finds).
  const rounds = 50;
  started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const found of set.found) for (const work of set.works) {
    const matched = found.text.includes(work.text);
    if (round === 0) count(base, found.copies === work.id, matched);
  }
  report("text (SimHash + passages)", t, rate, "MB/s", "exact substring", (rounds * bytes) / 1e6 / seconds(started), base);
}

function benchKeywords() {
  const cases = keywordCases();
  const t = tally();
  const base = tally();
  const rounds = 2000;
  const bytes = cases.reduce((sum, c) => sum + Buffer.byteLength(c.text), 0) * rounds;
  let started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const c of cases) {
    const matched = matchKeywords(c.text, c.keywords, c.exclude) !== null;
    if (round === 0) count(t, c.expected !== null, matched);
  }
  const rate = bytes / 1e6 / seconds(started);
  // Baseline: plain includes() of each keyword, no width folding, no exclusions.
  started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const c of cases) {
    const matched = c.keywords.some((keyword) => keyword && c.text.includes(keyword));
    if (round === 0) count(base, c.expected !== null, matched);
  }
  report("keywords", t, rate, "MB/s", "plain includes", bytes / 1e6 / seconds(started), base);
}

async function benchImages() {
  const set = await pictureSet(12);
  const t = tally();
  const base = tally();
  const works = await Promise.all(set.works.map(async (work) => ({ id: work.id, variants: await fingerprintWorkImage(work.bytes), sha: sha256(work.bytes) })));
  let started = performance.now();
  for (const found of set.found) {
    const print = await fingerprintImage(found.bytes);
    for (const work of works) count(t, found.copies === work.id, matchImage(work.variants, print, "image", found.id) !== null);
  }
  const rate = set.found.length / seconds(started);
  // The baseline is far faster: repeated so that its time is not a timer's resolution.
  const rounds = 50;
  started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const found of set.found) {
    const sha = sha256(found.bytes);
    if (round === 0) for (const work of works) count(base, found.copies === work.id, sha === work.sha);
  }
  report(`image (${works.length} scenes, ${set.found.length} found)`, t, rate, "pictures/s", "SHA-256 equality", (rounds * set.found.length) / seconds(started), base);
}

async function benchLogos() {
  const set = await logoSet(6);
  const t = tally();
  const base = tally();
  const works = await Promise.all(set.works.map(async (work) => ({ id: work.id, variants: await fingerprintWorkImage(work.bytes) })));
  let started = performance.now();
  for (const found of set.found) for (const work of works) count(t, found.copies === work.id, (await matchLogo(work.variants, found.bytes, found.id)) !== null);
  const rate = (set.found.length * works.length) / seconds(started);
  // Baseline: the whole picture compared as a picture (no region search).
  started = performance.now();
  for (const found of set.found) {
    const print = await fingerprintImage(found.bytes);
    for (const work of works) count(base, found.copies === work.id, matchImage(work.variants, print, "logo", found.id) !== null);
  }
  report(`logo (${works.length} marks, ${set.found.length} pictures)`, t, rate, "pairs/s", "whole-picture hash", (set.found.length * works.length) / seconds(started), base);
}

async function benchMedia(kind: "audio" | "video", dir: string) {
  const set = kind === "audio" ? await audioSet(dir, 8) : await videoSet(dir, 8, 12);
  const fingerprint = kind === "audio" ? fingerprintAudio : fingerprintVideo;
  const t = tally();
  const base = tally();
  const works: { id: string; print: Awaited<ReturnType<typeof fingerprint>>; sha: string }[] = [];
  for (const work of set.works) works.push({ id: work.id, print: await fingerprint(work.path), sha: sha256(await readFile(work.path)) });
  let mediaSeconds = 0;
  let bytes = 0;
  let started = performance.now();
  for (const found of set.found) {
    const print = await fingerprint(found.path);
    mediaSeconds += print.durationSeconds;
    bytes += (await stat(found.path)).size;
    for (const work of works) {
      const matched = kind === "audio" ? matchAudio(work.print as never, print as never, found.id) : matchVideo(work.print as never, print as never, found.id);
      count(t, found.copies === work.id, matched !== null);
    }
  }
  const elapsed = seconds(started);
  started = performance.now();
  for (const found of set.found) {
    const sha = sha256(await readFile(found.path));
    for (const work of works) count(base, found.copies === work.id, sha === work.sha);
  }
  const baseElapsed = seconds(started);
  report(`${kind} (${works.length} works, ${set.found.length} found)`, t, bytes / 1e6 / elapsed, "MB/s", "SHA-256 equality", bytes / 1e6 / baseElapsed, base);
  console.log(`  ${kind}: ${fixed(mediaSeconds / elapsed, 1)} seconds of media fingerprinted and matched per second`);
}

console.log(`monitoring matchers on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}`);
const dir = await mkdtemp(join(os.tmpdir(), "bench-monitor-"));
try {
  if (wanted("text")) await benchText();
  if (wanted("keyword")) benchKeywords();
  if (wanted("image")) await benchImages();
  if (wanted("logo")) await benchLogos();
  if (wanted("audio")) await benchMedia("audio", dir);
  if (wanted("video")) await benchMedia("video", dir);
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.table(rows);
