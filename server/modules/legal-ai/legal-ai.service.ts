import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  LEGAL_AI_MESSAGES,
  LegalAiCode,
  type AskEvent,
  type AssistantStatus,
  type Citation,
  type Conversation,
  type ConversationSummary,
  type LegalMessage,
  type LegalSource,
  type SharedConversation,
  type SourceKind,
} from "../../../src/schema/legal-ai.js";
import { ResultCode, ResultMessage } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { SendEvent } from "../../http/event-stream.js";
import type { SearchIndex } from "../../search/search-index.js";
import { citationOf } from "./citation-numbering.js";
import type { LegalAiRepository, ConversationRow, MessageRow } from "./legal-ai.repository.js";
import { LlmError, type LlmProvider } from "./llm-provider.js";
import { answerWithModel } from "./model-answer.js";
import { sha256Hex, type PassageLibrary } from "./passage-library.js";
import { retrievePassages } from "./retrieval.js";

const HOUR = 60 * 60 * 1000;
const TITLE_LENGTH = 30;
/** Passages an extractive answer shows. */
const EXTRACTIVE_PASSAGES = 5;
const NOTHING_FOUND = "未在本平台收录的法律规定摘要、帮助文章和司法案例中找到与您的问题相关的内容，请换个说法或使用更具体的关键词。";

export interface LegalAiServiceDependencies {
  db: Kysely<Database>;
  repository: LegalAiRepository;
  library: PassageLibrary;
  search: SearchIndex;
  /** The configured model; null answers extractively. */
  llm: LlmProvider | null;
  questionsPerHour: number;
  now: () => number;
  log: FastifyBaseLogger;
}

/** A question accepted and saved, about to be answered. */
export interface AcceptedQuestion {
  conversation: ConversationRow;
  /** This ask made the conversation: withdrawing the question removes it again. */
  created: boolean;
  question: LegalMessage;
  /** The conversation before this question, oldest first. */
  history: { role: "user" | "assistant"; content: string }[];
}

function messageOf(row: MessageRow): LegalMessage {
  return {
    messageId: Number(row.id),
    role: row.role,
    content: row.content,
    mode: row.mode,
    citations: JSON.parse(row.citations_json) as Citation[],
    createdAt: Number(row.created_at),
  };
}

const hashShareId = (shareId: string) => createHash("sha256").update(shareId, "utf8").digest("hex");

/**
 * The legal assistant's use cases: asking (accept, then answer as a stream of events), the owner's
 * history and share links, and the sources its citations link to. A question is saved when
 * accepted (its hourly-limit row too); an answer is saved only complete, together with its
 * citations. When the answer cannot be completed (the model failed, the client went away) the
 * question is withdrawn again (with the conversation it opened), so a conversation never holds a
 * question without its answer; the limit row stays, since the question was asked.
 */
export class LegalAiService {
  constructor(private readonly deps: LegalAiServiceDependencies) {}

  status(): AssistantStatus {
    return { mode: this.mode, modelName: this.deps.llm?.model ?? null, questionsPerHour: this.deps.questionsPerHour };
  }

  private get mode(): "model" | "extractive" {
    return this.deps.llm ? "model" : "extractive";
  }

  /** Refusals here (3810, 3812) are envelopes: nothing has been streamed yet. */
  async accept(userId: number, input: { question: string; conversationId?: string }): Promise<AcceptedQuestion> {
    const now = this.deps.now();
    const { repository } = this.deps;
    return durableTransaction(this.deps.db, async (trx) => {
      let conversation = input.conversationId ? await repository.findOwn(userId, input.conversationId, trx) : undefined;
      if (input.conversationId && !conversation) throw new BusinessError(LegalAiCode.conversationNotFound, LEGAL_AI_MESSAGES.conversationNotFound);
      if ((await repository.countQuestionsSince(trx, userId, now - HOUR)) >= this.deps.questionsPerHour) {
        throw new BusinessError(LegalAiCode.rateLimited, LEGAL_AI_MESSAGES.rateLimited);
      }
      await repository.recordQuestion(trx, userId, now);
      const created = !conversation;
      if (!conversation) {
        const row = { uid: randomBytes(16).toString("hex"), user_id: userId, title: Array.from(input.question).slice(0, TITLE_LENGTH).join(""), share_hash: null, shared_at: null, created_at: now, updated_at: now };
        conversation = { ...row, id: await repository.insertConversation(trx, row) };
      }
      const history = (await repository.messages(conversation.id, trx)).map((row) => ({ role: row.role, content: row.content }));
      const questionRow = { conversation_id: conversation.id, role: "user" as const, content: input.question, mode: null, citations_json: "[]", created_at: now };
      const questionId = await repository.insertMessage(trx, questionRow);
      await repository.touch(trx, conversation.id, now);
      return { conversation, created, question: messageOf({ ...questionRow, id: questionId }), history };
    });
  }

  /** Streams the answer to an accepted question: start, deltas (model), citations, done; or an error event. */
  async answer(accepted: AcceptedQuestion, send: SendEvent<AskEvent>, signal: AbortSignal): Promise<void> {
    send({ type: "start", conversationId: accepted.conversation.uid, question: accepted.question, mode: this.mode });
    let answer: { content: string; citations: Citation[] };
    try {
      answer = this.deps.llm
        ? await answerWithModel(
            { llm: this.deps.llm, search: this.deps.search, library: this.deps.library },
            { question: accepted.question.content, history: accepted.history, signal, onDelta: (text) => send({ type: "delta", text }) },
          )
        : await this.extractive(accepted.question.content);
      if (signal.aborted) throw signal.reason;
    } catch (error) {
      await this.withdraw(accepted);
      if (signal.aborted) return;
      if (error instanceof LlmError) {
        // The message says what failed (status, timeout); the request and its key are not logged.
        this.deps.log.warn({ reason: error.message }, "legal assistant: model failed");
        send({ type: "error", code: LegalAiCode.modelFailed, message: LEGAL_AI_MESSAGES.modelFailed });
        return;
      }
      this.deps.log.error({ err: error }, "legal assistant: answering failed");
      send({ type: "error", code: ResultCode.serverError, message: ResultMessage[ResultCode.serverError] });
      return;
    }
    send({ type: "citations", citations: answer.citations });
    const now = this.deps.now();
    const row = { conversation_id: accepted.conversation.id, role: "assistant" as const, content: answer.content, mode: this.mode, citations_json: JSON.stringify(answer.citations), created_at: now };
    const id = await durableTransaction(this.deps.db, async (trx) => {
      const inserted = await this.deps.repository.insertMessage(trx, row);
      await this.deps.repository.touch(trx, accepted.conversation.id, now);
      return inserted;
    });
    send({ type: "done", answer: messageOf({ ...row, id }) });
  }

  /** No model: the best passages as they are, with their scores, under a lead that invents nothing (the client shows EXTRACTIVE_LABEL by the mode). */
  private async extractive(question: string): Promise<{ content: string; citations: Citation[] }> {
    const found = await retrievePassages(this.deps.search, this.deps.library, question, EXTRACTIVE_PASSAGES);
    if (found.length === 0) return { content: NOTHING_FOUND, citations: [] };
    const citations = found.map((scored, i) => citationOf(i + 1, scored));
    const lines = citations.map((citation) => `[${citation.index}] ${citation.label}`);
    return { content: [`与您的问题最相关的 ${citations.length} 段原文如下（按相关度排序）：`, ...lines].join("\n"), citations };
  }

  private async withdraw(accepted: AcceptedQuestion): Promise<void> {
    await durableTransaction(this.deps.db, async (trx) => {
      await this.deps.repository.deleteMessage(trx, accepted.question.messageId);
      if (accepted.created && (await this.deps.repository.countMessages(accepted.conversation.id, trx)) === 0) {
        await this.deps.repository.deleteConversation(trx, accepted.conversation.id);
      }
    });
  }

  async list(userId: number, paging: { pageNumber: number; pageSize: number }): Promise<{ pageP: PageP<ConversationSummary> }> {
    const { rows, total } = await this.deps.repository.page(userId, paging);
    return {
      pageP: {
        list: rows.map((row) => this.summaryOf(row, row.message_count)),
        pageNumber: paging.pageNumber,
        pageSize: paging.pageSize,
        totalRow: total,
        totalPage: Math.ceil(total / paging.pageSize),
      },
    };
  }

  async conversation(userId: number, uid: string): Promise<Conversation> {
    const row = await this.own(userId, uid);
    const messages = (await this.deps.repository.messages(row.id)).map(messageOf);
    return { ...this.summaryOf(row, messages.length), messages };
  }

  async delete(userId: number, uid: string): Promise<void> {
    const row = await this.own(userId, uid);
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.deleteConversation(trx, row.id));
  }

  /** A new share id (shown once; only its hash is kept): the earlier link stops working. */
  async share(userId: number, uid: string): Promise<{ shareId: string }> {
    const row = await this.own(userId, uid);
    const shareId = randomBytes(32).toString("base64url");
    await this.deps.repository.setShare(row.id, { hash: hashShareId(shareId), at: this.deps.now() });
    return { shareId };
  }

  async revoke(userId: number, uid: string): Promise<void> {
    const row = await this.own(userId, uid);
    await this.deps.repository.setShare(row.id, null);
  }

  async shared(shareId: string): Promise<SharedConversation> {
    const row = await this.deps.repository.findByShareHash(hashShareId(shareId));
    if (!row || row.shared_at === null) throw new BusinessError(LegalAiCode.shareNotFound, LEGAL_AI_MESSAGES.shareNotFound);
    const messages = (await this.deps.repository.messages(row.id)).map(messageOf);
    return { title: row.title, sharedAt: Number(row.shared_at), messages };
  }

  source(kind: SourceKind, sourceId: string): LegalSource {
    const source = this.deps.library.source(kind, sourceId);
    if (!source) throw new BusinessError(LegalAiCode.sourceNotFound, LEGAL_AI_MESSAGES.sourceNotFound);
    return { sourceKind: source.kind, sourceId: source.sourceId, label: source.label, text: source.text, sha256: sha256Hex(source.text) };
  }

  private async own(userId: number, uid: string): Promise<ConversationRow> {
    const row = await this.deps.repository.findOwn(userId, uid);
    if (!row) throw new BusinessError(LegalAiCode.conversationNotFound, LEGAL_AI_MESSAGES.conversationNotFound);
    return row;
  }

  private summaryOf(row: ConversationRow, messageCount: number): ConversationSummary {
    return { conversationId: row.uid, title: row.title, updatedAt: Number(row.updated_at), messageCount, shared: row.share_hash !== null };
  }
}
