import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { pino } from "pino";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobFileCache } from "../../server/blobs/blob-file-cache.js";
import { BlobTooLargeError } from "../../server/blobs/blob-store.js";
import { createS3Client, ensureBucket, S3StoreError, type S3Settings } from "../../server/blobs/s3-client.js";
import { blobKey, S3BlobStore } from "../../server/blobs/s3-blob-store.js";
import { loadConfig } from "../../server/config.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS as E } from "../../src/schema/evidence-library.js";
import { postMultipart } from "../server/support/multipart.js";
import { registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, type TestApp } from "../server/support/test-app.js";
import { expectScratchFilesKept } from "../server/support/scratch-files.js";
import { readZip } from "../server/support/zip-reader.js";
import { startTestS3, type TestS3 } from "./support/s3-server.js";

/**
 * Blobs in an S3-compatible store (issue 20) against a real S3-protocol server (s3rver): what the
 * store keeps is looked at with a client of the test's own, not through the store under test.
 */

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const MiB = 1024 * 1024;

let s3: TestS3;
let dataDir: string;
let settings: S3Settings;
/** The test's own view of the bucket. */
let inspector: S3Client;
let store: S3BlobStore;
/** Every command the store's client sent, by name. */
const sent: string[] = [];

beforeAll(async () => {
  s3 = await startTestS3("store");
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "s3-store-"));
  settings = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...s3.env }).s3!;
  inspector = createS3Client(settings);
  const client = createS3Client(settings);
  client.middlewareStack.add((next, context) => (args) => (sent.push(context.commandName!), next(args)), { step: "initialize" });
  await ensureBucket(client, settings);
  store = new S3BlobStore(client, settings.bucket, new BlobFileCache(path.join(dataDir, "blob-cache")));
});
afterAll(async () => {
  inspector?.destroy();
  await s3?.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function storedKeys(): Promise<string[]> {
  const listed = await inspector.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function storedBytes(sha: string): Promise<Buffer> {
  const object = await inspector.send(new GetObjectCommand({ Bucket: settings.bucket, Key: blobKey(sha) }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function* chunksOf(content: Buffer, size: number) {
  for (let offset = 0; offset < content.length; offset += size) yield content.subarray(offset, offset + size);
}

async function stagingFiles(): Promise<string[]> {
  return fsp.readdir(path.join(dataDir, "blob-cache", "tmp")).catch(() => []);
}

describe("the S3 blob store", () => {
  it("created its bucket, stores content once under blobs/ab/cd/<sha256> and streams it back", async () => {
    const content = Buffer.from("电子证据：合同正文\n");
    const name = sha256(content);
    expect(await store.put(content)).toBe(name);
    sent.length = 0;
    expect(await store.put(content)).toBe(name);
    expect(sent).toEqual(["HeadObjectCommand"]); // already there: not uploaded again

    expect(await storedKeys()).toContain(`blobs/${name.slice(0, 2)}/${name.slice(2, 4)}/${name}`);
    expect(await store.has(name)).toBe(true);
    expect(await store.read(name)).toEqual(content);
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.open(name))!) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(content);

    const missing = sha256(Buffer.from("never stored"));
    expect(await store.has(missing)).toBe(false);
    expect(await store.open(missing)).toBeNull();
    expect(await store.read(missing)).toBeNull();
    expect(await store.localPath(missing)).toBeNull();
    expect(await store.has("../../etc/passwd")).toBe(false);
  });

  it("keeps scratch files under scratch/<name>, apart from the blobs, and deletes them", async () => {
    const name = "lawsuit-package-0123456789abcdef.zip";
    const workDir = path.join(dataDir, "scratch-work");
    await expectScratchFilesKept(store, workDir, name);
    const file = path.join(workDir, "again.part");
    fs.writeFileSync(file, "包");
    await store.putScratch(name, file);
    expect((await storedKeys()).filter((key) => !key.startsWith("blobs/"))).toEqual([`scratch/${name}`]);
    await store.deleteScratch(name);
    expect((await storedKeys()).filter((key) => !key.startsWith("blobs/"))).toEqual([]);
  });

  it("stages a streamed 17 MiB upload while hashing, and commit() uploads it in 8 MiB parts", async () => {
    const content = randomBytes(17 * MiB + 123);
    const temp = await store.writeTemp(chunksOf(content, 64 * 1024));
    // The digests are ours, known before anything is called stored.
    expect(temp).toMatchObject({ sha256: sha256(content), sm3: createHash("sm3").update(content).digest("hex"), size: content.length });
    expect(await storedKeys()).not.toContain(blobKey(temp.sha256));

    sent.length = 0;
    expect(await temp.commit()).toBe(sha256(content));
    expect(sent.filter((command) => command === "UploadPartCommand")).toHaveLength(3);
    expect(sent).toContain("CompleteMultipartUploadCommand");
    expect(sha256(await storedBytes(temp.sha256))).toBe(sha256(content));
    expect(await stagingFiles()).toEqual([]);
  });

  it("leaves no object and no staging file for content the caller refuses, or too large", async () => {
    const before = await storedKeys();
    const content = randomBytes(300 * 1024);
    const temp = await store.writeTemp(chunksOf(content, 16 * 1024));
    const claimed = sha256(Buffer.from("the digest the client said it sent"));
    expect(temp.sha256).not.toBe(claimed); // the caller's check, as evidence-ingest makes it
    await temp.discard();
    await expect(store.writeTemp(chunksOf(content, 16 * 1024), { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);

    expect(await storedKeys()).toEqual(before);
    expect(await store.has(temp.sha256)).toBe(false);
    expect(await stagingFiles()).toEqual([]);
  });

  it("gives a ZIP a local path, downloaded once into the cache and checked against its name", async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("<html>页面</html>"), "pages/index.html");
    zip.addBuffer(randomBytes(5000), "archive/data.warc");
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const name = await store.put(bytes); // put() keeps no local copy: the path must come from the store

    sent.length = 0;
    const file = (await store.localPath(name))!;
    expect(file.startsWith(path.join(dataDir, "blob-cache") + path.sep)).toBe(true);
    expect(sent).toContain("GetObjectCommand");
    expect([...readZip(await fsp.readFile(file)).keys()]).toEqual(["pages/index.html", "archive/data.warc"]);

    sent.length = 0;
    expect(await store.localPath(name)).toBe(file);
    expect(sent).not.toContain("GetObjectCommand"); // the cached copy is reused

    // Bytes in the store that are not what their key names are refused, not cached.
    const forged = sha256(Buffer.from("a name the bytes do not have"));
    await inspector.send(new PutObjectCommand({ Bucket: settings.bucket, Key: blobKey(forged), Body: Buffer.from("other bytes") }));
    await expect(store.localPath(forged)).rejects.toThrow(/SHA-256/);
    expect(fs.existsSync(path.join(dataDir, "blob-cache", forged.slice(0, 2), forged.slice(2, 4), forged))).toBe(false);
  });

  it("bounds the local cache: past its size the least recently used copies go, the recent ones stay", async () => {
    const root = path.join(dataDir, "bounded-cache");
    const cache = new BlobFileCache(root, 1000);
    const old = await cache.keep(await cache.stage(chunksOf(randomBytes(800), 800)));
    const recent = await cache.keep(await cache.stage(chunksOf(randomBytes(800), 800)));
    const anHourAgo = new Date(Date.now() - 3600_000);
    await fsp.utimes(old, anHourAgo, anHourAgo);
    await cache.trim();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true); // over the bound, but used within the last minutes
  });

  it("sums its usage from the bucket listing, counting blobs only", async () => {
    await inspector.send(new PutObjectCommand({ Bucket: settings.bucket, Key: "not-a-blob/readme.txt", Body: Buffer.from("x") }));
    const listed = await inspector.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: "blobs/" }));
    const blobs = listed.Contents!;
    expect(blobs.length).toBeGreaterThanOrEqual(3);
    expect(await store.usage()).toEqual({ bytes: blobs.reduce((sum, object) => sum + object.Size!, 0), files: blobs.length });
    expect(await store.volume()).toBeNull();
  });

  it("fails loudly with the store's error, without the access key the store's answer repeats", async () => {
    const secretKeyId = `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
    const wrong = createS3Client({ ...settings, accessKeyId: secretKeyId });
    try {
      const raw = await wrong.send(new GetObjectCommand({ Bucket: settings.bucket, Key: "any" })).catch((error: unknown) => error);
      expect(JSON.stringify(raw)).toContain(secretKeyId); // what the SDK's own error would log

      const failure = await new S3BlobStore(wrong, settings.bucket, new BlobFileCache(path.join(dataDir, "c2"))).read(sha256(Buffer.from("x"))).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(S3StoreError);
      expect((failure as S3StoreError).message).toMatch(/GetObject .* failed: InvalidAccessKeyId \(HTTP 403\)/);
      const logged: string[] = [];
      pino({}, { write: (line: string) => void logged.push(line) }).error({ err: failure }, "blob read failed");
      expect(logged.join("")).toContain("InvalidAccessKeyId");
      expect(logged.join("")).not.toContain(secretKeyId);
    } finally {
      wrong.destroy();
    }
  });
});

describe("the app with S3_* set", () => {
  let t: TestApp;
  let appS3: TestS3;
  let user: RegisteredUser;
  let isS3Closed = false;
  beforeAll(async () => {
    appS3 = await startTestS3("app");
    t = await createTestApp({ seedDemo: false, env: appS3.env });
    user = await registerUser(t, "13700000951");
  });
  afterAll(async () => {
    await t?.close();
    if (!isS3Closed) await appS3?.close();
  });

  const uploadEvidence = (content: Buffer) =>
    postMultipart(t, webapiPath(KINDS.file.create), { name: "S3 存证文件" }, {
      token: user.token,
      files: [{ name: "file", filename: "contract.bin", contentType: "application/octet-stream", content }],
    });
  const evidenceCount = async () => (await t.call(E.list, { pageNumber: 1, pageSize: 10 }, { token: user.token })).json().datas.totalRow;

  it("keeps an uploaded evidence file in the bucket, nothing under DATA_DIR/blobs, and serves it back", async () => {
    const content = randomBytes(200 * 1024);
    const created = await uploadEvidence(content);
    expect(created.json().code).toBe(200);
    const [record] = created.json().datas;

    const client = createS3Client(loadConfig({ NODE_ENV: "test", DATA_DIR: t.database.dataDir, ...appS3.env }).s3!);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: appS3.bucket, Key: blobKey(sha256(content)) }));
      expect(head.ContentLength).toBe(content.length);
    } finally {
      client.destroy();
    }
    expect(fs.existsSync(path.join(t.database.dataDir, "blobs"))).toBe(false);

    const downloaded = await t.call(E.downloadItem, { id: record.id, part: "file" }, { token: user.token });
    expect(downloaded.statusCode).toBe(200);
    expect(sha256(downloaded.rawPayload)).toBe(sha256(content));
  });

  it("acknowledges nothing when the store cannot be reached, and says so without a key in the log", async () => {
    const before = await evidenceCount();
    isS3Closed = true;
    await appS3.close();
    const refused = await uploadEvidence(randomBytes(4096));
    expect(refused.json()).toMatchObject({ code: 500, message: "服务器内部错误，请稍后重试" });
    expect(await evidenceCount()).toBe(before);
    expect(t.logs.join("")).toMatch(/S3 HeadObject blobs\/[0-9a-f/]+ failed: ECONNREFUSED/);
    expect(t.logs.join("")).not.toContain("S3RVER");
  });
});
