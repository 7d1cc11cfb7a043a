import { expect } from "vitest";
import { AskEventSchema, LEGAL_AI_ENDPOINTS, type AskEvent } from "../../../src/schema/legal-ai.js";
import type { ArticleSource, SourceArticle } from "../../../server/modules/legal-ai/article-source.js";
import type { LegalRule } from "../../../server/modules/legal-ai/sources/legal-rule.js";
import type { RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";

/**
 * What the legal assistant's tests read: rules and articles of our own (illustrative summaries
 * written for these tests) and the help centre's articles through the assistant's port; passages
 * are indexed in the platform's search index on the test's database.
 */

export const TEST_RULES: LegalRule[] = [
  {
    id: "online-litigation-rules:16",
    law: "人民法院在线诉讼规则",
    article: "第十六条",
    summary: "本条大意：当事人提交的电子数据是通过区块链技术存储、并且经过技术核验一致的，法院可以认定该数据上链之后没有被篡改；有足以推翻的相反证据的除外。",
  },
  {
    id: "online-litigation-rules:17",
    law: "人民法院在线诉讼规则",
    article: "第十七条",
    summary:
      "本条大意：对区块链存储数据的真实性有异议并有合理理由时，法院综合考虑四个方面：存证平台是否符合国家关于区块链存证服务的规定；当事人与存证平台有无利害关系、是否用技术手段干预取证存证；平台信息系统是否符合清洁性、安全性、可靠性等标准；存证技术和过程是否符合系统环境、技术安全、加密方式、数据传输、信息验证等方面的标准。",
  },
  {
    id: "civil-procedure-law:66",
    law: "中华人民共和国民事诉讼法",
    article: "第六十六条",
    summary: "本条大意：民事诉讼的证据包括当事人陈述、书证、物证、视听资料、电子数据、证人证言、鉴定意见和勘验笔录，证据必须查证属实，才能作为认定事实的根据。",
  },
];

const paragraph = (...sentences: string[]) => sentences.join("");

export const TEST_ARTICLES: SourceArticle[] = [
  {
    articleId: 11,
    menuId: 3,
    code: "HLEVIDENCE",
    title: "什么是电子数据存证",
    text: [
      paragraph(
        "电子数据存证是把网页、聊天记录、合同文件等电子数据在产生或发现时固定下来的过程。",
        "平台在存证时计算文件的 SHA-256 和 SM3 摘要，把摘要写入账本，并签发存证证书。",
        "日后只要重新计算文件的摘要并与证书记载的摘要比对，就能判断文件是否被改动过。",
      ),
      paragraph(
        "存证证书记载证书编号、持有人、存证时间和摘要值。",
        "证书本身不保存文件原文，原文由持有人或平台妥善保管，提交法院时原文和证书要一起提供。",
      ),
      paragraph("公证与存证不同：公证是公证机构对事实的证明，存证是以技术手段固定电子数据，两者可以配合使用。"),
    ].join("\n"),
  },
  {
    articleId: 12,
    menuId: 3,
    code: "HLEVIDENCE",
    title: "网页取证需要注意什么",
    text: [
      paragraph(
        "网页取证应当在清洁的环境中进行：取证所用的浏览器和网络不应被当事人控制，取证过程要有完整的记录。",
        "本平台的网页取证在平台自己的浏览器中打开网页，记录请求的地址、时间和取证节点，并把网页内容打包保存。",
      ),
      paragraph("取证完成后，平台对取证包进行质量检查，检查主文档的状态码和失败的请求，发现问题会提示持有人复核。"),
    ].join("\n"),
  },
  {
    articleId: 21,
    menuId: 5,
    code: "HLLAWCASE",
    title: "示例案例：区块链存证的聊天记录被采信",
    text: [
      paragraph(
        "（本案为说明用途编写的示例，不是真实案件。）原告主张被告拖欠货款，提交了经区块链存证的聊天记录截图及其存证证书。",
        "被告对聊天记录的真实性提出异议，但没有提供相反证据。",
      ),
      paragraph(
        "法院经核验，截图的摘要与存证证书记载的摘要一致，存证记录包含在平台签名的检查点中，认定该聊天记录上链后未被篡改，予以采信。",
      ),
    ].join("\n"),
  },
];

/** The help centre's published articles as a list a test edits; each edit notifies like a publication. */
export class TestArticleSource implements ArticleSource {
  private readonly listeners = new Set<() => void>();

  constructor(public articles: SourceArticle[] = [...TEST_ARTICLES]) {}

  async publishedArticles() {
    return this.articles;
  }

  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  publish(articles: SourceArticle[]) {
    this.articles = articles;
    for (const listener of this.listeners) listener();
  }
}

export function legalAiOptions(articles = new TestArticleSource()) {
  return { articles, rules: TEST_RULES };
}

/** The events of a server-sent event stream's body, each validated against the contract. */
export function parseEvents(body: string): AskEvent[] {
  return body
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => AskEventSchema.parse(JSON.parse(block.slice("data: ".length))));
}

/** Asks through the contract's call; the answer must be a stream (an envelope fails the test). */
export async function ask(t: TestApp, user: RegisteredUser, question: string, conversationId?: string): Promise<AskEvent[]> {
  const response = await t.call(LEGAL_AI_ENDPOINTS.ask, { question, ...(conversationId ? { conversationId } : {}) }, { token: user.token });
  expect(response.headers["content-type"], response.body).toMatch(/^text\/event-stream/);
  return parseEvents(response.body);
}

export function eventOf<T extends AskEvent["type"]>(events: AskEvent[], type: T): Extract<AskEvent, { type: T }> {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`no ${type} event in ${JSON.stringify(events)}`);
  return event as Extract<AskEvent, { type: T }>;
}
