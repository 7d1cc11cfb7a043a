import { createHash } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client } from "../../server/blobs/s3-client.js";
import { loadConfig } from "../../server/config.js";
import { RECOVERY_LEASE_MS } from "../../server/jobs/recovery-pass.js";
import { LEDGER_VKEY_PATH } from "../../src/schema/ledger.js";
import { RECORDING_ENDPOINTS, RecordingCode } from "../../src/schema/recording.js";
import type { PackageCheckTools } from "../../src/verification/package-zip.js";
import { checkRecordingPackage } from "../../src/verification/recording-check.js";
import { chunkBytes, recordingClient } from "../server/recording/recording-support.js";
import type { RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { startTestS3, type TestS3 } from "./support/s3-server.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

/**
 * Recordings across processes (issue 20): two web processes on one PostgreSQL, Redis and S3 store,
 * each with a DATA_DIR of its own (as on two machines; the keys copied as the README says). A
 * recording's chunks are uploaded to both in turn, stopped on either, and sealed from the S3 store;
 * one whose process stopped sealing it is finished by the other's recovery pass. The package
 * passes the verifier and no scratch file outlives the sealing.
 */
const prefix = testRedisPrefix("recordings");
let s3: TestS3;
let a: TestApp;
let b: TestApp;
let bDir: string;
/** The test's own view of the bucket, not the store under test. */
let inspector: S3Client;
let ra: ReturnType<typeof recordingClient>;
let rb: ReturnType<typeof recordingClient>;
const digest = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex");
const tools: PackageCheckTools = { sha256: (data) => digest("sha256", data), sm3: (data) => digest("sm3", data), inflateRaw: (data) => inflateRawSync(data) };

beforeAll(async () => {
  s3 = await startTestS3("recordings");
  const env = { ...testRedisEnv(prefix), ...s3.env };
  a = await createTestApp({ seedDemo: false, env, role: "web" });
  bDir = await fsp.mkdtemp(path.join(os.tmpdir(), "recordings-b-"));
  await fsp.cp(path.join(a.database.dataDir, "keys"), path.join(bDir, "keys"), { recursive: true });
  b = await siblingTestApp(a, { seedDemo: false, env: { ...env, DATA_DIR: bDir, CLIENT_DIR: path.join(bDir, "no-client") }, role: "web" });
  inspector = createS3Client(loadConfig({ NODE_ENV: "test", DATA_DIR: a.database.dataDir, ...s3.env }).s3!);
  ra = recordingClient(a);
  rb = recordingClient(b);
});
afterAll(async () => {
  inspector?.destroy();
  await b?.close();
  await a?.close();
  await s3?.close();
  await fsp.rm(bDir, { recursive: true, force: true });
  await dropRedisNamespace(prefix);
});

const scratchKeys = async (id: number) =>
  ((await inspector.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `scratch/recording-${id}-` }))).Contents ?? []).map((object) => object.Key!);
/** Every file under the process's DATA_DIR/recordings (its work folder, which only holds files while they are on their way). */
const recordingFilesOf = async (dataDir: string) => (await fsp.readdir(path.join(dataDir, "recordings"), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile());
const settled = async () => {
  for (const app of [a, b]) await app.app.services.recording.anchors.idle();
};

/** Chunks 0..count-1, even ones to A and odd ones to B. */
async function uploadAlternately(user: RegisteredUser, id: number, count: number) {
  for (let index = 0; index < count; index++) {
    const answer = await (index % 2 === 0 ? ra : rb).upload(user, id, index, chunkBytes(index), (index + 1) * 2000);
    expect(answer, `chunk ${index}`).toMatchObject({ code: 200, datas: { index, received: index + 1 } });
  }
}

describe("a recording across two web processes", () => {
  it("takes its chunks on both in turn, is sealed by the one it is stopped on, and its package passes every check", async () => {
    const { user, id } = await ra.started();
    await uploadAlternately(user, id, 18);
    expect(await scratchKeys(id)).toHaveLength(18);
    // Neither process keeps a chunk of its own: everything taken is in the shared store.
    expect(await recordingFilesOf(a.database.dataDir)).toEqual([]);
    expect(await recordingFilesOf(bDir)).toEqual([]);
    expect((await ra.call(RECORDING_ENDPOINTS.uploadState, user, { id })).datas).toMatchObject({ received: 18, bytes: 18_000 });

    await settled();
    expect((await rb.call(RECORDING_ENDPOINTS.stop, user, { id })).code).toBe(200);
    await settled();
    await b.app.services.recording.sealer.idle();
    const detail = (await ra.call(RECORDING_ENDPOINTS.one, user, { id })).datas;
    expect(detail).toMatchObject({ state: "sealed", chunks: 18, anchors: 2 });

    const bytes = new Uint8Array((await a.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token })).rawPayload);
    const platformKey = (await b.app.inject({ method: "GET", url: LEDGER_VKEY_PATH })).body.trim();
    const checks = checkRecordingPackage(bytes, tools, { verifierKeys: [platformKey], certificateNo: detail.certificateNo });
    expect(checks.map((check) => [check.id, check.status])).toEqual([
      ["recording-structure", "pass"],
      ["recording-files", "pass"],
      ["recording-chunks", "pass"],
      ["recording-anchors", "pass"],
      ["recording-complete", "pass"],
    ]);
    const media = (await b.call(RECORDING_ENDPOINTS.file, { id, file: "media" }, { token: user.token })).rawPayload;
    expect(media).toEqual(Buffer.concat(Array.from({ length: 18 }, (_, index) => chunkBytes(index))));

    expect(await scratchKeys(id)).toEqual([]);
    expect(await ra.db().selectFrom("recording_scratch").selectAll().where("recording_id", "=", id).execute()).toEqual([]);
    expect(await recordingFilesOf(bDir)).toEqual([]);
  });

  it("the same chunk sent to both at once is taken once and both answer its receipt; a different one is refused; no stray file is left", async () => {
    const { user, id } = await ra.started();
    await uploadAlternately(user, id, 2);
    for (let index = 2; index < 6; index++) {
      const answers = await Promise.all([ra, rb].map((client) => client.upload(user, id, index, chunkBytes(index), (index + 1) * 2000)));
      expect(answers.map((answer) => answer.code), JSON.stringify(answers)).toEqual([200, 200]);
      expect(answers[0].datas).toEqual({ ...answers[1].datas, anchors: expect.any(Number) });
    }
    const answers = await Promise.all([ra.upload(user, id, 6, chunkBytes(6), 14_000), rb.upload(user, id, 6, chunkBytes(60), 14_000)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, RecordingCode.chunkConflict].sort());
    const chunks = await ra.db().selectFrom("recording_chunks").select(["idx", "scratch"]).where("recording_id", "=", id).orderBy("idx").execute();
    expect(chunks.map((chunk) => chunk.idx)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect((await scratchKeys(id)).sort()).toEqual(chunks.map((chunk) => `scratch/${chunk.scratch}`).sort());
    await settled();
  });

  it("left sealing by a process that stopped working on it, is sealed by the other's recovery pass from the store", async () => {
    const { user, id } = await ra.started();
    await uploadAlternately(user, id, 5);
    // A takes the stop and then seals nothing more, as if killed right after the stop committed.
    await a.app.services.recording.sealer.close();
    expect((await ra.call(RECORDING_ENDPOINTS.stop, user, { id })).datas).toMatchObject({ state: "sealing" });
    await settled();
    await fsp.rm(path.join(a.database.dataDir, "recordings"), { recursive: true, force: true });

    // A peer's sealing is left alone while its lease runs, then taken.
    const recovery = b.app.services.recording.sealer;
    await recovery.resume(a.clock.now() - RECOVERY_LEASE_MS);
    await recovery.idle();
    expect((await rb.call(RECORDING_ENDPOINTS.one, user, { id })).datas.state).toBe("sealing");
    a.clock.advance(RECOVERY_LEASE_MS + 1);
    await recovery.resume(a.clock.now() - RECOVERY_LEASE_MS);
    await recovery.idle();

    expect((await rb.call(RECORDING_ENDPOINTS.one, user, { id })).datas).toMatchObject({ state: "sealed", chunks: 5, ending: "stopped" });
    const media = (await b.call(RECORDING_ENDPOINTS.file, { id, file: "media" }, { token: user.token })).rawPayload;
    expect(media).toEqual(Buffer.concat(Array.from({ length: 5 }, (_, index) => chunkBytes(index))));
    expect(await scratchKeys(id)).toEqual([]);
  });
});
