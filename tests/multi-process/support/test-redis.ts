import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/**
 * The Redis of the multi-process tests: the one scripts/test.sh exports in TEST_REDIS_URL (the
 * machine's, or a throwaway one where the machine has none); without it (a single file run by
 * hand) the machine's own on 127.0.0.1:6379.
 * Each caller gets a namespace of its own (REDIS_PREFIX), so files running at once never meet.
 */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
}

export function testRedisPrefix(label: string): string {
  return `t-${label}-${randomBytes(4).toString("hex")}`;
}

/** The environment a test app or process needs to share `prefix` in the test Redis. */
export function testRedisEnv(prefix: string): Record<string, string> {
  return { REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix };
}

/** Deletes every key of a namespace (afterAll), so a long run does not fill the test Redis. */
export async function dropRedisNamespace(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}
