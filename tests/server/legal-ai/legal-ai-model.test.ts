import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { LEGAL_AI_ENDPOINTS, LegalAiCode } from "../../../src/schema/legal-ai.js";
import { computeSignature } from "../../../src/schema/signature.js";
import { sha256Hex } from "../../../server/plugins/signature.js";
import { contentReply, errorReply, startFakeOpenAiServer, toolCallReply, type FakeOpenAiServer } from "../../support/fake-openai-server.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { ask, eventOf, legalAiOptions } from "./legal-ai-fixtures.js";

const E = LEGAL_AI_ENDPOINTS;
const API_KEY = "sk-test-6d1f0c2a9b8e4f7d";

describe("legal assistant with an OpenAI-compatible model", () => {
  let model: FakeOpenAiServer;
  let t: TestApp;
  let user: RegisteredUser;

  beforeEach(async () => {
    model = await startFakeOpenAiServer();
    t = await createTestApp({ legalAi: legalAiOptions(), env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: API_KEY, LLM_MODEL: "fake-legal-model" } });
    user = await registerUser(t, "13700000011");
  });
  afterEach(async () => {
    await t.close();
    await model.close();
  });

  const conversations = async () => (await t.call(E.getConversationList, {}, { token: user.token })).json().datas.pageP;

  it("streams the model's answer; runs its search tool; cites the sources it used, renumbered", async () => {
    expect((await t.call(E.getAssistantStatus, {})).json().datas).toEqual({ mode: "model", modelName: "fake-legal-model", questionsPerHour: 30 });
    const question = "区块链存证的数据上链后还能被篡改吗";
    model.script(toolCallReply({ name: "search_legal_sources", arguments: { query: "聊天记录 区块链 采信" } }), (request) => {
      // The numbers our server gave the case and the rule, read from what it sent; [99] points nowhere.
      const offered = request.body.messages.map((message) => message.content ?? "").join("\n");
      const numberOf = (label: string) => offered.match(new RegExp(`^\\[(\\d+)\\] ${label}`, "m"))![1];
      const [lawCase, rule] = [numberOf("示例案例：区块链存证的聊天记录被采信"), numberOf("《人民法院在线诉讼规则》第十六条")];
      return contentReply(`根据示例案例，法院核验摘要一致后采信了区块链存证的聊天记录[${lawCase}]。按照在线诉讼规则，经技术核验一致的上链数据可以认定未被篡改[${rule}][99]。`, 3);
    });
    const events = await ask(t, user, question);

    const types = events.map((event) => event.type);
    expect(types[0]).toBe("start");
    expect(types.slice(-2)).toEqual(["citations", "done"]);
    const deltas = events.filter((event) => event.type === "delta").map((event) => (event as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(3);
    const { answer } = eventOf(events, "done");
    expect(deltas.join("")).toBe(answer.content);
    expect(answer.mode).toBe("model");
    // Renumbered by first appearance: the case becomes [1], the rule [2]; [99] is dropped.
    expect(answer.content).toBe("根据示例案例，法院核验摘要一致后采信了区块链存证的聊天记录[1]。按照在线诉讼规则，经技术核验一致的上链数据可以认定未被篡改[2]。");
    expect(answer.citations.map((citation) => [citation.index, citation.sourceKind, citation.sourceId])).toEqual([
      [1, "lawCase", "21"],
      [2, "rule", "online-litigation-rules:16"],
    ]);
    for (const citation of answer.citations) {
      const source = (await t.call(E.getSource, { sourceKind: citation.sourceKind, sourceId: citation.sourceId })).json().datas;
      expect(source.text).toContain(citation.quote);
      expect(citation.sha256).toBe(sha256Hex(citation.quote));
    }

    // What we sent: the key as a bearer token, a streaming request with our tool, the sources numbered.
    expect(model.requests).toHaveLength(2);
    const [first, second] = model.requests;
    expect(first.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first.body).toMatchObject({ model: "fake-legal-model", stream: true });
    expect(first.body.tools?.map((tool) => tool.function.name)).toEqual(["search_legal_sources"]);
    expect(first.body.messages[0].role).toBe("system");
    expect(first.body.messages[0].content).toMatch(/\[编号\]/);
    expect(first.body.messages.at(-1)!.content).toContain(`问题：${question}`);
    // The tool was executed and its results offered back to the model under the call's id.
    const toolMessage = second.body.messages.at(-1)!;
    expect(second.body.messages.at(-2)).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_1", function: { name: "search_legal_sources" } }] });
    expect(toolMessage).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(toolMessage.content).toContain("示例案例：区块链存证的聊天记录被采信");

    const saved = (await t.call(E.getConversation, { conversationId: eventOf(events, "start").conversationId }, { token: user.token })).json().datas;
    expect(saved.messages[1]).toEqual(answer);
    expect(t.logs.join("")).not.toContain(API_KEY);
  });

  it("asks again without the tool after three tool rounds", async () => {
    const search = { name: "search_legal_sources", arguments: { query: "存证证书" } };
    model.script(toolCallReply(search), toolCallReply(search), toolCallReply(search), contentReply("资料中没有直接回答这个问题的内容。"));
    const events = await ask(t, user, "存证证书的效力如何");
    expect(eventOf(events, "done").answer).toMatchObject({ content: "资料中没有直接回答这个问题的内容。", citations: [] });
    expect(model.requests.map((request) => request.body.tools?.length ?? 0)).toEqual([1, 1, 1, 0]);
  });

  it("a failing model ends the stream with 3814 and keeps neither the question nor an answer", async () => {
    model.script(errorReply(500));
    const failed = await ask(t, user, "电子数据如何存证");
    expect(failed.map((event) => event.type)).toEqual(["start", "error"]);
    expect(eventOf(failed, "error")).toEqual({ type: "error", code: LegalAiCode.modelFailed, message: "大模型服务暂时不可用，请稍后再试" });
    expect((await conversations()).totalRow).toBe(0);

    // A stream cut mid-answer: the deltas already shown are not saved either, in an existing conversation.
    model.script(contentReply("电子数据存证是"));
    const conversationId = eventOf(await ask(t, user, "电子数据如何存证"), "start").conversationId;
    model.script({ kind: "broken", chunks: ["根据", "来源"] });
    const broken = await ask(t, user, "存证证书记载什么", conversationId);
    expect(broken.at(-1)).toMatchObject({ type: "error", code: LegalAiCode.modelFailed });
    const saved = (await t.call(E.getConversation, { conversationId }, { token: user.token })).json().datas;
    expect(saved.messages.map((message: { content: string }) => message.content)).toEqual(["电子数据如何存证", "电子数据存证是"]);
    expect(t.logs.join("")).not.toContain(API_KEY);
  });

  it("a client that goes away mid-answer leaves nothing half saved", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    model.script({ kind: "hang", chunks: ["电子数据", "存证"] });
    const body = { question: "电子数据如何存证", token: user.token };
    const timestamp = t.clock.now();
    const signature = computeSignature({ ...body, timestamp }, sha256Hex);
    // A plain HTTP client that hangs up once the first delta has arrived.
    const contentType = await new Promise<string | undefined>((resolve, reject) => {
      const request = httpRequest(`http://127.0.0.1:${port}${webapiPath(E.ask)}?timestamp=${timestamp}&signature=${signature}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      request.on("error", () => undefined);
      request.on("response", (response) => {
        let received = "";
        response.on("data", (chunk: Buffer) => {
          received += chunk.toString("utf8");
          if (received.includes('"type":"delta"')) {
            request.destroy();
            resolve(response.headers["content-type"]);
          }
        });
        response.on("error", () => undefined);
      });
      request.on("close", () => reject(new Error("closed before a delta arrived")));
      request.end(JSON.stringify(body));
    });
    expect(contentType).toMatch(/^text\/event-stream/);
    // The model's request is abandoned and the question withdrawn.
    for (let i = 0; i < 200 && (await conversations()).totalRow > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await conversations()).totalRow).toBe(0);
    const rows = await t.database.handle.db.selectFrom("legal_messages").selectAll().execute();
    expect(rows).toEqual([]);
  });
});
