import { createHash } from "node:crypto";
import autocannon from "autocannon";
import { computeSignature } from "../../src/schema/signature.js";

export type LoadFigures = { label: string; requestsPerSecond: number; p50Ms: number; p99Ms: number };

/** Load settings of the HTTP benchmarks: BENCH_SECONDS and BENCH_CONNECTIONS change them. */
export const LOAD = { seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 32) };

/** Requests/s and latency of one URL under LOAD, after a one-second warm-up (JIT, database page cache). */
export async function measure(label: string, url: string): Promise<LoadFigures> {
  await autocannon({ url, connections: LOAD.connections, duration: 1 });
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.seconds });
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { label, requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The query string of a signed GET (spec §7), stamped now: valid for the server's 5-minute window. */
export function signedQuery(params: Record<string, string>): URLSearchParams {
  const withTime = { ...params, timestamp: String(Date.now()) };
  return new URLSearchParams({ ...withTime, signature: computeSignature(withTime, sha256Hex) });
}

export function printFigures(title: string, rows: LoadFigures[]): void {
  console.log(`\n${title}, ${LOAD.connections} connections, ${LOAD.seconds} s each`);
  console.table(rows.map((row) => ({ ...row, requestsPerSecond: Math.round(row.requestsPerSecond) })));
}
