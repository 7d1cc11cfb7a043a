import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_ENDPOINTS } from "../../../src/schema/recording.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { readZip } from "../support/zip-reader.js";
import { chunkBytes, recordingClient } from "./recording-support.js";

/**
 * Where a recording's chunks and files are kept (issue 20): scratch files of the blob store, named
 * by rows, so the process that seals needs nothing of the DATA_DIR of the one that received them;
 * every scratch file, also one a killed process left half-taken, is deleted once the recording is
 * sealed or given up. The embedded store keeps scratch files under DATA_DIR/blobs/scratch.
 */
let t: TestApp;
let r: ReturnType<typeof recordingClient>;
const services = () => t.app.services.recording;
const scratchFolder = () => path.join(t.database.dataDir, "blobs", "scratch");
const scratchFiles = async (id: number) => (await fsp.readdir(scratchFolder()).catch(() => [] as string[])).filter((name) => name.startsWith(`recording-${id}-`)).sort();
const listed = (id: number) => r.db().selectFrom("recording_scratch").selectAll().where("recording_id", "=", id).execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  r = recordingClient(t);
});
afterAll(async () => t?.close());

describe("a recording's chunks", () => {
  it("are scratch files named by their rows; sealing reads them there (nothing under DATA_DIR/recordings) and then deletes them", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 3);
    const chunks = await r.db().selectFrom("recording_chunks").select(["idx", "scratch"]).where("recording_id", "=", id).orderBy("idx").execute();
    expect(chunks.map((chunk) => chunk.scratch)).toEqual([expect.stringMatching(`^recording-${id}-chunk-0-`), expect.stringMatching(`^recording-${id}-chunk-1-`), expect.stringMatching(`^recording-${id}-chunk-2-`)]);
    expect(await scratchFiles(id)).toEqual(chunks.map((chunk) => chunk.scratch).sort());
    expect((await listed(id)).map((row) => row.scratch).sort()).toEqual(chunks.map((chunk) => chunk.scratch).sort());
    // Only work files ever sit here, and none is left once a chunk is taken.
    expect(await fsp.readdir(path.join(t.database.dataDir, "recordings", "work"))).toEqual([]);

    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    expect((await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas).toMatchObject({ state: "sealed", chunks: 3 });
    const media = await t.call(RECORDING_ENDPOINTS.file, { id, file: "media" }, { token: user.token });
    expect(media.rawPayload).toEqual(Buffer.concat([0, 1, 2].map((index) => chunkBytes(index))));
    expect(await scratchFiles(id)).toEqual([]);
    expect(await listed(id)).toEqual([]);
    expect(await fsp.readdir(path.join(t.database.dataDir, "recordings", "work"))).toEqual([]);
  });

  it("a chunk kept but never recorded (its process killed before the row) is deleted with the recording; the next upload of that index is taken", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 1);
    // What a process killed between storing chunk 1 and committing its row leaves behind.
    const held = await services().files.receive(id, 1, Readable.from([chunkBytes(1)]), RECORDING_CHUNK_MAX_BYTES);
    const orphan = await held.keep();
    expect(await scratchFiles(id)).toContain(orphan);
    await r.uploadMany(user, id, 2, 2000, 1);
    expect((await scratchFiles(id)).length).toBe(4);

    await r.call(RECORDING_ENDPOINTS.discard, user, { id });
    expect(await scratchFiles(id)).toEqual([]);
    expect(await listed(id)).toEqual([]);
  });

  it("a chunk refused (too late, damaged) leaves no file", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 1);
    expect((await r.upload(user, id, 1, chunkBytes(1), 4000, "0".repeat(64))).code).not.toBe(200);
    expect(await scratchFiles(id)).toHaveLength(1);
    expect(await listed(id)).toHaveLength(1);
  });

  it("housekeeping deletes the files of a recording whose process died after sealing it, before deleting them", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 2);
    const before = await listed(id);
    const copies = await fsp.mkdtemp(path.join(os.tmpdir(), "recording-files-"));
    for (const row of before) await fsp.copyFile(path.join(scratchFolder(), row.scratch), path.join(copies, row.scratch));
    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    // Put back as the dead process left them: sealed, its files still there and listed.
    for (const row of before) await fsp.copyFile(path.join(copies, row.scratch), path.join(scratchFolder(), row.scratch));
    await r.db().insertInto("recording_scratch").values(before).execute();
    await fsp.rm(copies, { recursive: true });
    expect(await scratchFiles(id)).toHaveLength(2);

    await services().files.clearEnded();
    expect(await scratchFiles(id)).toEqual([]);
    expect(await listed(id)).toEqual([]);
  });
});

describe("a recorder's files", () => {
  it("are kept as scratch files too; the same name again replaces the earlier one; the package holds the last", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 1);
    const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "recorder-files-"));
    const source = path.join(folder, "events.jsonl");
    await fsp.writeFile(source, '{"first":true}\n');
    await services().recordings.attachFile(user.id, id, "events.jsonl", source);
    await fsp.writeFile(source, '{"second":true}\n');
    await services().recordings.attachFile(user.id, id, "events.jsonl", source);
    await fsp.rm(folder, { recursive: true });
    const rows = await listed(id);
    expect(rows.filter((row) => row.attached_name !== null)).toEqual([expect.objectContaining({ attached_name: "events.jsonl" })]);
    expect(await scratchFiles(id)).toHaveLength(2);

    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    const zip = readZip((await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token })).rawPayload);
    expect(zip.get("recording/events.jsonl")!.toString()).toBe('{"second":true}\n');
    expect(await scratchFiles(id)).toEqual([]);
  });

  it("one arriving while its recording is cleared (discarded meanwhile) is refused and leaves no file", async () => {
    const { user, id } = await r.started();
    const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "recorder-files-"));
    const source = path.join(folder, "events.jsonl");
    await fsp.writeFile(source, "{}\n");
    const blobs = t.app.services.blobs;
    const putScratch = blobs.putScratch.bind(blobs);
    // The holder discards the recording while the file is on its way into the store.
    blobs.putScratch = async (name, file) => {
      await r.call(RECORDING_ENDPOINTS.discard, user, { id });
      return putScratch(name, file);
    };
    try {
      await expect(services().recordings.attachFile(user.id, id, "events.jsonl", source)).rejects.toThrow("arrived after its files were cleared");
    } finally {
      blobs.putScratch = putScratch;
      await fsp.rm(folder, { recursive: true });
    }
    expect(await scratchFiles(id)).toEqual([]);
    expect(await listed(id)).toEqual([]);
  });
});

describe("a recording started before its files moved to the blob store (migration 0041)", () => {
  it("is sealed from DATA_DIR/recordings/<id>, and that folder goes with it", async () => {
    const { user, id } = await r.started();
    await r.uploadMany(user, id, 2);
    // As an earlier version kept them: chunks/<idx> and files/<name> under the recording's folder, rows naming no scratch file.
    const legacy = path.join(t.database.dataDir, "recordings", String(id));
    await fsp.mkdir(path.join(legacy, "chunks"), { recursive: true });
    await fsp.mkdir(path.join(legacy, "files"), { recursive: true });
    for (const row of await listed(id)) {
      const chunk = await r.db().selectFrom("recording_chunks").select("idx").where("scratch", "=", row.scratch).executeTakeFirstOrThrow();
      await fsp.rename(path.join(scratchFolder(), row.scratch), path.join(legacy, "chunks", String(chunk.idx)));
    }
    await r.db().updateTable("recording_chunks").set({ scratch: null }).where("recording_id", "=", id).execute();
    await r.db().deleteFrom("recording_scratch").where("recording_id", "=", id).execute();
    await fsp.writeFile(path.join(legacy, "files", "events.jsonl"), '{"legacy":true}\n');

    await r.call(RECORDING_ENDPOINTS.stop, user, { id });
    await r.sealed();
    expect((await r.call(RECORDING_ENDPOINTS.one, user, { id })).datas).toMatchObject({ state: "sealed", chunks: 2 });
    const zip = readZip((await t.call(RECORDING_ENDPOINTS.file, { id, file: "package" }, { token: user.token })).rawPayload);
    expect(zip.get("recording/media.webm")).toEqual(Buffer.concat([chunkBytes(0), chunkBytes(1)]));
    expect(zip.get("recording/events.jsonl")!.toString()).toBe('{"legacy":true}\n');
    await expect(fsp.access(legacy)).rejects.toThrow();
  });
});
