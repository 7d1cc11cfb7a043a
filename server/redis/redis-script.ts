import type { Redis } from "ioredis";

type ScriptArgument = string | number;

/**
 * A Lua script run atomically on the shared Redis, for a read-then-write that must not interleave
 * with another process's (a counter compared and changed in one step). ioredis sends it by its
 * SHA-1 (EVALSHA) and loads it once per connection when Redis does not know it yet.
 */
export function defineRedisScript<Result>(client: Redis, name: string, lua: string, numberOfKeys: number) {
  if (!(name in client)) client.defineCommand(name, { numberOfKeys, lua });
  const command = (client as unknown as Record<string, (...args: ScriptArgument[]) => Promise<Result>>)[name].bind(client);
  return (keys: readonly string[], args: readonly ScriptArgument[]): Promise<Result> => command(...keys, ...args);
}
