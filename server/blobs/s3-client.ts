import { CreateBucketCommand, HeadBucketCommand, S3Client, type BucketLocationConstraint } from "@aws-sdk/client-s3";
import type { AppConfig } from "../config.js";

export type S3Settings = NonNullable<AppConfig["s3"]>;

/**
 * A failed request to the S3-compatible store. The SDK copies every field of the store's XML
 * answer onto its error (an InvalidAccessKeyId answer carries the access key id), and the
 * logger prints an error's own fields: this error keeps only the operation, the store's error
 * name and the HTTP status, so a logged failure never carries a key.
 */
export class S3StoreError extends Error {
  constructor(
    readonly operation: string,
    readonly storeError: string,
    readonly httpStatus: number | undefined,
  ) {
    super(`S3 ${operation} failed: ${storeError}${httpStatus ? ` (HTTP ${httpStatus})` : ""}`);
    this.name = "S3StoreError";
  }
}

/** The store's answer "there is no such object (or bucket)", as opposed to any other failure. */
export function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === "NotFound" || failure?.name === "NoSuchKey" || failure?.$metadata?.httpStatusCode === 404;
}

/** The SDK's error as an S3StoreError (see there why); errors that are ours already pass through. */
export function storeFailure(operation: string, error: unknown): Error {
  if (error instanceof S3StoreError) return error;
  const failure = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  // The store's error name (NoSuchBucket, AccessDenied…), or for a network failure its code (ECONNREFUSED…).
  const what = failure?.name && failure.name !== "Error" ? failure.name : (failure?.code ?? failure?.name ?? "unknown error");
  return new S3StoreError(operation, what, failure?.$metadata?.httpStatusCode);
}

/** Runs one request to the store; its failure becomes an S3StoreError. */
export async function storeRequest<T>(operation: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw storeFailure(operation, error);
  }
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A store that stops answering must not hold a request (or a worker's job) forever; a socket
    // idle for a minute is given up and the SDK's retries (3 attempts) take over. A slow
    // download still flows: the limit is on silence, not on the whole transfer.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 60_000 },
  });
}

/**
 * Makes sure the bucket exists, creating it if missing (at start, so a wrong endpoint or key
 * fails the process at once rather than the first upload). Several processes starting together
 * may race to create it: "already exists" is followed by a HeadBucket, which succeeds only if the
 * bucket is ours to use.
 */
export async function ensureBucket(client: S3Client, settings: S3Settings): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return;
  } catch (error) {
    if (!isNotFound(error)) throw storeFailure(`HeadBucket ${settings.bucket}`, error);
  }
  try {
    // us-east-1 is the one region that takes no location constraint.
    const location = settings.region === "us-east-1" ? undefined : { LocationConstraint: settings.region as BucketLocationConstraint };
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket, CreateBucketConfiguration: location }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") throw storeFailure(`CreateBucket ${settings.bucket}`, error);
    await storeRequest(`HeadBucket ${settings.bucket}`, () => client.send(new HeadBucketCommand({ Bucket: settings.bucket })));
  }
}
