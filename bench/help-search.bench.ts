/**
 * Benchmark: Chinese full-text search (server/search) at 10,000 help-article-like documents, on
 * SQLite (FTS5, bm25) and on PostgreSQL (tsvector, ts_rank_cd). The documents are generated from a
 * vocabulary of evidence terms and everyday words with a seeded random, so every run indexes the
 * same text. Printed per database: index build time (segmentation included), then a fixed mix of
 * queries (one, two and three words; common and rare) run one after another: queries per second,
 * p50/p95 latency, and in the same run the baseline a platform without full-text search would use,
 * `LIKE '%word%'` on title and body for every word over the same rows, with the ratio. A throwaway
 * SQLite file and a throwaway PostgreSQL database are created and removed. Never part of `npm test`;
 * it prints figures and never fails on one.
 *
 *   npx tsx bench/help-search.bench.ts   (TEST_DATABASE_URL, BENCH_DOCUMENTS, BENCH_QUERIES, BENCH_ONLY=sqlite|postgres)
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql, type Kysely } from "kysely";
import { seededRandom } from "../isomorphic/seeded-random.js";
import type { Database } from "../server/db/database.js";
import { openDatabase, type DatabaseHandle } from "../server/db/dialect.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { createSearchIndex } from "../server/search/create-search-index.js";
import { EVIDENCE_TERMS } from "../server/search/evidence-terms.js";
import type { SearchDocument } from "../server/search/search-index.js";
import { documentTokens } from "../server/search/segmenter.js";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
/** The LIKE scan reads every row for every query: fewer of them give the same rate. */
const BASELINE_QUERIES = Math.max(20, Math.round(QUERIES / 10));
const PAGE = 10;
const only = process.env.BENCH_ONLY;

const EVERYDAY_WORDS = [
  "用户", "平台", "操作", "提交", "下载", "查看", "证书", "文件", "数据", "服务", "申请", "审核", "完成", "页面", "点击",
  "选择", "上传", "记录", "信息", "系统", "账号", "登录", "费用", "订单", "结果", "流程", "步骤", "说明", "法院", "案件",
  "当事人", "原告", "被告", "合同", "图片", "视频", "网页", "链接", "手机", "电脑", "材料", "证明", "规定", "条款", "依法",
  "有效", "需要", "通过", "进行", "相关", "如果", "应当", "包括", "企业", "个人", "身份", "核验", "支付", "发票", "客服",
];

/**
 * Words by rank: the help centre's everyday words first, the evidence terms after them; a word's
 * chance is Zipf's 1/rank, so the first words are in most documents and the last in a few dozen.
 */
const VOCABULARY = [...EVERYDAY_WORDS, ...EVIDENCE_TERMS];
const ZIPF = (() => {
  const weights = VOCABULARY.map((_, rank) => 1 / (rank + 1) ** 1.1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => (running += weight / total));
})();
const PUNCTUATION = ["，", "，", "，", "。", "；", "、"];

/** Illustrative names (never real ones): one surname and two given characters, thousands of them, each in a few documents. */
const SURNAMES = [..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"];
const GIVEN = [..."小明华丽娜强伟芳军洋勇艳杰涛超秀英敏静磊"];

/**
 * The same DOCUMENTS help articles on every run: a title of 2-4 words, a body of 12-30 sentences,
 * and in one sentence of three a party's illustrative name (the rare words of real case write-ups).
 */
function generateDocuments(): SearchDocument[] {
  const random = seededRandom(19);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const word = () => {
    const r = random();
    return VOCABULARY[Math.min(VOCABULARY.length - 1, ZIPF.findIndex((cumulative) => cumulative >= r))];
  };
  const words = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word);
  const name = () => pick(SURNAMES) + pick(GIVEN) + pick(GIVEN);
  const sentence = () => (random() < 1 / 3 ? name() : "") + words(4, 12).join("") + pick(PUNCTUATION);
  return Array.from({ length: DOCUMENTS }, (_, n) => ({
    ref: `article:${n + 1}`,
    title: words(2, 4).join(""),
    body: Array.from({ length: 12 + Math.floor(random() * 19) }, sentence).join(""),
  }));
}

/** The fixed query mix: [label, text], run round-robin. */
const QUERY_MIX: [string, string][] = [
  ["1 word, common", "用户"],
  ["1 word, common", "存证"],
  ["1 word, common", "区块链"],
  ["1 word, rare", "王小明"],
  ["1 word, rare", "周敏静"],
  ["2 words", "区块链 时间戳"],
  ["2 words", "下载证书"],
  ["2 words, rare", "王小明 录屏"],
  ["3 words", "电子数据 哈希值 存证"],
  ["3 words", "如何申请保全公证书"],
];

interface Timing {
  perSecond: number;
  p50: number;
  p95: number;
  /** p50 of each query of the mix. */
  p50ByQuery: number[];
}

interface Figures {
  buildSeconds: number;
  indexed: Timing;
  baseline: Timing;
  matches: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function timed(count: number, run: (text: string) => Promise<unknown>): Promise<Timing> {
  const byQuery: number[][] = QUERY_MIX.map(() => []);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const before = performance.now();
    await run(QUERY_MIX[i % QUERY_MIX.length][1]);
    byQuery[i % QUERY_MIX.length].push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const latencies = sorted(byQuery.flat());
  return {
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p50ByQuery: byQuery.map((values) => percentile(sorted(values), 50)),
  };
}

/** What a platform without full-text search would run: every word of the query in title or body, a page and the count. */
function likeScan(db: Kysely<Database>) {
  return async (text: string) => {
    const conditions = text
      .split(/\s+/)
      .flatMap((part) => documentTokens(part).slice(0, 1))
      .map((word) => sql`(title LIKE ${`%${word}%`} OR body LIKE ${`%${word}%`})`);
    const where = sql.join([sql`collection = 'help'`, ...conditions], sql` AND `);
    await sql`SELECT ref, title, body FROM search_documents WHERE ${where} ORDER BY id LIMIT ${PAGE}`.execute(db);
    await sql`SELECT count(*) FROM search_documents WHERE ${where}`.execute(db);
  };
}

async function measure(db: Kysely<Database>, documents: SearchDocument[]): Promise<Figures> {
  const index = createSearchIndex(db);
  const started = performance.now();
  await index.replaceCollection("help", documents);
  const buildSeconds = (performance.now() - started) / 1000;
  const search = (text: string) => index.search({ collection: "help", text, offset: 0, limit: PAGE });
  const matches: number[] = [];
  for (const [, text] of QUERY_MIX) matches.push((await search(text)).total);
  // Warm-up: caches, prepared plans and the JIT, for both sides alike.
  await timed(QUERY_MIX.length * 2, search);
  await timed(QUERY_MIX.length, likeScan(db));
  const indexed = await timed(QUERIES, search);
  const baseline = await timed(BASELINE_QUERIES, likeScan(db));
  return { buildSeconds, indexed, baseline, matches };
}

function print(name: string, { buildSeconds, indexed, baseline, matches }: Figures) {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`${name}: ${DOCUMENTS} documents, index built in ${buildSeconds.toFixed(1)} s (segmentation included)`);
  console.log(`  full-text search: ${indexed.perSecond.toFixed(1)} queries/s, p50 ${ms(indexed.p50)}, p95 ${ms(indexed.p95)} (${QUERIES} queries, page of ${PAGE} + total)`);
  console.log(`  LIKE '%word%' scan: ${baseline.perSecond.toFixed(1)} queries/s, p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)} (${BASELINE_QUERIES} queries)`);
  console.log(`  ratio full-text / LIKE: ${(indexed.perSecond / baseline.perSecond).toFixed(1)}×`);
  console.table(
    QUERY_MIX.map(([kind, text], n) => ({
      query: `${text} (${kind})`,
      matches: matches[n],
      "full-text p50": ms(indexed.p50ByQuery[n]),
      "LIKE p50": ms(baseline.p50ByQuery[n]),
    })),
  );
}

async function withHandle<T>(handle: DatabaseHandle, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    await migrateToLatest(handle.db);
    return await work(handle.db);
  } finally {
    await handle.db.destroy();
  }
}

async function onSqlite(documents: SearchDocument[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "help-search-bench-"));
  try {
    print("SQLite (FTS5)", await withHandle(openDatabase({ kind: "sqlite", file: path.join(dir, "platform.sqlite") }), (db) => measure(db, documents)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(documents: SearchDocument[]) {
  const name = `search_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    print("PostgreSQL (tsvector)", await withHandle(openDatabase({ kind: "postgres", url: url.toString() }), (db) => measure(db, documents)));
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function main() {
  const started = performance.now();
  const documents = generateDocuments();
  const characters = documents.reduce((sum, document) => sum + document.title.length + document.body.length, 0);
  documentTokens("预热");
  const segmenting = performance.now();
  for (const document of documents.slice(0, 1000)) documentTokens(document.title + document.body);
  const segmentSeconds = (performance.now() - segmenting) / 1000;
  console.log(
    `${DOCUMENTS} documents generated in ${((segmenting - started) / 1000).toFixed(1)} s, ${(characters / DOCUMENTS).toFixed(0)} characters each on average; ` +
      `segmentation alone ${((characters / 10 / 1000) / segmentSeconds / 1000).toFixed(2)} M characters/s`,
  );
  if (only !== "postgres") await onSqlite(documents);
  if (only !== "sqlite") await onPostgres(documents);
}

await main();
