import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LegalAiPage } from "../../src/pages/public/legal-ai/legal-ai-page";
import { LegalXgptPage } from "../../src/pages/public/legal-ai/legal-xgpt-page";
import { LegalXgptSharePage } from "../../src/pages/public/legal-ai/legal-xgpt-share-page";
import { FACTOR_ANSWERS, LEGAL_AI_ENDPOINTS, LEGAL_AI_MESSAGES, NOT_LEGAL_ADVICE } from "../../src/schema/legal-ai";
import { fail, ok } from "./account-harness";
import { renderLegalAiPage, SIGNED_IN } from "./legal-ai-harness";
import { answer, CONVERSATION_ID, page, question, RULE_CITATION, RULE_SOURCE, summary, T } from "./legal-ai-fixtures";

const STATUS = { [LEGAL_AI_ENDPOINTS.getAssistantStatus.path]: ok({ mode: "extractive", modelName: null, questionsPerHour: 30 }) };
const SHARE_ID = "Sh4reIdOfTwentyFourChars";
const MESSAGES = [question(1, "网页截图能作为证据吗？"), answer(2, "需要结合取证过程审查[2]。", "model", [RULE_CITATION])];

describe("/legalXGPTShare", () => {
  it("shows the shared copy read-only: title, time, messages with their citations, the statement, no input", async () => {
    const { callsTo } = renderLegalAiPage({
      path: `/legalXGPTShare?shareId=${SHARE_ID}`,
      element: <LegalXgptSharePage />,
      script: { [LEGAL_AI_ENDPOINTS.getSharedConversation.path]: ok({ title: "网页截图能作为证据吗", sharedAt: T, messages: MESSAGES }) },
    });
    expect(await screen.findByRole("heading", { name: "网页截图能作为证据吗" })).toBeInTheDocument();
    expect(screen.getByText("分享于 2026-11-20 10:00:00 · 只读副本")).toBeInTheDocument();
    expect(screen.getByText("网页截图能作为证据吗？")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "引用 2" })).toHaveAttribute("href", "#citation-2-2");
    expect(screen.getByRole("link", { name: RULE_CITATION.label })).toHaveAttribute("href", "/legalXGPT?source=rule%3Aonline-litigation-17");
    expect(screen.getByText(NOT_LEGAL_ADVICE)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /分享/ })).not.toBeInTheDocument();
    expect(callsTo(LEGAL_AI_ENDPOINTS.getSharedConversation.path)[0]).toMatchObject({ params: { shareId: SHARE_ID } });
  });

  it("says a revoked or unknown link is invalid (3811)", async () => {
    renderLegalAiPage({
      path: `/legalXGPTShare?shareId=${SHARE_ID}`,
      element: <LegalXgptSharePage />,
      script: { [LEGAL_AI_ENDPOINTS.getSharedConversation.path]: fail(3811, LEGAL_AI_MESSAGES.shareNotFound) },
    });
    expect(await screen.findByText(LEGAL_AI_MESSAGES.shareNotFound)).toBeInTheDocument();
    expect(screen.queryByText("网页截图能作为证据吗？")).not.toBeInTheDocument();
  });

  it("refuses a malformed share id without asking the server", async () => {
    const { calls } = renderLegalAiPage({ path: "/legalXGPTShare?shareId=short", element: <LegalXgptSharePage /> });
    expect(await screen.findByText(LEGAL_AI_MESSAGES.shareNotFound)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe("a rule's source beside the assistant (?source=)", () => {
  it("opens the full text, and the SHA-256 recomputed in the browser matches", async () => {
    const { callsTo } = renderLegalAiPage({
      path: "/legalXGPT?source=rule:online-litigation-17",
      element: <LegalXgptPage />,
      script: { ...STATUS, [LEGAL_AI_ENDPOINTS.getSource.path]: ok(RULE_SOURCE) },
    });
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText(RULE_SOURCE.text)).toBeInTheDocument();
    expect(callsTo(LEGAL_AI_ENDPOINTS.getSource.path)[0].params).toEqual({ sourceKind: "rule", sourceId: "online-litigation-17" });
    fireEvent.click(within(drawer).getByRole("button", { name: "在本机重新计算 SHA-256" }));
    expect(await within(drawer).findByText("一致：本机计算的 SHA-256 与服务器给出的相同")).toBeInTheDocument();
    expect(within(drawer).getAllByText(RULE_SOURCE.sha256).length).toBeGreaterThanOrEqual(2);
  });

  it("says so when the text does not hash to the server's figure", async () => {
    renderLegalAiPage({
      path: "/legalXGPT?source=rule:online-litigation-17",
      element: <LegalXgptPage />,
      script: { ...STATUS, [LEGAL_AI_ENDPOINTS.getSource.path]: ok({ ...RULE_SOURCE, text: `${RULE_SOURCE.text}（改动）` }) },
    });
    const drawer = await screen.findByRole("dialog");
    fireEvent.click(await within(drawer).findByRole("button", { name: "在本机重新计算 SHA-256" }));
    expect(await within(drawer).findByText("不一致：本机计算的 SHA-256 与服务器给出的不同")).toBeInTheDocument();
  });
});

describe("证书审查 on /legalAI", () => {
  const CERTIFICATE_NO = "HZ0123456789ABCDEFGHJKMN";
  const CHECK = {
    certificateNo: CERTIFICATE_NO,
    citation: RULE_CITATION,
    factors: [
      { factor: 1, title: "存证平台是否具备相应资质", answer: "partly", findings: ["证书载明平台名称，资质需另行提交"] },
      { factor: 2, title: "当事人与存证平台是否存在利害关系", answer: "notAnswered", findings: ["证书无法说明当事人与平台的关系"] },
      { factor: 3, title: "存证技术和过程是否符合标准", answer: "answered", findings: ["证书列明哈希算法与上链时间"] },
      { factor: 4, title: "存证后数据是否被篡改", answer: "answered", findings: ["文件哈希与链上记录一致"] },
    ],
  };

  it("checks the number's form, then shows each factor with its answer and findings, citing the rule", async () => {
    const { callsTo } = renderLegalAiPage({
      path: "/legalAI",
      element: <LegalAiPage />,
      user: SIGNED_IN,
      script: { ...STATUS, [LEGAL_AI_ENDPOINTS.checkCertificate.path]: ok(CHECK) },
    });
    const input = await screen.findByLabelText("证书编号");
    fireEvent.change(input, { target: { value: "HZ12" } });
    fireEvent.click(screen.getByRole("button", { name: "审查" }));
    expect(await screen.findByText("证书编号格式不正确")).toBeInTheDocument();
    expect(callsTo(LEGAL_AI_ENDPOINTS.checkCertificate.path)).toHaveLength(0);

    fireEvent.change(input, { target: { value: "hz0123-4567-89ab-cdef-ghjk-mn" } });
    fireEvent.click(screen.getByRole("button", { name: "审查" }));
    const result = await screen.findByRole("region", { name: "审查结果" });
    expect(callsTo(LEGAL_AI_ENDPOINTS.checkCertificate.path)[0].params).toEqual({ certificateNo: CERTIFICATE_NO });
    const factor = (title: string) => within(result).getByText(title, { exact: false }).closest(".ant-list-item") as HTMLElement;
    expect(factor("存证平台是否具备相应资质")).toHaveTextContent(FACTOR_ANSWERS.partly);
    expect(factor("存证平台是否具备相应资质")).toHaveTextContent("证书载明平台名称，资质需另行提交");
    expect(factor("当事人与存证平台是否存在利害关系")).toHaveTextContent(FACTOR_ANSWERS.notAnswered);
    expect(factor("存证后数据是否被篡改")).toHaveTextContent(FACTOR_ANSWERS.answered);
    expect(within(result).getByRole("link", { name: RULE_CITATION.label })).toHaveAttribute("href", "/legalXGPT?source=rule%3Aonline-litigation-17");
    for (const way of screen.getAllByRole("link", { name: "开始提问" })) expect(way).toHaveAttribute("href", "/legalXGPT");
  });

  it("shows the refusal for a certificate that is not the user's", async () => {
    renderLegalAiPage({
      path: "/legalAI",
      element: <LegalAiPage />,
      user: SIGNED_IN,
      script: { ...STATUS, [LEGAL_AI_ENDPOINTS.checkCertificate.path]: fail(3813, LEGAL_AI_MESSAGES.certificateNotFound) },
    });
    fireEvent.change(await screen.findByLabelText("证书编号"), { target: { value: CERTIFICATE_NO } });
    fireEvent.click(screen.getByRole("button", { name: "审查" }));
    expect(await screen.findByText(LEGAL_AI_MESSAGES.certificateNotFound)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "审查结果" })).not.toBeInTheDocument();
  });
});

describe("sharing a conversation", () => {
  const conversation = (shared: boolean) => ok({ ...summary(CONVERSATION_ID, "网页截图能作为证据吗", shared), messages: MESSAGES });

  function renderShared(getConversation: ReturnType<typeof ok>[]) {
    return renderLegalAiPage({
      path: "/legalXGPT",
      element: <LegalXgptPage />,
      user: SIGNED_IN,
      script: {
        ...STATUS,
        [LEGAL_AI_ENDPOINTS.getConversationList.path]: ok(page([summary(CONVERSATION_ID, "网页截图能作为证据吗")])),
        [LEGAL_AI_ENDPOINTS.getConversation.path]: getConversation,
        [LEGAL_AI_ENDPOINTS.shareConversation.path]: ok({ shareId: SHARE_ID }),
        [LEGAL_AI_ENDPOINTS.revokeShare.path]: ok(null),
      },
    });
  }

  it("shows the new link once, with a warning; closed, it is nowhere to be seen again", async () => {
    const { callsTo } = renderShared([conversation(false), conversation(true)]);
    fireEvent.click(await screen.findByRole("button", { name: /^网页截图能作为证据吗/ }));
    fireEvent.click((await screen.findByText("分享", { selector: "button span" })).closest("button")!);
    const dialog = await screen.findByRole("dialog", { name: "分享链接" });
    const link = `${window.location.origin}/legalXGPTShare?shareId=${SHARE_ID}`;
    expect(within(dialog).getByText(link)).toBeInTheDocument();
    expect(dialog).toHaveTextContent("链接只显示这一次");
    expect(callsTo(LEGAL_AI_ENDPOINTS.shareConversation.path)[0].params).toEqual({ conversationId: CONVERSATION_ID });
    fireEvent.click(within(dialog).getByRole("button", { name: "我已保存" }));
    await waitFor(() => expect(screen.queryByText(link)).not.toBeInTheDocument());
    // The conversation now says it is shared, and offers to end the link.
    expect(await screen.findByRole("button", { name: "取消分享" })).toBeInTheDocument();
  });

  it("revokes a live link after confirming", async () => {
    const { callsTo } = renderShared([conversation(true), conversation(false)]);
    fireEvent.click(await screen.findByRole("button", { name: /^网页截图能作为证据吗/ }));
    fireEvent.click(await screen.findByRole("button", { name: "取消分享" }));
    const confirm = await screen.findByRole("dialog", { name: "取消分享" });
    expect(callsTo(LEGAL_AI_ENDPOINTS.revokeShare.path)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "取消分享" }));
    await waitFor(() => expect(callsTo(LEGAL_AI_ENDPOINTS.revokeShare.path)[0]?.params).toEqual({ conversationId: CONVERSATION_ID }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "取消分享" })).not.toBeInTheDocument());
  });
});
