import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { SESSION_IDLE_MS, type SessionKind } from "../../../src/schema/session.js";
import type { SharedRedis } from "../../redis/redis-connection.js";

/**
 * Which cached sessions another process must drop: a subject's sessions of a kind, or every one.
 * A subject, not a token hash, so nothing derived from a token travels; dropping a user's other
 * sessions too costs those only one database read.
 */
export type SessionEndNotice = { subjectId: string; kind: SessionKind } | { everything: true };

/** How the processes of one installation tell each other that sessions ended (issue 20). */
export interface SessionEndsChannel {
  announce(notice: SessionEndNotice): Promise<void>;
  /** Hands every notice (this process's own too) to `forget`, from before the answer on. */
  listen(forget: (notice: SessionEndNotice) => void): Promise<void>;
}

const SESSION_KINDS = Object.keys(SESSION_IDLE_MS) as [SessionKind, ...SessionKind[]];
const NoticeSchema = z.union([z.object({ subjectId: z.string(), kind: z.enum(SESSION_KINDS) }), z.object({ everything: z.literal(true) })]);

/**
 * A logout waits no longer than this for Redis to take its notice: the session has ended in the
 * database already, and the others' staleness bound (session-cache.ts) covers a notice that is late.
 */
const ANNOUNCE_WAIT_MS = 1_000;

type Log = { warn(object: object, message: string): void };

/**
 * The Redis pub/sub channel of session ends. Every process listens before it serves; when its
 * subscription comes back after an outage it drops everything it cached, since notices published
 * meanwhile were lost.
 */
export function redisSessionEnds(redis: SharedRedis, log: Log): SessionEndsChannel {
  const channel = redis.key("sessions", "ended");
  return {
    async announce(notice) {
      const published = redis.client.publish(channel, JSON.stringify(notice)).then(
        () => true,
        (error: unknown) => {
          log.warn({ err: error }, "sessions: the session-end notice could not be published");
          return true;
        },
      );
      if (!(await Promise.race([published, delay(ANNOUNCE_WAIT_MS, false, { ref: false })]))) {
        log.warn({ waitedMs: ANNOUNCE_WAIT_MS }, "sessions: Redis is slow to take a session-end notice; other processes follow within the staleness bound");
      }
    },
    async listen(forget) {
      const subscriber = redis.connection("session-invalidation");
      subscriber.on("message", (from: string, message: string) => {
        if (from !== channel) return;
        const notice = parseNotice(message);
        if (notice) forget(notice);
        else log.warn({ channel }, "sessions: ignored a malformed session-end notice");
      });
      let subscribedBefore = false;
      subscriber.on("ready", () => {
        if (subscribedBefore) forget({ everything: true });
        subscribedBefore = true;
      });
      await subscriber.subscribe(channel);
    },
  };
}

function parseNotice(message: string): SessionEndNotice | null {
  try {
    const parsed = NoticeSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
