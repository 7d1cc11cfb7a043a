import type { Citation } from "../../../src/schema/legal-ai.js";
import type { SearchIndex } from "../../search/search-index.js";
import { CitationRewriter, NumberedSources } from "./citation-numbering.js";
import type { ChatMessage, LlmProvider, ToolDefinition } from "./llm-provider.js";
import type { PassageLibrary } from "./passage-library.js";
import { retrievePassages, type ScoredPassage } from "./retrieval.js";

export const SEARCH_TOOL_NAME = "search_legal_sources";
/** Tool rounds before the model must answer from what it has. */
export const MAX_TOOL_ROUNDS = 3;
const FIRST_PASSAGES = 6;
const TOOL_PASSAGES = 5;
/** Earlier messages of the conversation sent along, for follow-up questions. */
const HISTORY_MESSAGES = 6;

const SYSTEM_PROMPT = [
  "你是电子证据平台的法律资料助手，回答用户关于电子证据、存证、取证与诉讼的问题。",
  "只能依据编号的参考来源回答，每一处依据都用 [编号] 标注出处，例如 [1] 或 [2][3]；不要引用未提供的来源。",
  "参考来源不足以回答时，明确说明资料中没有答案，可以调用 search_legal_sources 工具用其他关键词检索更多来源。",
  "不得编造法律条文、条文编号、案例或事实；不要给出针对具体案件的结论。",
  "你的回答仅供参考，不构成法律意见。请用简体中文回答。",
].join("\n");

const SEARCH_TOOL: ToolDefinition = {
  type: "function",
  function: {
    name: SEARCH_TOOL_NAME,
    description: "检索本平台收录的法律规定摘要、帮助文章和司法案例，返回编号的原文段落，可在回答中用 [编号] 引用。",
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: "检索用的中文关键词或问题" } },
      required: ["query"],
    },
  },
};

function formatSources(numbered: readonly { number: number; scored: ScoredPassage }[]): string {
  if (numbered.length === 0) return "（没有找到相关来源）";
  return numbered.map(({ number, scored }) => `[${number}] ${scored.passage.source.label}\n${scored.passage.text}`).join("\n\n");
}

export interface ModelAnswerInput {
  question: string;
  /** The conversation so far, oldest first. */
  history: readonly { role: "user" | "assistant"; content: string }[];
  onDelta: (text: string) => void;
  signal: AbortSignal;
}

/**
 * An answer written by the model from retrieved passages: the best passages for the question are
 * offered numbered, and the model may search for more with the search_legal_sources tool (at most
 * MAX_TOOL_ROUNDS rounds; then it is asked again without the tool). The text streams through
 * `onDelta` with its citations renumbered (CitationRewriter). Throws LlmError when the model fails.
 */
export async function answerWithModel(
  deps: { llm: LlmProvider; search: SearchIndex; library: PassageLibrary },
  input: ModelAnswerInput,
): Promise<{ content: string; citations: Citation[] }> {
  const retrieve = (query: string, limit: number) => retrievePassages(deps.search, deps.library, query, limit);
  const sources = new NumberedSources();
  const first = sources.add(await retrieve(input.question, FIRST_PASSAGES));
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM_PROMPT },
    ...input.history.slice(-HISTORY_MESSAGES).map((message) => ({ role: message.role, content: message.content })),
    { role: "user", content: `参考来源：\n${formatSources(first)}\n\n问题：${input.question}` },
  ];
  const rewriter = new CitationRewriter(sources);
  const emit = (text: string) => text && input.onDelta(text);

  for (let round = 0; ; round++) {
    const toolsAllowed = round < MAX_TOOL_ROUNDS;
    const turn = await deps.llm.complete({ messages, ...(toolsAllowed ? { tools: [SEARCH_TOOL] } : {}) }, (delta) => emit(rewriter.feed(delta)), input.signal);
    if (turn.toolCalls.length === 0 || !toolsAllowed) break;
    messages.push({ role: "assistant", content: turn.content || null, tool_calls: turn.toolCalls });
    for (const call of turn.toolCalls) {
      const query = call.function.name === SEARCH_TOOL_NAME ? queryOf(call.function.arguments) : null;
      const content = query === null ? `无法执行：只能调用 ${SEARCH_TOOL_NAME}，参数为 {"query": "关键词"}` : formatSources(sources.add(await retrieve(query, TOOL_PASSAGES)));
      messages.push({ role: "tool", tool_call_id: call.id, content });
    }
  }
  emit(rewriter.flush());
  return { content: rewriter.text, citations: rewriter.citations() };
}

function queryOf(argumentsJson: string): string | null {
  try {
    const query = (JSON.parse(argumentsJson) as { query?: unknown }).query;
    return typeof query === "string" && query.trim() ? query.trim() : null;
  } catch {
    return null;
  }
}
