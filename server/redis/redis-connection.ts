import { Redis } from "ioredis";
import type { AppConfig } from "../config.js";

/**
 * The installation's Redis (issue 20), shared by every web and worker process: BullMQ's queues,
 * rate-limit counters, captcha, nonce and throttling state, and the chain's live push. Every key
 * and channel starts with `prefix` (REDIS_PREFIX), so one Redis can serve several installations
 * and each test its own namespace.
 */
export interface SharedRedis {
  /** Commands (GET, SET, INCR, EVAL …) and PUBLISH. */
  readonly client: Redis;
  readonly prefix: string;
  /** `prefix:part:part…`, the one way keys and channels are named. */
  key(...parts: string[]): string;
  /**
   * A connection of its own: a subscriber (SUBSCRIBE blocks its connection for anything else) or
   * a BullMQ worker (whose blocking commands need `maxRetriesPerRequest: null`). Closed with close().
   */
  connection(purpose: string): Redis;
  close(): Promise<void>;
}

export function openSharedRedis(settings: NonNullable<AppConfig["redis"]>): SharedRedis {
  const opened: Redis[] = [];
  const connect = (purpose: string) => {
    // maxRetriesPerRequest null: a command waits for the connection to come back rather than fail
    // after 20 tries (BullMQ requires it for its workers; the rest prefer waiting to refusing).
    const connection = new Redis(settings.url, { connectionName: `${settings.prefix}:${purpose}`, maxRetriesPerRequest: null, lazyConnect: false });
    opened.push(connection);
    return connection;
  };
  const client = connect("commands");
  return {
    client,
    prefix: settings.prefix,
    key: (...parts) => [settings.prefix, ...parts].join(":"),
    connection: connect,
    close: async () => {
      await Promise.allSettled(opened.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
