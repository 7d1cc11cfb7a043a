import { createHash } from "node:crypto";
import { CitationSchema, LegalMessageSchema, type Citation, type LegalMessage } from "../../src/schema/legal-ai";

export const T = Date.parse("2026-11-20T02:00:00Z");
export const CONVERSATION_ID = "c".repeat(32);
export const OTHER_CONVERSATION_ID = "d".repeat(32);

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export const RULE_TEXT = "第十七条（摘要）当事人对区块链存储数据的真实性提出异议时，人民法院结合存证平台资质、技术手段、存证过程等因素审查。";
export const RULE_QUOTE = "人民法院结合存证平台资质、技术手段、存证过程等因素审查";

/** Citations as the server sends them, checked by the contract. */
export const ARTICLE_CITATION: Citation = CitationSchema.parse({
  index: 1,
  sourceKind: "article",
  sourceId: "article:12",
  label: "存证前需要准备什么",
  article: { code: "HLEVIDENCE", menuId: 3, articleId: 12 },
  quote: "存证前应确认文件完整，并保存好原始文件。",
  sha256: sha256("存证前应确认文件完整，并保存好原始文件。"),
  score: 0.912,
});
export const RULE_CITATION: Citation = CitationSchema.parse({
  index: 2,
  sourceKind: "rule",
  sourceId: "online-litigation-17",
  label: "《人民法院在线诉讼规则》第十七条",
  article: null,
  quote: RULE_QUOTE,
  sha256: sha256(RULE_QUOTE),
  score: 0.5,
});
export const RULE_SOURCE = { sourceKind: "rule", sourceId: "online-litigation-17", label: RULE_CITATION.label, text: RULE_TEXT, sha256: sha256(RULE_TEXT) };

export const question = (messageId: number, content: string): LegalMessage =>
  LegalMessageSchema.parse({ messageId, role: "user", content, mode: null, citations: [], createdAt: T });
export const answer = (messageId: number, content: string, mode: "model" | "extractive", citations: Citation[]): LegalMessage =>
  LegalMessageSchema.parse({ messageId, role: "assistant", content, mode, citations, createdAt: T + 1000 });

export const summary = (conversationId: string, title: string, shared = false) => ({ conversationId, title, updatedAt: T, messageCount: 2, shared });
export const page = <Item>(list: Item[]) => ({ pageP: { list, pageNumber: 1, pageSize: 10, totalPage: list.length > 0 ? 1 : 0, totalRow: list.length } });
