import { CreateBucketCommand, DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createS3Client } from "../../server/blobs/s3-client.js";
import { loadConfig } from "../../server/config.js";
import { startTestS3, type TestS3 } from "./support/s3-server.js";

/**
 * The tests' S3 server itself: several workers put and delete scratch objects in one folder at
 * once, and s3rver as packaged loses that race with an uncaught ENOENT (it once failed the scale test).
 */

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3("race");
});
afterAll(() => s3?.close());

it("puts an object while deleting the last other one in its folder, round after round", async () => {
  const client = createS3Client(loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent", ...s3.env }).s3!);
  const Bucket = s3.bucket;
  await client.send(new CreateBucketCommand({ Bucket }));
  const put = (Key: string) => client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.alloc(100_000, 7) }));
  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }));
  await put("scratch/0");
  for (let round = 1; round <= 20; round++) {
    await Promise.all([remove(`scratch/${round - 1}`), put(`scratch/${round}`)]);
  }
  const listed = await client.send(new ListObjectsV2Command({ Bucket }));
  expect(listed.Contents?.map((object) => object.Key)).toEqual(["scratch/20"]);
  client.destroy();
});
