import { App as AntdApp } from "antd";
import type { ReactNode } from "react";
import { createHttpClient } from "../../src/providers/http-client";
import { EventStreamClientProvider } from "../../src/providers/event-stream-context";
import { createMemoryStorage, createSessionStore, type SessionStore, type UserSession } from "../../src/providers/session-store";
import { AskEventSchema, type AskEvent } from "../../src/schema/legal-ai";
import type { ScriptedAnswer } from "./account-harness";
import { renderPublicPage } from "./public-page-harness";

export const SIGNED_IN: UserSession = { token: "tk-legal", timestamp: Date.now(), id: 9, loginAccount: "13900000000" };

/** One /ask call the fake server holds: the test opens the stream and plays events into it, or refuses it. */
export interface HeldStream {
  /** The JSON body the page sent (question, conversationId, token). */
  body: Record<string, unknown>;
  signal: AbortSignal | null | undefined;
  open(): void;
  /** One event, checked by the contract's schema first so a test cannot send what the server never would. */
  send(event: AskEvent): void;
  end(): void;
  refuse(code: number, message: string): void;
}

/**
 * The fake server of the streaming calls, behind the app's real HTTP client (signing, SSE parsing,
 * schema checks): each POST waits until the test takes it with `next()`.
 */
function heldEventStreams(sessionStore: SessionStore) {
  const arrived: HeldStream[] = [];
  const waiting: ((call: HeldStream) => void)[] = [];
  const encoder = new TextEncoder();
  const client = createHttpClient({
    baseURL: "/webapi",
    sessionStore,
    getLocation: () => ({ pathname: "/legalXGPT", search: "" }),
    navigate: () => {},
    now: Date.now,
    fetch: (_input, init = {}) =>
      new Promise<Response>((resolve, reject) => {
        let stream!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
        const aborted = () => new DOMException("The operation was aborted.", "AbortError");
        init.signal?.addEventListener("abort", () => {
          reject(aborted());
          try {
            stream.error(aborted());
          } catch {
            // already closed
          }
        });
        const call: HeldStream = {
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
          signal: init.signal,
          open: () => resolve(new Response(body, { status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" } })),
          send: (event) => stream.enqueue(encoder.encode(`data: ${JSON.stringify(AskEventSchema.parse(event))}\n\n`)),
          end: () => stream.close(),
          refuse: (code, message) => resolve(Response.json({ code, message, datas: null })),
        };
        const taker = waiting.shift();
        if (taker) taker(call);
        else arrived.push(call);
      }),
  });
  return {
    client,
    /** The next /ask call, as soon as the page makes it. */
    next: () => new Promise<HeldStream>((resolve) => (arrived.length > 0 ? resolve(arrived.shift()!) : waiting.push(resolve))),
  };
}

/** A legal-AI page inside refine, the router and antd, against scripted answers and held streams. */
export function renderLegalAiPage(options: { path: string; element: ReactNode; script?: Record<string, ScriptedAnswer>; user?: UserSession }) {
  const sessionStore = createSessionStore(createMemoryStorage());
  if (options.user) sessionStore.setUser(options.user);
  const streams = heldEventStreams(sessionStore);
  // As App.tsx: antd's App gives pages their message and modal hooks.
  const element = (
    <AntdApp>
      <EventStreamClientProvider client={streams.client}>{options.element}</EventStreamClientProvider>
    </AntdApp>
  );
  return { ...renderPublicPage({ path: options.path, script: options.script, sessionStore, element }), streams, sessionStore };
}
