import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3 = {
  /** http://127.0.0.1:<port>, the S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** S3_* for `createTestApp({ env })` or a spawned process: the app creates the bucket at start. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** s3rver's built-in credentials (it checks request signatures against them). */
const S3RVER_KEY = "S3RVER";

/**
 * An S3-protocol server for the tests (s3rver, no S3 server is packaged on this machine) on a
 * free loopback port, storing in a temporary folder removed on close. Each caller gets a bucket
 * of its own name, not yet created: the app under test creates it, as it would in production.
 */
export async function startTestS3(label = "blobs"): Promise<TestS3> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  keepFoldersOnDelete(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `t-${label}-${randomBytes(4).toString("hex")}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY },
    async close() {
      // Clients keep their sockets alive; close() alone would wait for them to go.
      server.httpServer.closeAllConnections();
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver deletes a key's folder once it is empty, which races a concurrent put into the same
 * folder: the put makes the folder, the delete removes it, and the put's file stream then fails
 * with ENOENT on a stream nobody listens to, an uncaught exception in the test process. S3 has no
 * folders to race on, so here a delete removes the object's files and leaves the folder.
 */
function keepFoldersOnDelete(server: S3rver): void {
  const { store } = server;
  store.deleteObject = async (bucket, key) => {
    const files = ["object", "object.md5", "metadata.json"].map((resource) => store.getResourcePath(bucket, key, resource));
    await Promise.all(files.map((file) => fsp.rm(file, { force: true })));
  };
}
