import { z } from "zod";
import { CertificateNoSchema } from "./certificate-no";
import { endpoint } from "./contract";
import { pagePSchema, pageQuerySchema } from "./paging";

/**
 * The legal AI assistant (/legalXGPT, /legalAI; issue 19). A signed-in user asks a question about
 * electronic evidence; the server retrieves passages from our sources (help articles, law cases,
 * our own summaries of legal provisions) and answers with citations to them. Every citation names
 * its source, links to it and carries the SHA-256 of the exact text it quotes, so a reader can check
 * that the quote is the source's. With an OpenAI-compatible model configured the answer is written
 * by the model and streamed; without one (the default) the answer is extractive: the best passages
 * with their scores, under a label that says no model is connected. Nothing is ever invented.
 */

export const LEGAL_AI_MODES = {
  model: "大模型回答",
  extractive: "检索原文（未接入大模型）",
} as const;
export type LegalAiMode = keyof typeof LEGAL_AI_MODES;

/** Shown above every answer (and on the agreement page): it is not legal advice. */
export const NOT_LEGAL_ADVICE = "助手的回答仅供参考，不构成法律意见；涉及具体案件，请咨询执业律师并核对法律法规原文。";
/** The label of an extractive answer. */
export const EXTRACTIVE_LABEL = "本安装未接入大模型：以下是与您的问题最相关的原文段落及其相关度，不是生成的回答。";

export const QUESTION_MAX_LENGTH = 1000;
export const QuestionSchema = z
  .string({ error: "请输入问题" })
  .trim()
  .min(2, "问题至少2个字")
  .max(QUESTION_MAX_LENGTH, `问题不能超过${QUESTION_MAX_LENGTH}个字`);

/** Where a quoted passage comes from. */
export const SOURCE_KINDS = { article: "帮助文章", lawCase: "司法案例", rule: "法律规定" } as const;
export type SourceKind = keyof typeof SOURCE_KINDS;
export const SourceKindSchema = z.enum(Object.keys(SOURCE_KINDS) as [SourceKind, ...SourceKind[]]);

/** Where an article or case opens in the help centre (the client builds the /helpcenter link from it). */
export const HelpArticleLinkSchema = z.object({ code: z.string(), menuId: z.number().int(), articleId: z.number().int() });

/**
 * One citation: [index] in the answer's text refers to it. `label` is how a lawyer cites it: 《法律名称》第X条
 * for a rule, the title for an article or case. The client links it to its source: an article or
 * case by `article` (its help-centre page), a rule by sourceKind + sourceId (getSource, shown beside
 * the conversation); route paths stay in the client's registry. `sha256` is the lowercase hex
 * SHA-256 of the UTF-8 bytes of `quote`, the passage exactly as stored.
 */
export const CitationSchema = z.object({
  index: z.number().int().min(1),
  sourceKind: SourceKindSchema,
  sourceId: z.string(),
  label: z.string(),
  article: HelpArticleLinkSchema.nullable(),
  quote: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The retrieval score (higher is better): shown with extractive answers. */
  score: z.number(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const MESSAGE_ROLES = { user: "我", assistant: "助手" } as const;
export const LegalMessageSchema = z.object({
  messageId: z.number().int(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** Assistant messages only. */
  mode: z.enum(["model", "extractive"]).nullable(),
  citations: z.array(CitationSchema),
  createdAt: z.number().int(),
});
export type LegalMessage = z.infer<typeof LegalMessageSchema>;

export const ConversationIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "对话不存在或已删除");

export const ConversationSummarySchema = z.object({
  conversationId: z.string(),
  title: z.string(),
  updatedAt: z.number().int(),
  messageCount: z.number().int(),
  /**
   * Whether a share link is live. The link itself is shown once, when made: only its hash is
   * stored (a share id is a capability, and secrets never reach a stored record).
   */
  shared: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationSchema = ConversationSummarySchema.extend({ messages: z.array(LegalMessageSchema) });
export type Conversation = z.infer<typeof ConversationSchema>;

/** A shared copy as anyone with the link sees it: no owner, no share controls. */
export const SharedConversationSchema = z.object({
  title: z.string(),
  sharedAt: z.number().int(),
  messages: z.array(LegalMessageSchema),
});
export type SharedConversation = z.infer<typeof SharedConversationSchema>;
export const ShareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "分享链接无效或已被取消");

/**
 * The events of an answer's stream, in order: `start` (the conversation and the saved question),
 * any number of `delta` (text of the answer, to append), `citations` (once, when the text is
 * complete), then `done` with the saved answer; or `error` at any point, after which nothing is saved.
 */
export const AskEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), conversationId: z.string(), question: LegalMessageSchema, mode: z.enum(["model", "extractive"]) }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("citations"), citations: z.array(CitationSchema) }),
  z.object({ type: z.literal("done"), answer: LegalMessageSchema }),
  z.object({ type: z.literal("error"), code: z.number().int(), message: z.string() }),
]);
export type AskEvent = z.infer<typeof AskEventSchema>;

/** The Art. 17 factors of 人民法院在线诉讼规则, and what a certificate says about each. */
export const FACTOR_ANSWERS = { answered: "证书可以说明", partly: "证书部分说明", notAnswered: "证书无法说明" } as const;
export const CertificateFactorSchema = z.object({
  factor: z.number().int().min(1).max(4),
  /** Our own summary of the factor. */
  title: z.string(),
  answer: z.enum(Object.keys(FACTOR_ANSWERS) as [keyof typeof FACTOR_ANSWERS, ...(keyof typeof FACTOR_ANSWERS)[]]),
  findings: z.array(z.string()),
});
export const CertificateCheckSchema = z.object({
  certificateNo: z.string(),
  /** Art. 17 of 人民法院在线诉讼规则 among the rules we include; null while it is not included. */
  citation: CitationSchema.nullable(),
  factors: z.array(CertificateFactorSchema),
});
export type CertificateCheck = z.infer<typeof CertificateCheckSchema>;

/** A source as the citation's link shows it. */
export const LegalSourceSchema = z.object({
  sourceKind: SourceKindSchema,
  sourceId: z.string(),
  label: z.string(),
  /** Plain text of the whole source; every quote of it is a substring. */
  text: z.string(),
  sha256: z.string(),
});
export type LegalSource = z.infer<typeof LegalSourceSchema>;

export const AssistantStatusSchema = z.object({
  mode: z.enum(["model", "extractive"]),
  /** The configured model's name (LLM_MODEL), or null without one. */
  modelName: z.string().nullable(),
  questionsPerHour: z.number().int(),
});
export type AssistantStatus = z.infer<typeof AssistantStatusSchema>;

export const LegalAiCode = {
  conversationNotFound: 3810,
  shareNotFound: 3811,
  /** The user asked more than questionsPerHour in the last hour. */
  rateLimited: 3812,
  /** The certificate is unknown or not the caller's. */
  certificateNotFound: 3813,
  /** The configured model failed; the question was not saved. */
  modelFailed: 3814,
  sourceNotFound: 3815,
} as const;

export const LEGAL_AI_MESSAGES = {
  conversationNotFound: "对话不存在或已删除",
  shareNotFound: "分享链接无效或已被取消",
  rateLimited: "提问过于频繁，请一小时后再试",
  certificateNotFound: "未找到该证书，或该证书不属于您",
  modelFailed: "大模型服务暂时不可用，请稍后再试",
  sourceNotFound: "引用的来源不存在",
} as const;

const TAG = "法律AI助手";
const conversationInput = z.object({ conversationId: ConversationIdSchema });

export const LEGAL_AI_ENDPOINTS = {
  getAssistantStatus: endpoint({
    method: "GET",
    path: "/legalAI/v2/getAssistantStatus",
    input: z.object({}),
    datas: AssistantStatusSchema,
    session: "optional",
    tag: TAG,
    summary: "助手状态：是否接入大模型（model）或仅检索原文（extractive），以及提问频次限制",
  }),
  ask: endpoint({
    method: "POST",
    path: "/legalAI/v2/ask",
    input: z.object({ question: QuestionSchema, conversationId: ConversationIdSchema.optional() }),
    datas: AskEventSchema,
    stream: true,
    session: "user",
    tag: TAG,
    summary: "提问：检索来源后回答（大模型流式生成或检索原文），答 text/event-stream 事件流，每条附引用",
    description: "3810 对话不存在；3812 提问过于频繁；3814 大模型服务失败（问题不保存）。",
  }),
  getConversationList: endpoint({
    method: "GET",
    path: "/legalAI/v2/getConversationList",
    input: pageQuerySchema(),
    datas: z.object({ pageP: pagePSchema(ConversationSummarySchema) }),
    session: "user",
    tag: TAG,
    summary: "我的对话历史（新的在前）",
  }),
  getConversation: endpoint({
    method: "GET",
    path: "/legalAI/v2/getConversation",
    input: conversationInput,
    datas: ConversationSchema,
    session: "user",
    tag: TAG,
    summary: "一次对话的全部消息",
  }),
  deleteConversation: endpoint({
    method: "POST",
    path: "/legalAI/v2/deleteConversation",
    input: conversationInput,
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "删除对话（其分享链接随之失效）",
  }),
  shareConversation: endpoint({
    method: "POST",
    path: "/legalAI/v2/shareConversation",
    input: conversationInput,
    datas: z.object({ shareId: z.string() }),
    session: "user",
    tag: TAG,
    summary: "分享对话：生成只读链接（/legalXGPTShare?shareId=）；再次分享生成新链接，旧链接随即失效",
  }),
  revokeShare: endpoint({
    method: "POST",
    path: "/legalAI/v2/revokeShare",
    input: conversationInput,
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "取消分享：链接立即失效",
  }),
  getSharedConversation: endpoint({
    method: "GET",
    path: "/legalAI/v2/getSharedConversation",
    input: z.object({ shareId: ShareIdSchema }),
    datas: SharedConversationSchema,
    session: "tokenless",
    tag: TAG,
    summary: "分享的对话（只读）；已取消或不存在的答 3811",
  }),
  getSource: endpoint({
    method: "GET",
    path: "/legalAI/v2/getSource",
    input: z.object({ sourceKind: SourceKindSchema, sourceId: z.string().min(1).max(120) }),
    datas: LegalSourceSchema,
    session: "tokenless",
    tag: TAG,
    summary: "引用来源的全文（法律规定摘要、帮助文章、司法案例），供核对引文及其 SHA-256",
  }),
  checkCertificate: endpoint({
    method: "GET",
    path: "/legalAI/v2/checkCertificate",
    input: z.object({ certificateNo: CertificateNoSchema }),
    datas: CertificateCheckSchema,
    session: "user",
    tag: TAG,
    summary: "对照《人民法院在线诉讼规则》第十七条的审查因素，说明本人的存证证书能回答哪些",
  }),
};
