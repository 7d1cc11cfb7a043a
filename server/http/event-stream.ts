import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";

/** Writes one event of the stream; false once the client has gone (nothing more reaches it). */
export type SendEvent<T> = (event: T) => boolean;

/**
 * Answers a `stream: true` endpoint (src/schema/contract.ts) with server-sent events: each event is
 * one `data:` line of JSON. `produce` writes the events; its `signal` aborts when the client
 * disconnects before the stream ends, so that work in flight (a model's answer) stops and nothing
 * half done is kept. The stream ends when `produce` settles; an error it throws is the producer's
 * to turn into an event first (it is logged here and the stream closed).
 */
export function sendEventStream<T>(reply: FastifyReply, produce: (send: SendEvent<T>, signal: AbortSignal) => Promise<void>) {
  const stream = new PassThrough();
  const disconnected = new AbortController();
  reply.raw.once("close", () => {
    if (!stream.writableEnded) disconnected.abort();
  });
  const send: SendEvent<T> = (event) => {
    if (disconnected.signal.aborted || stream.writableEnded) return false;
    stream.write(`data: ${JSON.stringify(event)}\n\n`);
    return true;
  };
  void produce(send, disconnected.signal)
    .catch((error: unknown) => reply.log.error({ err: error }, "event stream producer failed"))
    .finally(() => stream.end());
  return reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    // A proxy in front (nginx) would otherwise hold the events back until the answer is complete.
    .header("x-accel-buffering", "no")
    .send(stream);
}
