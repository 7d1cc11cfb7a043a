/**
 * What keeping recording chunks in the blob store costs the embedded default (issue 20): a chunk
 * taken as the platform now keeps it (RecordingFiles: hashed into a work file, listed on the
 * recording, made a scratch file of the local blob store: fsync, rename, folder fsync) against a
 * baseline measured in the same run: the per-process store it replaced (hashed into
 * DATA_DIR/recordings/<id>/chunks/.part, fsync, rename to chunks/<n>, folder fsync). The two
 * alternate for three rounds at two chunk sizes (the browser's 2-second timeslice at about 1 and
 * 8 Mbit/s) and the medians are compared.
 *   npx tsx bench/recording-chunk-store.bench.ts
 */
import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { syncDirectory } from "../server/blobs/local-blob-store.js";
import { PackageDigest } from "../server/capture/package/package-digest.js";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_PACKAGE_CODE } from "../src/schema/recording.js";
import { registerUser } from "../tests/server/support/personal-users.js";
import { createTestApp } from "../tests/server/support/test-app.js";

const SIZES = [
  { label: "250 KB", bytes: 250 * 1024, count: 200 },
  { label: "2 MB", bytes: 2 * 1024 * 1024, count: 40 },
];
const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const t = await createTestApp({ seedDemo: false });
const { recordings, files } = t.app.services.recording;
const user = await registerUser(t, "13900000002");
await t.database.handle.db.insertInto("package_counts").values({ user_id: user.id, product_code: RECORDING_PACKAGE_CODE, purchased_count: 100, remaining_count: 100, updated_at: t.clock.now() }).execute();
const environment = { source: "browser" as const, userAgent: "bench", os: "Linux", screen: null, surface: "monitor", mimeType: "video/webm", timeZone: "Asia/Shanghai", clockOffsetMs: 0, device: null };
const baselineRoot = path.join(t.database.dataDir, "baseline-recordings");

/** The store this change replaced, as it took one chunk. */
async function baselineChunk(recordingId: number, index: number, bytes: Buffer): Promise<void> {
  const dir = path.join(baselineRoot, String(recordingId), "chunks");
  await fsp.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${index}.${randomBytes(6).toString("hex")}.part`);
  const digest = new PackageDigest();
  const handle = await fsp.open(temp, "wx");
  for await (const piece of Readable.from([bytes])) {
    digest.update(piece);
    await handle.write(piece);
  }
  await handle.sync();
  await handle.close();
  digest.result(temp);
  await fsp.rename(temp, path.join(dir, String(index)));
  await syncDirectory(dir);
}

async function sharedChunk(recordingId: number, index: number, bytes: Buffer): Promise<void> {
  const held = await files.receive(recordingId, index, Readable.from([bytes]), RECORDING_CHUNK_MAX_BYTES);
  await held.keep();
}

async function timed(take: (recordingId: number, index: number, bytes: Buffer) => Promise<void>, chunks: Buffer[]): Promise<number> {
  const { id } = await recordings.start(user.id, { kind: "screenRecord", source: "browser", name: "bench", purpose: null, target: null, environment });
  const started = performance.now();
  for (const [index, chunk] of chunks.entries()) await take(id, index, chunk);
  const ms = performance.now() - started;
  // Each round starts from empty folders.
  await recordings.discard(user.id, id);
  await fsp.rm(path.join(baselineRoot, String(id)), { recursive: true, force: true });
  return ms;
}

try {
  for (const size of SIZES) {
    const chunks = Array.from({ length: size.count }, () => randomBytes(size.bytes));
    const baseline: number[] = [];
    const shared: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await timed(baselineChunk, chunks));
      shared.push(await timed(sharedChunk, chunks));
    }
    const perChunk = (ms: number) => `${((ms * 1000) / size.count).toFixed(0).padStart(7)} µs/chunk`;
    console.log(`== ${size.label} chunks, ${size.count} per round, ${ROUNDS} rounds alternating (medians)`);
    console.log(`baseline: per-process folder (fsync, rename, folder fsync)   ${perChunk(median(baseline))}`);
    console.log(`shared: work file, listed, local blob-store scratch file     ${perChunk(median(shared))}`);
    console.log(`shared / baseline                                            ${(median(shared) / median(baseline)).toFixed(2).padStart(7)}×`);
  }
} finally {
  await t.close();
}
