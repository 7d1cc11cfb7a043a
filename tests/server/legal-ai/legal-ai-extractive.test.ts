import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { LEGAL_AI_ENDPOINTS, LegalAiCode, type Citation } from "../../../src/schema/legal-ai.js";
import { passwordLogin, registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { ask, eventOf, legalAiOptions, TEST_ARTICLES, TestArticleSource } from "./legal-ai-fixtures.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const E = LEGAL_AI_ENDPOINTS;

describe("legal assistant without a model: extractive answers, history and shares", () => {
  let t: TestApp;
  let articles: TestArticleSource;
  let alice: RegisteredUser;
  let bob: RegisteredUser;

  beforeEach(async () => {
    articles = new TestArticleSource();
    t = await createTestApp({ legalAi: legalAiOptions(articles), env: { LEGAL_AI_QUESTIONS_PER_HOUR: "3" } });
    alice = await registerUser(t, "13700000001");
    bob = await registerUser(t, "13700000002");
  });
  afterEach(async () => t.close());

  const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user?: RegisteredUser) =>
    (await t.call(endpoint, params, user ? { token: user.token } : {})).json();

  it("says no model is connected and answers with the best passages, each quote verifiable against its source", async () => {
    expect((await call(E.getAssistantStatus, {})).datas).toEqual({ mode: "extractive", modelName: null, questionsPerHour: 3 });

    const events = await ask(t, alice, "区块链存证的电子数据上链后被篡改怎么办");
    expect(events.map((event) => event.type)).toEqual(["start", "citations", "done"]);
    const start = eventOf(events, "start");
    expect(start.mode).toBe("extractive");
    expect(start.question.content).toBe("区块链存证的电子数据上链后被篡改怎么办");
    const { answer } = eventOf(events, "done");
    expect(answer.mode).toBe("extractive");
    expect(answer.citations).toEqual(eventOf(events, "citations").citations);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.length).toBeLessThanOrEqual(5);
    expect(answer.citations).toContainEqual(
      expect.objectContaining({ sourceKind: "rule", sourceId: "online-litigation-rules:16", label: "《人民法院在线诉讼规则》第十六条", article: null }),
    );
    // Best first, numbered in order, each marker in the lead.
    const scores = answer.citations.map((citation) => citation.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    answer.citations.forEach((citation, i) => {
      expect(citation.index).toBe(i + 1);
      expect(answer.content).toContain(`[${i + 1}] ${citation.label}`);
    });
    for (const citation of answer.citations) await expectVerifiable(citation);

    const conversation = (await call(E.getConversation, { conversationId: start.conversationId }, alice)).datas;
    expect(conversation).toMatchObject({ title: "区块链存证的电子数据上链后被篡改怎么办", messageCount: 2, shared: false });
    expect(conversation.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant"]);
    expect(conversation.messages[1]).toEqual(answer);
  });

  async function expectVerifiable(citation: Citation) {
    expect(citation.sha256).toBe(sha256(citation.quote));
    const source = (await call(E.getSource, { sourceKind: citation.sourceKind, sourceId: citation.sourceId })).datas;
    expect(source.sha256).toBe(sha256(source.text));
    expect(source.text).toContain(citation.quote);
    expect(source.label).toBe(citation.label);
    if (citation.sourceKind !== "rule") {
      const article = TEST_ARTICLES.find((candidate) => String(candidate.articleId) === citation.sourceId)!;
      expect(citation.article).toEqual({ code: article.code, menuId: article.menuId, articleId: article.articleId });
    }
  }

  it("cites help articles and law cases by their help-centre place, and falls back to any word when no passage has them all", async () => {
    // No passage holds every word of this question: the fallback ORs its significant words.
    const { answer } = eventOf(await ask(t, alice, "聊天记录截图能不能作为证据被法院采信？"), "done");
    const lawCase = answer.citations.find((citation) => citation.sourceKind === "lawCase");
    expect(lawCase).toMatchObject({ sourceId: "21", label: "示例案例：区块链存证的聊天记录被采信", article: { code: "HLLAWCASE", menuId: 5, articleId: 21 } });
    for (const citation of answer.citations) await expectVerifiable(citation);

    const nothing = eventOf(await ask(t, alice, "房屋租赁押金"), "done").answer;
    expect(nothing.citations).toEqual([]);
    expect(nothing.content).toMatch(/未.*找到/);
  });

  it("follows the help centre: a changed article is re-cut, a withdrawn one is no longer cited or shown", async () => {
    expect(await passageRefs()).toEqual(expect.arrayContaining(["rule:online-litigation-rules:17#1", "article:11#1", "lawCase:21#1"]));
    const edited = { ...TEST_ARTICLES[1], text: "网页取证应在清洁环境中进行。\n取证节点的时钟与授时服务器同步，取证时间可以核对。" };
    articles.publish([edited, TEST_ARTICLES[2]]);
    await t.app.services.legalAi.library.refresh();
    expect((await passageRefs()).filter((ref) => ref.startsWith("article:11#"))).toEqual([]);
    const { answer } = eventOf(await ask(t, alice, "取证节点的时钟"), "done");
    expect(answer.citations[0]).toMatchObject({ sourceKind: "article", sourceId: "12", quote: edited.text });
    expect((await call(E.getSource, { sourceKind: "article", sourceId: "11" })).code).toBe(LegalAiCode.sourceNotFound);
    expect((await call(E.getSource, { sourceKind: "rule", sourceId: "no-such-law:1" })).code).toBe(LegalAiCode.sourceNotFound);

    // A restart indexes what is published then; what was withdrawn meanwhile leaves the index.
    t = await restartTestApp(t, { legalAi: legalAiOptions(new TestArticleSource([TEST_ARTICLES[2]])) });
    const refs = await passageRefs();
    expect(refs.filter((ref) => ref.startsWith("article:"))).toEqual([]);
    expect(refs).toContain("lawCase:21#1");
  });

  async function passageRefs(): Promise<string[]> {
    const rows = await t.database.handle.db.selectFrom("search_documents").select("ref").where("collection", "=", "passages").execute();
    return rows.map((row) => row.ref);
  }

  it("documents the answer as an event stream in the OpenAPI document", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/opendocs/json" })).json();
    const askDoc = document.paths[webapiPath(LEGAL_AI_ENDPOINTS.ask)].post;
    expect(Object.keys(askDoc.responses["200"].content)).toEqual(["text/event-stream"]);
    expect(JSON.stringify(askDoc.responses["200"].content["text/event-stream"].schema)).toContain("citations");
    expect(document.paths[webapiPath(LEGAL_AI_ENDPOINTS.getConversationList)].get.responses["200"].content["application/json"]).toBeDefined();
  });

  it("limits questions per user and hour, refusing with an envelope before any stream", async () => {
    for (let i = 0; i < 3; i++) eventOf(await ask(t, alice, `电子数据存证 ${i}`), "done");
    const refused = await t.call(E.ask, { question: "电子数据存证" }, { token: alice.token });
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({ code: LegalAiCode.rateLimited, message: "提问过于频繁，请一小时后再试" });
    // Someone else is not limited by it; deleting conversations does not give questions back.
    eventOf(await ask(t, bob, "电子数据存证"), "done");
    for (const summary of (await call(E.getConversationList, {}, alice)).datas.pageP.list) await call(E.deleteConversation, { conversationId: summary.conversationId }, alice);
    expect((await t.call(E.ask, { question: "电子数据存证" }, { token: alice.token })).json().code).toBe(LegalAiCode.rateLimited);
    t.clock.advance(60 * 60 * 1000 + 1);
    // The session has gone idle meanwhile: sign in again.
    const login = await passwordLogin(t, alice.account, alice.password);
    eventOf(await ask(t, { ...alice, token: login.datas.token }, "电子数据存证"), "done");
  });

  it("refuses bad questions with the contract's messages and keeps nothing", async () => {
    expect((await t.call(E.ask, { question: " 证" }, { token: alice.token })).json()).toMatchObject({ code: 1001 });
    expect((await t.call(E.ask, { question: "证".repeat(1001) }, { token: alice.token })).json().message).toContain("问题不能超过1000个字");
    expect((await t.call(E.ask, { question: "电子数据存证" })).json().code).toBe(102);
    expect((await call(E.getConversationList, {}, alice)).datas.pageP.totalRow).toBe(0);
  });

  it("keeps each user's conversations to that user; continues, lists newest first and deletes", async () => {
    const first = eventOf(await ask(t, alice, "什么是电子数据存证，证书上记载什么内容"), "start").conversationId;
    const second = eventOf(await ask(t, alice, "网页取证需要注意什么"), "start").conversationId;
    t.clock.advance(1000);
    const followUp = await ask(t, alice, "存证证书记载哪些内容", first);
    expect(eventOf(followUp, "start").conversationId).toBe(first);

    const list = (await call(E.getConversationList, {}, alice)).datas.pageP;
    expect(list.totalRow).toBe(2);
    expect(list.list.map((summary: { conversationId: string }) => summary.conversationId)).toEqual([first, second]);
    expect(list.list[0]).toMatchObject({ title: "什么是电子数据存证，证书上记载什么内容".slice(0, 30), messageCount: 4 });

    // Bob sees none of it and cannot continue, read, share or delete it.
    expect((await call(E.getConversationList, {}, bob)).datas.pageP.totalRow).toBe(0);
    for (const endpoint of [E.getConversation, E.deleteConversation, E.shareConversation, E.revokeShare]) {
      expect((await call(endpoint, { conversationId: first }, bob)).code).toBe(LegalAiCode.conversationNotFound);
    }
    expect((await t.call(E.ask, { question: "存证证书记载哪些内容", conversationId: first }, { token: bob.token })).json().code).toBe(LegalAiCode.conversationNotFound);
    expect((await call(E.getConversation, { conversationId: first }, alice)).datas.messages).toHaveLength(4);

    expect((await call(E.deleteConversation, { conversationId: first }, alice)).code).toBe(200);
    expect((await call(E.getConversation, { conversationId: first }, alice)).code).toBe(LegalAiCode.conversationNotFound);
    expect((await call(E.getConversationList, {}, alice)).datas.pageP.totalRow).toBe(1);
  });

  it("shares a read-only copy by a link shown once; a new share replaces it, revoking or deleting ends it", async () => {
    const conversationId = eventOf(await ask(t, alice, "什么是电子数据存证"), "start").conversationId;
    const { shareId } = (await call(E.shareConversation, { conversationId }, alice)).datas;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const shared = (await call(E.getSharedConversation, { shareId })).datas;
    expect(shared.title).toBe("什么是电子数据存证");
    expect(shared.messages).toEqual((await call(E.getConversation, { conversationId }, alice)).datas.messages);
    expect((await call(E.getConversationList, {}, alice)).datas.pageP.list[0].shared).toBe(true);
    // Only the share id's hash is stored.
    const row = await t.database.handle.db.selectFrom("legal_conversations").select("share_hash").executeTakeFirstOrThrow();
    expect(row.share_hash).toBe(sha256(shareId));

    const { shareId: renewed } = (await call(E.shareConversation, { conversationId }, alice)).datas;
    expect((await call(E.getSharedConversation, { shareId })).code).toBe(LegalAiCode.shareNotFound);
    expect((await call(E.getSharedConversation, { shareId: renewed })).code).toBe(200);
    // A share id is a capability: the request log never carries it.
    expect(t.logs.join("\n")).not.toContain(renewed);
    expect((await call(E.revokeShare, { conversationId }, alice)).code).toBe(200);
    expect((await call(E.getSharedConversation, { shareId: renewed })).code).toBe(LegalAiCode.shareNotFound);
    expect((await call(E.getConversationList, {}, alice)).datas.pageP.list[0].shared).toBe(false);

    const { shareId: last } = (await call(E.shareConversation, { conversationId }, alice)).datas;
    await call(E.deleteConversation, { conversationId }, alice);
    expect((await call(E.getSharedConversation, { shareId: last })).code).toBe(LegalAiCode.shareNotFound);
    expect((await call(E.getSharedConversation, { shareId: "not a share id!" })).code).toBe(1001);
  });
});
