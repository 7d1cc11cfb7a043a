import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import { computeSignature } from "../../src/schema/signature.js";

export type LoadFigures = {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time (user + system) per answered request, when its pid was given (Linux). */
  serverCpuUsPerRequest?: number;
};

/**
 * Load settings of the HTTP benchmarks: BENCH_SECONDS, BENCH_WARMUP_SECONDS and BENCH_CONNECTIONS
 * change them. The warm-up is three seconds: a freshly started platform spends its first two to
 * three seconds under load compiling its hot paths (twice the CPU per request, measured), which a
 * one-second warm-up left inside the figures of whichever call was measured first.
 */
export const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
};

/**
 * Requests/s and latency of one URL under LOAD, after the warm-up (JIT, database page cache).
 * With `serverPid`, also the server's CPU time per request: on a machine shared with other
 * work, throughput follows whatever else runs, while the CPU a request costs the server barely does.
 */
export async function measure(label: string, url: string, serverPid?: number): Promise<LoadFigures> {
  await autocannon({ url, connections: LOAD.connections, duration: LOAD.warmupSeconds });
  const cpuBefore = processCpuMicros(serverPid);
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.seconds });
  const cpuAfter = processCpuMicros(serverPid);
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const figures = { label, requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  if (cpuBefore === undefined || cpuAfter === undefined) return figures;
  return { ...figures, serverCpuUsPerRequest: (cpuAfter - cpuBefore) / result.requests.total };
}

let clockTicksPerSecond: number | undefined;

/** CPU time (user + system, all threads) a process has used so far, in µs, from /proc: Linux only. */
function processCpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  clockTicksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond;
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The query string of a signed GET (spec §7), stamped now: valid for the server's 5-minute window. */
export function signedQuery(params: Record<string, string>): URLSearchParams {
  const withTime = { ...params, timestamp: String(Date.now()) };
  return new URLSearchParams({ ...withTime, signature: computeSignature(withTime, sha256Hex) });
}

export function printFigures(title: string, rows: LoadFigures[]): void {
  console.log(`\n${title}, ${LOAD.connections} connections, ${LOAD.seconds} s each after ${LOAD.warmupSeconds} s of warm-up`);
  console.table(
    rows.map(({ serverCpuUsPerRequest, ...row }) => ({
      ...row,
      requestsPerSecond: Math.round(row.requestsPerSecond),
      ...(serverCpuUsPerRequest === undefined ? {} : { serverCpuUsPerRequest: Number(serverCpuUsPerRequest.toFixed(1)) }),
    })),
  );
}
