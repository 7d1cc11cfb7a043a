import CryptoJS from "crypto-js";
import { describe, expect, it, vi } from "vitest";
import { createHttpClient, type BrowserLocation } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore, type UserSession } from "../../../src/providers/session-store";
import { webapiPath } from "../../../src/schema/contract";
import { ResultCode, ResultMessage } from "../../../src/schema/envelope";
import { AskEventSchema, LEGAL_AI_ENDPOINTS, type AskEvent } from "../../../src/schema/legal-ai";
import { canonicalParamString } from "../../../src/schema/signature";
import { registryPath } from "../../../src/resources/registry-paths";

const T0 = 1_700_000_000_000;
const USER: UserSession = { token: "tk-123", timestamp: T0 - 60_000, id: 7, loginAccount: "13800000000" };
const ASK = LEGAL_AI_ENDPOINTS.ask;

interface SentRequest {
  url: string;
  init: RequestInit;
}

/** The bytes of `text` cut into pieces of `size` bytes, so multi-byte characters split across chunks. */
function byteChunks(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.slice(start, start + size));
  return chunks;
}

function eventStream(chunks: Uint8Array[]): Response {
  return new Response(new ReadableStream<Uint8Array>({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } }), {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8" },
  });
}

const sse = (events: readonly unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");

function setup(reply: (request: SentRequest) => Response | Promise<Response>, { user = USER as UserSession | null, location = { pathname: registryPath("personal/operationPanel"), search: "" } as BrowserLocation } = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  if (user) sessionStore.setUser(user);
  const requests: SentRequest[] = [];
  const navigate = vi.fn<(to: string) => void>();
  const http = createHttpClient({
    baseURL: "/webapi",
    sessionStore,
    getLocation: () => location,
    navigate,
    now: () => T0,
    fetch: async (input, init = {}) => {
      const request = { url: String(input), init };
      requests.push(request);
      return reply(request);
    },
  });
  return { http, sessionStore, navigate, requests };
}

const MESSAGE = { messageId: 1, role: "user", content: "电子数据如何存证？", mode: null, citations: [], createdAt: T0 } as const;
const EVENTS: AskEvent[] = AskEventSchema.array().parse([
  { type: "start", conversationId: "a".repeat(32), question: MESSAGE, mode: "extractive" },
  { type: "delta", text: "区块链存证" },
  { type: "delta", text: "可以证明数据未被篡改。" },
  { type: "done", answer: { ...MESSAGE, messageId: 2, role: "assistant", content: "区块链存证可以证明数据未被篡改。", mode: "extractive" } },
]);

describe("http client: streaming calls", () => {
  it("POSTs the input signed exactly as post does: token in the body, timestamp and signature in the query", async () => {
    const { http, requests } = setup(() => eventStream(byteChunks(sse([]), 5)));
    await http.stream(ASK, { question: "电子数据如何存证？" }, () => {});
    const [request] = requests;
    const url = new URL(request.url, "http://client.invalid");
    expect(url.pathname).toBe(webapiPath(ASK));
    expect(request.init.method).toBe("POST");
    const body = JSON.parse(String(request.init.body)) as Record<string, unknown>;
    expect(body).toEqual({ question: "电子数据如何存证？", token: USER.token });
    expect(url.searchParams.get("timestamp")).toBe(String(T0));
    const serverSide = CryptoJS.SHA256(canonicalParamString({ ...body, timestamp: url.searchParams.get("timestamp") })).toString(CryptoJS.enc.Hex);
    expect(url.searchParams.get("signature")).toBe(serverSide);
  });

  it("hands over every event in order, parsed by the endpoint's schema, whatever the chunk boundaries", async () => {
    for (const size of [1, 3, 7, 4096]) {
      const { http, sessionStore } = setup(() => eventStream(byteChunks(sse(EVENTS), size)));
      const received: AskEvent[] = [];
      const outcome = await http.stream(ASK, { question: "电子数据如何存证？" }, (event) => received.push(event));
      expect(outcome.code).toBe(ResultCode.success);
      expect(received).toEqual(EVENTS);
      // A finished stream counts as activity of the session, as a successful call does.
      expect(sessionStore.getUser()?.timestamp).toBe(T0);
    }
  });

  it("answers a refusal before the stream (a JSON envelope) with its code and message, and no event", async () => {
    const { http } = setup(() => Response.json({ code: 3812, message: "提问过于频繁，请一小时后再试", datas: null }));
    const onEvent = vi.fn();
    const outcome = await http.stream(ASK, { question: "电子数据如何存证？" }, onEvent);
    expect(outcome).toEqual({ code: 3812, message: "提问过于频繁，请一小时后再试", datas: null });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it("ends the user's session on 103 the way every call does: off a private page to the home page", async () => {
    const { http, sessionStore, navigate } = setup(() => Response.json({ code: 103, message: ResultMessage[103], datas: null }));
    const outcome = await http.stream(ASK, { question: "电子数据如何存证？" }, () => {});
    expect(outcome.code).toBe(103);
    expect(sessionStore.getUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/index");
  });

  it("on a public page a 3013 only drops the stored user", async () => {
    const { http, sessionStore, navigate } = setup(() => Response.json({ code: 3013, message: ResultMessage[3013], datas: null }), { location: { pathname: "/legalXGPT", search: "" } });
    await http.stream(ASK, { question: "电子数据如何存证？" }, () => {});
    expect(sessionStore.getUser()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("an HTTP error without an envelope becomes its code", async () => {
    const { http } = setup(() => new Response("<html>bad gateway</html>", { status: 504, headers: { "content-type": "text/html" } }));
    expect((await http.stream(ASK, { question: "电子数据如何存证？" }, () => {})).code).toBe(ResultCode.timeout);
  });

  it("stops at an event that breaks the contract and answers 500", async () => {
    const { http } = setup(() => eventStream(byteChunks(`${sse([EVENTS[1]])}data: {"type":"delta"}\n\n${sse([EVENTS[2]])}`, 8)));
    const received: AskEvent[] = [];
    const outcome = await http.stream(ASK, { question: "电子数据如何存证？" }, (event) => received.push(event));
    expect(outcome.code).toBe(ResultCode.serverError);
    expect(received).toEqual([EVENTS[1]]);
  });

  it("an abort mid-stream rejects (as a cancelled call does) after the events that had arrived", async () => {
    const controller = new AbortController();
    const encoder = new TextEncoder();
    const { http } = setup(
      ({ init }) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              stream.enqueue(encoder.encode(sse([EVENTS[0], EVENTS[1]])));
              init.signal?.addEventListener("abort", () => stream.error(new DOMException("The operation was aborted.", "AbortError")));
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    );
    const received: AskEvent[] = [];
    const pending = http.stream(ASK, { question: "电子数据如何存证？" }, (event) => {
      received.push(event);
      if (event.type === "delta") controller.abort();
    }, controller.signal);
    await expect(pending).rejects.toThrow(/abort/i);
    expect(received).toEqual([EVENTS[0], EVENTS[1]]);
  });

  it("a network failure before any answer is a 500, an abort before it rejects", async () => {
    const failing = setup(() => Promise.reject(new TypeError("fetch failed")));
    expect((await failing.http.stream(ASK, { question: "电子数据如何存证？" }, () => {})).code).toBe(ResultCode.serverError);
    const controller = new AbortController();
    controller.abort();
    const aborted = setup(() => Promise.reject(new DOMException("The operation was aborted.", "AbortError")));
    await expect(aborted.http.stream(ASK, { question: "电子数据如何存证？" }, () => {}, controller.signal)).rejects.toThrow(/abort/i);
  });
});
