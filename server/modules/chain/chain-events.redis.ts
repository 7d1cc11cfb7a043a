import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { SharedRedis } from "../../redis/redis-connection.js";
import { ChainEventSchema, type ChainEvent, type ChainEventBus } from "./chain-events.js";

type Log = { error(object: object, message: string): void };

/**
 * The chain's events over Redis pub/sub (channel `<prefix>:chain:events`). Each process tags what
 * it publishes with an id of its own and ignores its own echo. Pub/sub delivers to the processes
 * listening at that moment and keeps nothing: a process that was away learns the state from the
 * database with its next event or socket, which is all a live push promises.
 */
export async function openRedisChainEvents(redis: SharedRedis, log?: Log): Promise<ChainEventBus> {
  const channel = redis.key("chain", "events");
  const origin = randomUUID();
  const handlers: ((event: ChainEvent) => void)[] = [];
  const subscriber = redis.connection("chain-events");
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseMessage(text);
    if (!message || message.origin === origin) return;
    for (const handler of handlers) handler(message.event);
  });
  // Subscribed before the app serves, so no event of a process started earlier is missed from here on.
  await subscriber.subscribe(channel);
  return {
    announce(event) {
      redis.client.publish(channel, JSON.stringify({ origin, event })).catch((error: unknown) => log?.error({ err: error }, "chain event not published"));
    },
    onRemote(handler) {
      handlers.push(handler);
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

const MessageSchema = z.object({ origin: z.string(), event: ChainEventSchema });

function parseMessage(text: string): z.infer<typeof MessageSchema> | null {
  try {
    return MessageSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}
