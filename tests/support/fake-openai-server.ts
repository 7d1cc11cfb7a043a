import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenAI-compatible chat-completions server (POST /v1/chat/completions, streaming only)
 * whose answers a test scripts, one per request in order (a reply or a function of the request):
 * - `contentReply(text)`: the text as `choices[0].delta.content` chunks, then finish_reason "stop";
 * - `toolCallReply({ name, arguments })`: tool calls as `delta.tool_calls` pieces (id and name
 *   first, the arguments in two parts), then finish_reason "tool_calls";
 * - `errorReply(status)`: an OpenAI-style error body with that status;
 * - `{ kind: "broken", chunks }`: the chunks, then the connection is cut (no [DONE]);
 * - `{ kind: "hang", chunks }`: the chunks, then nothing until the client goes away or the server closes.
 * Every stream ends with `data: [DONE]` (except broken and hang). It records each request (its
 * Authorization header and JSON body) so a test can assert what was sent. A request with no reply
 * left is answered 500.
 */
export type FakeReply =
  | { kind: "content"; chunks: string[] }
  | { kind: "toolCalls"; calls: { id?: string; name: string; arguments: string }[] }
  | { kind: "error"; status: number; message: string }
  | { kind: "broken"; chunks: string[] }
  | { kind: "hang"; chunks: string[] };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string } }[];
  };
}

export interface FakeOpenAiServer {
  /** What LLM_BASE_URL is set to: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Queues replies for the next requests, in order; a function is called with the request it
   * answers (to cite the numbers our server gave its sources, say).
   */
  script(...replies: (FakeReply | ((request: RecordedRequest) => FakeReply))[]): void;
  close(): Promise<void>;
}

/** Splits `text` into chunks of `size` characters (code points), as a model streams it. */
export function contentReply(text: string, size = 4): FakeReply {
  const characters = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < characters.length; i += size) chunks.push(characters.slice(i, i + size).join(""));
  return { kind: "content", chunks };
}

export function toolCallReply(...calls: { name: string; arguments: Record<string, unknown> }[]): FakeReply {
  return { kind: "toolCalls", calls: calls.map((call, i) => ({ id: `call_${i + 1}`, name: call.name, arguments: JSON.stringify(call.arguments) })) };
}

export function errorReply(status: number, message = "scripted failure"): FakeReply {
  return { kind: "error", status, message };
}

export async function startFakeOpenAiServer(options: { chunkDelayMs?: number } = {}): Promise<FakeOpenAiServer> {
  const replies: (FakeReply | ((request: RecordedRequest) => FakeReply))[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const delay = () => new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs ?? 1));

  const server = createServer(async (request, response) => {
    open.add(response);
    response.once("close", () => open.delete(response));
    const body = await readJson(request);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions" || !body) {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const recorded: RecordedRequest = { path: request.url, authorization: request.headers.authorization, body: body as RecordedRequest["body"] };
    requests.push(recorded);
    const next = replies.shift() ?? errorReply(500, "no scripted reply left");
    const reply = typeof next === "function" ? next(recorded) : next;
    if (reply.kind === "error") {
      response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: reply.message, type: "server_error" } }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = async (delta: Record<string, unknown>, finish: string | null = null) => {
      await delay();
      if (response.destroyed) return;
      response.write(`data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", model: (body as { model?: string }).model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    };
    await send({ role: "assistant", content: "" });
    if (reply.kind === "toolCalls") {
      for (const [index, call] of reply.calls.entries()) {
        await send({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
        const half = Math.ceil(call.arguments.length / 2);
        for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)]) await send({ tool_calls: [{ index, function: { arguments: part } }] });
      }
      await send({}, "tool_calls");
    } else {
      for (const chunk of reply.chunks) await send({ content: chunk });
      if (reply.kind === "broken") {
        response.destroy();
        return;
      }
      if (reply.kind === "hang") return;
      await send({}, "stop");
    }
    if (!response.destroyed) response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => void replies.push(...next),
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString("utf8"));
  } catch {
    return null;
  }
}
