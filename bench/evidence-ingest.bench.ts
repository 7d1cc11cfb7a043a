/**
 * Benchmark: ingest of one large evidence file over real HTTP (issue 5), against raw node:crypto
 * SHA-256 + SM3 over the same bytes in the same run, with the server's memory during the upload.
 *
 * The real server runs as its own process (`tsx server/server.ts`, SQLite, blobs on disk). A hash
 * evidence is stored from the digests, then its original (BENCH_BYTES, default 1 GiB) is uploaded
 * to applyHashCertificate: the same streaming path as every file upload (multipart parser →
 * SHA-256 + SM3 while writing a fsync'ed temp file → digests compared → blob renamed into place).
 * The body is generated while sending, so neither side ever holds the file. The server's RSS is
 * read from /proc every 50 ms, and its CPU time per thread before and after (on a loaded machine
 * the event loop's share says more than wall time). Never part of `npm test`.
 *
 *   npx tsx bench/evidence-ingest.bench.ts        (BENCH_BYTES changes the size)
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { webapiPath, type Endpoint } from "../src/schema/contract.js";
import { EVIDENCE_ENDPOINTS, evidenceEndpoints } from "../src/schema/evidence.js";
import { computeSignature } from "../src/schema/signature.js";
import { registerUser } from "../tests/e2e/support/api-accounts.js";
import { signedPost } from "../tests/e2e/support/signed-fetch.js";

const TOTAL_BYTES = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const BLOCK = randomBytes(16 * 1024 * 1024);
const MiB = 1024 * 1024;

/** The file: BLOCK repeated (and cut) to TOTAL_BYTES, handed out in 64 KiB pieces like a socket would. */
function* fileChunks(): Generator<Buffer> {
  const piece = 64 * 1024;
  for (let offset = 0; offset < TOTAL_BYTES; ) {
    const start = offset % BLOCK.length;
    const length = Math.min(piece, TOTAL_BYTES - offset, BLOCK.length - start);
    yield BLOCK.subarray(start, start + length);
    offset += length;
  }
}

function rawDigests() {
  const started = performance.now();
  const sha256 = createHash("sha256");
  const sm3 = createHash("sm3");
  let size = 0;
  for (const chunk of fileChunks()) {
    sha256.update(chunk);
    sm3.update(chunk);
    size += chunk.length;
  }
  return { sha256: sha256.digest("hex"), sm3: sm3.digest("hex"), size, seconds: (performance.now() - started) / 1000 };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-ingest-bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  while (!output.includes("已启动")) {
    if (child.exitCode !== null) throw new Error(output);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, dataDir, child };
}

/**
 * CPU seconds each thread of the server has used, by thread id (/proc). The event loop is the
 * thread whose id is the process id; on a loaded machine these figures say more than wall time.
 */
function threadCpuSeconds(pid: number): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime + stime, in clock ticks of 1/100 s (USER_HZ on Linux)
      seconds.set(thread, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return seconds;
}

function rssMiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const read = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: read("VmRSS"), peak: read("VmHWM") };
}

/** A signed multipart POST whose file part is generated while it is sent (fields first, DESIGN.md §4). */
function uploadStreaming(port: number, endpoint: Pick<Endpoint, "path">, fields: Record<string, string>, fileName: string): Promise<{ code: number; message: string }> {
  const timestamp = Date.now();
  const signature = computeSignature({ ...fields, timestamp }, (text) => createHash("sha256").update(text, "utf8").digest("hex"));
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `${webapiPath(endpoint)}?timestamp=${timestamp}&signature=${signature}`,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + TOTAL_BYTES + tail.length },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve(JSON.parse(body)));
      },
    );
    request.on("error", reject);
    const chunks = fileChunks();
    request.write(head);
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!request.write(next.value)) return void request.once("drain", pump);
      }
      request.end(tail);
    };
    pump();
  });
}

const server = await startServer();
try {
  console.log(`evidence ingest over HTTP: ${(TOTAL_BYTES / MiB).toFixed(0)} MiB, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
  const raw = rawDigests();
  const session = await registerUser(server.url, `139${String(Date.now() % 1e8).padStart(8, "0")}`, "abc12345");
  const saved = await signedPost(server.url, webapiPath(evidenceEndpoints("hash").create), {
    name: "bench original",
    fileName: "bench.bin",
    size: raw.size,
    sha256: raw.sha256,
    sm3: raw.sm3,
    token: session.token,
  });
  if (saved.body.code !== 200) throw new Error(`saveHashEvidence: ${JSON.stringify(saved.body)}`);

  const cpuBefore = threadCpuSeconds(server.child.pid!);
  const before = rssMiB(server.child.pid!);
  let peakDuringUpload = before.rss;
  const sampler = setInterval(() => (peakDuringUpload = Math.max(peakDuringUpload, rssMiB(server.child.pid!).rss)), 50);
  const started = performance.now();
  const answer = await uploadStreaming(server.port, EVIDENCE_ENDPOINTS.applyHashCertificate, { id: String(saved.body.datas.id), token: session.token }, "bench.bin");
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuUsed = [...threadCpuSeconds(server.child.pid!)].map(([thread, seconds]) => ({ thread, seconds: seconds - (cpuBefore.get(thread) ?? 0) }));
  const eventLoopCpu = cpuUsed.find(({ thread }) => thread === String(server.child.pid))?.seconds ?? 0;
  const otherCpu = cpuUsed.reduce((sum, { seconds }) => sum + seconds, 0) - eventLoopCpu;
  if (answer.code !== 200) throw new Error(`applyHashCertificate: ${JSON.stringify(answer)}`);
  const blob = path.join(server.dataDir, "blobs", raw.sha256.slice(0, 2), raw.sha256.slice(2, 4), raw.sha256);
  const stored = fs.statSync(blob).size;

  const rawRate = raw.size / MiB / raw.seconds;
  const ingestRate = TOTAL_BYTES / MiB / seconds;
  console.log(`raw node:crypto SHA-256 + SM3 (same bytes, in memory): ${raw.seconds.toFixed(2)} s, ${rawRate.toFixed(0)} MiB/s`);
  console.log(`HTTP ingest (multipart stream → SHA-256 + SM3 → fsync'ed blob, digests checked): ${seconds.toFixed(2)} s, ${ingestRate.toFixed(0)} MiB/s`);
  console.log(`ratio ingest / raw hashing: ${(ingestRate / rawRate).toFixed(2)}`);
  console.log(`server CPU during the upload: event loop ${eventLoopCpu.toFixed(2)} s, other threads ${otherCpu.toFixed(2)} s (digests, GC, file writes)`);
  console.log(`server RSS: ${before.rss.toFixed(0)} MiB before, peak ${peakDuringUpload.toFixed(0)} MiB during the upload (+${(peakDuringUpload - before.rss).toFixed(0)} MiB for a ${(TOTAL_BYTES / MiB).toFixed(0)} MiB file)`);
  console.log(`stored blob: ${stored === TOTAL_BYTES ? "complete" : `WRONG SIZE ${stored}`} (${stored} bytes)`);
} finally {
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
