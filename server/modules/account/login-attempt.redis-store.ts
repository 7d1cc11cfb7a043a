import { defineRedisScript } from "../../redis/redis-script.js";
import type { SharedRedis } from "../../redis/redis-connection.js";
import type { LoginAttemptCounters, Reservation } from "./login-attempt-counters.js";

// A hash per key {start, count}, read and changed in one script so that processes counting at once
// each get their own count. The window is judged by the platform's clock (ARGV), exactly as the
// database counters do; the key's expiry only clears it away once its window is over. Times travel
// back as the strings given: Lua's tostring would turn a millisecond time into 1.79e+12.
const RESERVE = `
local stored = redis.call('HGET', KEYS[1], 'start')
local start = tonumber(stored)
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if not start or start <= now - window then
  redis.call('HSET', KEYS[1], 'start', ARGV[1], 'count', 1)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, ARGV[1]}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), stored}
`;

const RELEASE = `
if redis.call('HGET', KEYS[1], 'start') == ARGV[1] and tonumber(redis.call('HGET', KEYS[1], 'count')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0
`;

/** Failed-login counters in the shared Redis (several processes). */
export class RedisLoginAttemptCounters implements LoginAttemptCounters {
  readonly #reserve;
  readonly #release;

  constructor(private readonly redis: SharedRedis) {
    this.#reserve = defineRedisScript<[number, string]>(redis.client, "hzLoginAttemptReserve", RESERVE, 1);
    this.#release = defineRedisScript<number>(redis.client, "hzLoginAttemptRelease", RELEASE, 1);
  }

  async reserve(key: string, now: number, windowMs: number): Promise<Reservation> {
    const [count, windowStart] = await this.#reserve([this.#key(key)], [now, windowMs]);
    return { key, count: Number(count), windowStart: Number(windowStart) };
  }

  async release(reservation: Reservation): Promise<void> {
    await this.#release([this.#key(reservation.key)], [reservation.windowStart]);
  }

  async forget(key: string): Promise<void> {
    await this.redis.client.del(this.#key(key));
  }

  // Account names and addresses may hold any character; Redis keys are binary-safe.
  #key(key: string): string {
    return this.redis.key("login-attempts", key);
  }
}
