/** The OpenAI chat-completions shapes the assistant uses (a subset: text, function tools). */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
export interface ToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** One model turn: its text and the tools it asked to call. */
export interface LlmTurn {
  content: string;
  toolCalls: ToolCall[];
}

/** Any failure of the model service: unreachable, an error status, a broken stream, too slow. */
export class LlmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmError";
  }
}

/** A chat model that streams its answer. */
export interface LlmProvider {
  readonly model: string;
  /** Streams one completion, handing each piece of text to `onDelta` as it arrives; resolves with the whole turn. */
  complete(request: { messages: ChatMessage[]; tools?: ToolDefinition[] }, onDelta: (text: string) => void, signal: AbortSignal): Promise<LlmTurn>;
}

type ChunkDelta = { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] };
type Chunk = { choices?: { delta?: ChunkDelta; finish_reason?: string | null }[] };

/**
 * An OpenAI-compatible service (`POST ${baseUrl}/chat/completions`, `stream: true`, bearer key):
 * server-sent events of `data: {chunk}` lines ending with `data: [DONE]`. Tool calls arrive in
 * pieces by index and are joined here. The key is sent to the service only, never logged or shown.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly model: string;

  constructor(private readonly options: { baseUrl: string; apiKey: string; model: string; timeoutMs?: number }) {
    this.model = options.model;
  }

  async complete(request: { messages: ChatMessage[]; tools?: ToolDefinition[] }, onDelta: (text: string) => void, signal: AbortSignal): Promise<LlmTurn> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs ?? 120_000);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${this.options.apiKey}` },
        body: JSON.stringify({ model: this.model, messages: request.messages, stream: true, ...(request.tools?.length ? { tools: request.tools } : {}) }),
        signal: AbortSignal.any([signal, deadline]),
      });
    } catch (error) {
      throw new LlmError(deadline.aborted ? "model service timed out" : `model service unreachable: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new LlmError(`model service answered HTTP ${response.status}`);
    }
    const turn: LlmTurn = { content: "", toolCalls: [] };
    let finished = false;
    try {
      for await (const data of sseData(response.body)) {
        if (data === "[DONE]") {
          finished = true;
          break;
        }
        const choice = parseChunk(data).choices?.[0];
        if (!choice) continue;
        if (choice.delta?.content) {
          turn.content += choice.delta.content;
          onDelta(choice.delta.content);
        }
        for (const piece of choice.delta?.tool_calls ?? []) {
          const call = (turn.toolCalls[piece.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
          if (piece.id) call.id = piece.id;
          call.function.name += piece.function?.name ?? "";
          call.function.arguments += piece.function?.arguments ?? "";
        }
        if (choice.finish_reason) finished = true;
      }
    } catch (error) {
      if (error instanceof LlmError) throw error;
      throw new LlmError(deadline.aborted ? "model service timed out" : `model stream broken: ${(error as Error).message}`);
    }
    if (!finished) throw new LlmError("model stream ended before the answer was complete");
    turn.toolCalls = turn.toolCalls.filter(Boolean);
    return turn;
  }
}

function parseChunk(data: string): Chunk {
  try {
    return JSON.parse(data) as Chunk;
  } catch {
    throw new LlmError("model stream sent a chunk that is not JSON");
  }
}

/** The `data:` payloads of a server-sent event stream (events of several data lines joined by newlines). */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  let lines: string[] = [];
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(buffer[newline] === "\r" ? newline + 2 : newline + 1);
      if (line === "") {
        if (lines.length > 0) yield lines.join("\n");
        lines = [];
      } else if (line.startsWith("data:")) lines.push(line.slice(5).replace(/^ /, ""));
    }
  }
  if (lines.length > 0) yield lines.join("\n");
}
