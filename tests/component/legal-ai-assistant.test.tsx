import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LegalXgptPage } from "../../src/pages/public/legal-ai/legal-xgpt-page";
import { EXTRACTIVE_LABEL, LEGAL_AI_ENDPOINTS, LEGAL_AI_MESSAGES, NOT_LEGAL_ADVICE, QUESTION_MAX_LENGTH } from "../../src/schema/legal-ai";
import { fail, ok } from "./account-harness";
import { renderLegalAiPage, SIGNED_IN, type HeldStream } from "./legal-ai-harness";
import { answer, ARTICLE_CITATION, CONVERSATION_ID, page, question, RULE_CITATION, summary } from "./legal-ai-fixtures";

const EXTRACTIVE_STATUS = ok({ mode: "extractive", modelName: null, questionsPerHour: 30 });
const QUESTION = "电子合同的聊天记录怎样存证？";

function renderAssistant(script: Parameters<typeof renderLegalAiPage>[0]["script"] = {}, { visitor = false } = {}) {
  return renderLegalAiPage({
    path: "/legalXGPT",
    element: <LegalXgptPage />,
    user: visitor ? undefined : SIGNED_IN,
    script: { [LEGAL_AI_ENDPOINTS.getAssistantStatus.path]: EXTRACTIVE_STATUS, [LEGAL_AI_ENDPOINTS.getConversationList.path]: ok(page([])), ...script },
  });
}

const questionBox = () => screen.getByLabelText("您的问题");

async function askQuestion(text = QUESTION) {
  fireEvent.change(await screen.findByLabelText("您的问题"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "发送" }));
}

const conversationCard = () => screen.getByLabelText("您的问题").closest(".ant-card") as HTMLElement;
const act$ = (work: () => void) => act(async () => work());

describe("/legalXGPT for a visitor", () => {
  it("shows the status, the not-legal-advice statement and a login prompt that comes back here, and no input", async () => {
    renderAssistant({}, { visitor: true });
    expect(await screen.findByText(EXTRACTIVE_LABEL)).toBeInTheDocument();
    expect(screen.getByText("每个账号每小时最多提问 30 次。")).toBeInTheDocument();
    expect(screen.getByText(NOT_LEGAL_ADVICE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "登录后提问" })).toHaveAttribute("href", "/login?redirect=%2FlegalXGPT");
    expect(screen.queryByLabelText("您的问题")).not.toBeInTheDocument();
  });

  it("names the configured model when one answers", async () => {
    renderAssistant({ [LEGAL_AI_ENDPOINTS.getAssistantStatus.path]: ok({ mode: "model", modelName: "test-model-7b", questionsPerHour: 20 }) }, { visitor: true });
    expect(await screen.findByText("已接入大模型：test-model-7b")).toBeInTheDocument();
    expect(screen.queryByText(EXTRACTIVE_LABEL)).not.toBeInTheDocument();
  });
});

describe("/legalXGPT asking a question", () => {
  it("streams the answer in as deltas arrive, in order, then links its citations and shows the saved conversation", async () => {
    const saved = [question(1, QUESTION), answer(2, "存证前先保存原件[1]，法院审查存证过程[2]。", "model", [ARTICLE_CITATION, RULE_CITATION])];
    const { streams, callsTo } = renderAssistant({
      [LEGAL_AI_ENDPOINTS.getConversation.path]: ok({ ...summary(CONVERSATION_ID, "电子合同的聊天记录怎样存证"), messages: saved }),
    });
    await askQuestion();
    const call = await streams.next();
    expect(call.body).toMatchObject({ question: QUESTION, token: SIGNED_IN.token });
    expect(call.body).not.toHaveProperty("conversationId");
    await act$(() => call.open());
    await act$(() => call.send({ type: "start", conversationId: CONVERSATION_ID, question: saved[0], mode: "model" }));
    await act$(() => call.send({ type: "delta", text: "存证前先保存原件[1]，" }));
    const card = conversationCard();
    await waitFor(() => expect(card).toHaveTextContent("存证前先保存原件[1]，"));
    expect(card).toHaveTextContent("正在回答…");
    expect(screen.getByRole("button", { name: "停止" })).toBeInTheDocument();
    await act$(() => call.send({ type: "delta", text: "法院审查存证过程[2]。" }));
    await waitFor(() => expect(card).toHaveTextContent("存证前先保存原件[1]，法院审查存证过程[2]。"));
    await act$(() => call.send({ type: "citations", citations: [ARTICLE_CITATION, RULE_CITATION] }));
    await act$(() => {
      call.send({ type: "done", answer: saved[1] });
      call.end();
    });

    // The saved conversation replaces the streamed copy: [n] links to its citation, which links to its source.
    await waitFor(() => expect(callsTo(LEGAL_AI_ENDPOINTS.getConversation.path)[0]?.params).toEqual({ conversationId: CONVERSATION_ID }));
    const superscript = await screen.findByRole("link", { name: "引用 2" });
    expect(superscript).toHaveAttribute("href", "#citation-2-2");
    const entry = document.getElementById("citation-2-2")!;
    expect(within(entry).getByRole("link", { name: RULE_CITATION.label })).toHaveAttribute("href", "/legalXGPT?source=rule%3Aonline-litigation-17");
    expect(within(entry).getByText(RULE_CITATION.quote)).toBeInTheDocument();
    expect(within(entry).getByLabelText(`SHA-256 ${RULE_CITATION.sha256}`)).toHaveTextContent(RULE_CITATION.sha256.slice(0, 12));
    expect(within(document.getElementById("citation-2-1")!).getByRole("link", { name: ARTICLE_CITATION.label })).toHaveAttribute(
      "href",
      "/helpcenter?code=HLEVIDENCE&menuId=3&articleId=12",
    );
    expect(screen.getAllByText(QUESTION)).toHaveLength(1);
    expect(screen.queryByText("正在回答…")).not.toBeInTheDocument();
    expect(questionBox()).toHaveValue("");
    // A model's answer carries no extractive label and no scores.
    expect(within(conversationCard()).queryByText(EXTRACTIVE_LABEL)).not.toBeInTheDocument();
    expect(conversationCard()).not.toHaveTextContent("相关度");
  });

  it("labels an extractive answer and shows each passage with its 相关度", async () => {
    const saved = [question(1, QUESTION), answer(2, "[1] 存证前应确认文件完整，并保存好原始文件。", "extractive", [ARTICLE_CITATION])];
    const { streams } = renderAssistant({ [LEGAL_AI_ENDPOINTS.getConversation.path]: ok({ ...summary(CONVERSATION_ID, "聊天记录存证"), messages: saved }) });
    await askQuestion();
    const call = await streams.next();
    await act$(() => {
      call.open();
      call.send({ type: "start", conversationId: CONVERSATION_ID, question: saved[0], mode: "extractive" });
      call.send({ type: "delta", text: saved[1].content });
      call.send({ type: "citations", citations: [ARTICLE_CITATION] });
    });
    const card = conversationCard();
    await waitFor(() => expect(within(card).getByText(EXTRACTIVE_LABEL)).toBeInTheDocument());
    expect(within(card).getByText("相关度 0.912")).toBeInTheDocument();
    await act$(() => {
      call.send({ type: "done", answer: saved[1] });
      call.end();
    });
    await waitFor(() => expect(document.getElementById("citation-2-1")).not.toBeNull());
    expect(within(conversationCard()).getByText(EXTRACTIVE_LABEL)).toBeInTheDocument();
    expect(within(document.getElementById("citation-2-1")!).getByText("相关度 0.912")).toBeInTheDocument();
  });

  it("checks the question with the contract's rule before sending, and counts the characters", async () => {
    const { streams } = renderAssistant();
    let called = false;
    void streams.next().then(() => (called = true));
    await askQuestion("存");
    expect(await screen.findByText("问题至少2个字")).toBeInTheDocument();
    expect(questionBox()).toHaveAttribute("maxlength", String(QUESTION_MAX_LENGTH));
    expect(conversationCard()).toHaveTextContent(`1 / ${QUESTION_MAX_LENGTH}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(called).toBe(false);
  });

  it("shows a refusal before the stream (rate limit) and keeps the question in the box", async () => {
    const { streams } = renderAssistant();
    await askQuestion();
    const call = await streams.next();
    await act$(() => call.refuse(3812, LEGAL_AI_MESSAGES.rateLimited));
    expect(await screen.findByText(LEGAL_AI_MESSAGES.rateLimited)).toBeInTheDocument();
    expect(questionBox()).toHaveValue(QUESTION);
    expect(screen.queryByText(QUESTION, { selector: "div" })).not.toBeInTheDocument();
  });

  it("shows the model's failure sent in the stream, drops the unsaved text and keeps the question", async () => {
    const { streams } = renderAssistant();
    await askQuestion();
    const call = await streams.next();
    await act$(() => {
      call.open();
      call.send({ type: "start", conversationId: CONVERSATION_ID, question: question(1, QUESTION), mode: "model" });
      call.send({ type: "delta", text: "半句" });
    });
    await waitFor(() => expect(conversationCard()).toHaveTextContent("半句"));
    await act$(() => {
      call.send({ type: "error", code: 3814, message: LEGAL_AI_MESSAGES.modelFailed });
      call.end();
    });
    expect(await screen.findByText(LEGAL_AI_MESSAGES.modelFailed)).toBeInTheDocument();
    expect(conversationCard()).not.toHaveTextContent("半句");
    expect(questionBox()).toHaveValue(QUESTION);
  });

  it("stops a streaming answer: the request is aborted and the partial text is marked unsaved", async () => {
    const { streams } = renderAssistant({ [LEGAL_AI_ENDPOINTS.getConversation.path]: ok({ ...summary(CONVERSATION_ID, "t"), messages: [question(1, QUESTION)] }) });
    await askQuestion();
    const call: HeldStream = await streams.next();
    await act$(() => {
      call.open();
      call.send({ type: "start", conversationId: CONVERSATION_ID, question: question(1, QUESTION), mode: "model" });
      call.send({ type: "delta", text: "写到一半" });
    });
    await waitFor(() => expect(conversationCard()).toHaveTextContent("写到一半"));
    fireEvent.click(screen.getByRole("button", { name: "停止" }));
    await waitFor(() => expect(call.signal?.aborted).toBe(true));
    expect(await screen.findByText("已停止：这段回答没有写完，也没有保存。")).toBeInTheDocument();
    expect(conversationCard()).toHaveTextContent("写到一半");
    expect(screen.getByRole("button", { name: "发送" })).toBeEnabled();
    expect(questionBox()).toHaveValue(QUESTION);
  });
});

describe("/legalXGPT history", () => {
  it("lists the conversations, opens one, and deletes one after confirming", async () => {
    const { callsTo } = renderAssistant({
      [LEGAL_AI_ENDPOINTS.getConversationList.path]: [ok(page([summary(CONVERSATION_ID, "聊天记录怎样存证"), summary("e".repeat(32), "网页取证的时间")])), ok(page([summary("e".repeat(32), "网页取证的时间")]))],
      [LEGAL_AI_ENDPOINTS.getConversation.path]: ok({ ...summary(CONVERSATION_ID, "聊天记录怎样存证"), messages: [question(1, "聊天记录怎样存证？"), answer(2, "见[1]。", "extractive", [ARTICLE_CITATION])] }),
      [LEGAL_AI_ENDPOINTS.deleteConversation.path]: ok(null),
    });
    const history = await screen.findByRole("navigation", { name: "对话历史" });
    fireEvent.click(await within(history).findByRole("button", { name: /^聊天记录怎样存证/ }));
    expect(await screen.findByText("聊天记录怎样存证？")).toBeInTheDocument();
    expect(callsTo(LEGAL_AI_ENDPOINTS.getConversation.path)[0].params).toEqual({ conversationId: CONVERSATION_ID });

    fireEvent.click(within(history).getByRole("button", { name: "删除对话 聊天记录怎样存证" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("删除后无法恢复，它的分享链接也会失效。");
    expect(callsTo(LEGAL_AI_ENDPOINTS.deleteConversation.path)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(callsTo(LEGAL_AI_ENDPOINTS.deleteConversation.path)[0]?.params).toEqual({ conversationId: CONVERSATION_ID }));
    await waitFor(() => expect(within(history).queryByRole("button", { name: /^聊天记录怎样存证/ })).not.toBeInTheDocument());
    // The deleted conversation was the open one: the page is back to a new conversation.
    expect(screen.queryByText("聊天记录怎样存证？")).not.toBeInTheDocument();
    expect(within(history).getByRole("button", { name: /^网页取证的时间/ })).toBeInTheDocument();
  });
});
