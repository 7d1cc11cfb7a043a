import { createRequire } from "node:module";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { SharedRedis } from "./redis-connection.js";

type RouteLimit = { continueExceeding: boolean; exponentialBackoff: boolean; routeInfo: { method?: string; url?: string }; groupId?: string };
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: SharedRedis["client"], key: string) => FastifyRateLimitStore;

// The plugin's own Redis store (an atomic INCR + PEXPIRE script), which it builds for its `redis`
// option; the package ships it without type declarations.
const RedisStore = createRequire(import.meta.url)("@fastify/rate-limit/store/RedisStore.js") as RedisStoreCtor;

/**
 * @fastify/rate-limit's counters in the shared Redis, so a per-address limit holds across every
 * web process. Unlike the plugin's `redis` option, each budget gets a key of its own: a route's
 * limit is keyed by method and URL, as the plugin does; a limiter made with `app.rateLimit(...)`
 * and shared by several routes (a GET and its POST twin) has no route, and the plugin's store would
 * key every such limiter alike, merging their budgets. Those are named by their `groupId` instead,
 * and one without is refused at start.
 */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const nameSpace = `${redis.key("rate-limit")}:`;
  return class SharedRateLimitStore {
    readonly #root: FastifyRateLimitStore;

    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands a store its merged global parameters, which carry these two as booleans.
      const { continueExceeding, exponentialBackoff } = options as unknown as RouteLimit;
      this.#root = new RedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace);
    }

    incr(...args: Parameters<FastifyRateLimitStore["incr"]>): void {
      this.#root.incr(...args);
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const limit = options as unknown as RouteLimit;
      const budget = limit.routeInfo.url ? `${limit.routeInfo.method}${limit.routeInfo.url}` : limit.groupId;
      if (!budget) throw new Error("app.rateLimit(...) needs a groupId naming its budget when the counters are shared through Redis");
      return new RedisStore(limit.continueExceeding, limit.exponentialBackoff, redis.client, `${nameSpace}${budget}-`);
    }
  };
}
