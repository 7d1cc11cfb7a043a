import WebSocket from "ws";
import { CLOUD_BROWSER_SOCKET_PATH, CloudBrowserServerMessageSchema, type CloudBrowserClientMessageInput, type CloudBrowserServerMessage } from "../../../src/schema/cloud-browser.js";

/**
 * A Node client of the recorder's socket, as the /precord page is one: it keeps every message,
 * answers `waitFor` when one matches, and sends input in frame coordinates.
 */
export interface CloudBrowserClient {
  readonly messages: CloudBrowserServerMessage[];
  /** The next (or an already received) message that matches, within `timeoutMs`. */
  waitFor(match: (message: CloudBrowserServerMessage) => boolean, timeoutMs?: number): Promise<CloudBrowserServerMessage>;
  send(message: CloudBrowserClientMessageInput): void;
  click(x: number, y: number): void;
  type(text: string): void;
  /** Resolves once the socket is open (sending before that throws). */
  opened: Promise<void>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
  onMessage?: (message: CloudBrowserServerMessage, receivedAt: number) => void;
}

export function socketUrl(origin: string, token: string, session: number): string {
  return `${origin.replace(/^http/, "ws")}${CLOUD_BROWSER_SOCKET_PATH}?${new URLSearchParams({ token, session: String(session) })}`;
}

export function connectCloudBrowser(url: string): CloudBrowserClient {
  const socket = new WebSocket(url);
  const messages: CloudBrowserServerMessage[] = [];
  const waiters = new Set<{ match: (message: CloudBrowserServerMessage) => boolean; resolve: (message: CloudBrowserServerMessage) => void }>();
  const client: CloudBrowserClient = {
    messages,
    waitFor(match: (message: CloudBrowserServerMessage) => boolean, timeoutMs = 20_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<CloudBrowserServerMessage>((resolve, reject) => {
        const waiter = { match, resolve: (message: CloudBrowserServerMessage) => (clearTimeout(timer), resolve(message)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching message within ${timeoutMs} ms; last: ${JSON.stringify(messages.filter((m) => m.type !== "frame").slice(-3))}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    click(x, y) {
      client.send({ type: "mouse", action: "move", x, y });
      client.send({ type: "mouse", action: "down", x, y, button: "left", clickCount: 1 });
      client.send({ type: "mouse", action: "up", x, y, button: "left", clickCount: 1 });
    },
    type(text) {
      for (const key of text) {
        client.send({ type: "key", action: "down", key, code: `Key${key.toUpperCase()}` });
        client.send({ type: "key", action: "up", key, code: `Key${key.toUpperCase()}` });
      }
    },
    opened: new Promise((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    }),
    closed: new Promise((resolve) => socket.on("close", (code) => resolve(code))),
    close: () => socket.close(),
  };
  socket.on("message", (data) => {
    const receivedAt = Date.now();
    const message = CloudBrowserServerMessageSchema.parse(JSON.parse(String(data)));
    client.onMessage?.(message, receivedAt);
    // Frames are many and large: only the newest is kept.
    if (message.type === "frame") {
      const at = messages.findIndex((kept) => kept.type === "frame");
      if (at >= 0) messages.splice(at, 1);
    }
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  });
  return client;
}
