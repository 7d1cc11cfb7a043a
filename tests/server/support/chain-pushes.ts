import type WebSocket from "ws";
import { ChainPushSchema, type ChainPush } from "../../../src/schema/chain-live.js";

/** Collects the pushes of one /ws/chain socket and lets a test wait for the one it expects. */
export function pushesOf(socket: WebSocket) {
  const received: ChainPush[] = [];
  const waiters: (() => void)[] = [];
  socket.on("message", (data) => {
    received.push(ChainPushSchema.parse(JSON.parse(String(data))));
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    received,
    async until(predicate: (push: ChainPush) => boolean, timeoutMs = 10_000): Promise<ChainPush> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching push; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
