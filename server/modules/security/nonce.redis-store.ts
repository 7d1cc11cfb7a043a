import type { SharedRedis } from "../../redis/redis-connection.js";
import type { NonceStore } from "./nonce-store.js";

/** Used nonces in the shared Redis: SET NX claims one atomically, PX forgets it at its expiry. */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly now: () => number,
  ) {}

  async claim(nonce: string, expiresAt: number): Promise<boolean> {
    // The expiry is relative to the platform's clock: Redis counts it down on its own.
    const claimed = await this.redis.client.set(this.redis.key("nonce", nonce), "1", "PX", Math.max(1, expiresAt - this.now()), "NX");
    return claimed === "OK";
  }
}
