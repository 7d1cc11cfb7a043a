/**
 * Recorded evidence (issue 16): recorder throughput through RecordingService.appendChunk (each
 * chunk streamed to disk while SHA-256 and SM3 are computed, fsync of file and folder, the chain
 * step, the durable SQLite transaction, an anchor planned every 30 s of recording and appended to
 * the ledger beside it) against raw SHA-256 + SM3 hashing of the same bytes in the same run; then
 * stop and sealing (final anchor, package with proofs, evidence). Chunks are the browser's 2-second
 * timeslice at two sizes: 250 KB (about 1 Mbit/s screen video) and 2 MB (a busy 8 Mbit/s stream).
 *   npx tsx bench/recording.bench.ts
 */
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { RECORDING_PACKAGE_CODE } from "../src/schema/recording.js";
import { registerUser } from "../tests/server/support/personal-users.js";
import { createTestApp } from "../tests/server/support/test-app.js";

const RUNS = [
  { label: "250 KB chunks", bytes: 250 * 1024, count: 240 },
  { label: "2 MB chunks", bytes: 2 * 1024 * 1024, count: 60 },
];
const TIMESLICE_MS = 2000;
const MB = 1024 * 1024;

const t = await createTestApp({ seedDemo: false });
const { recordings, anchors, sealer } = t.app.services.recording;
const user = await registerUser(t, "13900000001");
await t.database.handle.db.insertInto("package_counts").values({ user_id: user.id, product_code: RECORDING_PACKAGE_CODE, purchased_count: 10, remaining_count: 10, updated_at: t.clock.now() }).execute();

const environment = { source: "browser" as const, userAgent: "bench", os: "Linux", screen: null, surface: "monitor", mimeType: "video/webm", timeZone: "Asia/Shanghai", clockOffsetMs: 0, device: null };
const rate = (label: string, count: number, bytes: number, ms: number) =>
  console.log(`${label.padEnd(44)} ${(count / (ms / 1000)).toFixed(1).padStart(8)} chunks/s ${((bytes / MB) / (ms / 1000)).toFixed(1).padStart(8)} MB/s`);

try {
  for (const run of RUNS) {
    const chunks = Array.from({ length: run.count }, () => randomBytes(run.bytes));
    const digests = chunks.map((chunk) => createHash("sha256").update(chunk).digest("hex"));
    const total = run.bytes * run.count;

    const rawStarted = performance.now();
    for (const chunk of chunks) {
      createHash("sha256").update(chunk).digest();
      createHash("sm3").update(chunk).digest();
    }
    const rawMs = performance.now() - rawStarted;

    const record = await recordings.start(user.id, { kind: "screenRecord", source: "browser", name: `bench ${run.label}`, purpose: null, target: null, environment });
    const started = performance.now();
    for (const [index, chunk] of chunks.entries()) {
      await recordings.appendChunk(user.id, { id: record.id, index, sha256: digests[index], recordedMs: (index + 1) * TIMESLICE_MS }, Readable.from([chunk]));
    }
    const appendMs = performance.now() - started;
    await anchors.idle();
    const anchoredMs = performance.now() - started;

    const sealStarted = performance.now();
    await recordings.stop(user.id, record.id);
    await anchors.idle();
    await sealer.idle();
    const sealMs = performance.now() - sealStarted;
    const detail = await recordings.detail(user.id, record.id);

    console.log(`== ${run.label}: ${run.count} chunks, ${(total / MB).toFixed(0)} MB, ${detail.anchors} anchors, state ${detail.state}`);
    rate("raw SHA-256 + SM3", run.count, total, rawMs);
    rate("appendChunk (disk, fsync, chain, SQL, anchor)", run.count, total, appendMs);
    rate("… until every anchor is on the ledger", run.count, total, anchoredMs);
    console.log(`${"ratio raw hashing / appendChunk".padEnd(44)} ${(appendMs / rawMs).toFixed(2).padStart(8)} ×`);
    console.log(`${"stop → sealed (final anchor, package, evidence)".padEnd(44)} ${sealMs.toFixed(0).padStart(8)} ms`);
  }
} finally {
  await t.close();
}
