import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRACTIVE_LABEL } from "../../src/schema/legal-ai.js";
import { contentReply, startFakeOpenAiServer, toolCallReply } from "../support/fake-openai-server.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { serverAndBrowserPerFile } from "./support/platform.js";

// The model is configured per process, so this journey has a server of its own, talking to a
// small OpenAI-compatible server of the test's own that streams slowly enough to be watched.
const model = await startFakeOpenAiServer({ chunkDelayMs: 40 });
const live = serverAndBrowserPerFile({ env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: "sk-e2e-not-a-real-key", LLM_MODEL: "e2e-legal-model" } });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
afterAll(() => model.close());

/**
 * The legal assistant with a model (issue 19): the model first asks our retrieval tool, then
 * streams an answer citing two of the numbered sources it was given; the page shows the text
 * growing, then the answer with its [n] links and the sources they cite, with no extractive label.
 */
describe("the legal assistant with a model, in the browser", { timeout: 120_000 }, () => {
  let session: LoginResult;
  beforeAll(async () => {
    session = await registerUser(live.server.url, uniqueMobile(), "abc12345");
  });

  it("streams a cited answer", async () => {
    model.script(toolCallReply({ name: "search_legal_sources", arguments: { query: "区块链 存证 真实性" } }), (request) => {
      // Cite the first two sources our server numbered for the model.
      const offered = request.body.messages.map((message) => message.content ?? "").join("\n");
      const numbers = [...offered.matchAll(/^\[(\d+)\] /gm)].map((match) => match[1]);
      return contentReply(`上链存证的电子数据，经技术核验一致的，法院可以认定其上链后未被篡改[${numbers[0]}]。对方提出合理异议时，法院会审查存证平台和存证过程[${numbers[1]}]。以上仅供参考。`, 3);
    });
    const page = await live.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchConsole(page);
    await signInPage(page, live.server.url, session);
    await page.goto(`${live.server.url}/legalXGPT`);
    await page.getByText("已接入大模型：e2e-legal-model").waitFor();
    await page.getByLabel("您的问题").fill("区块链存证的证据在诉讼中怎样认定真实性？");
    await page.getByRole("button", { name: "发送" }).click();

    // The text arrives in pieces: its start is on the page while its end is still to come.
    const answer = page.getByLabel("助手").last();
    await answer.getByText("上链存证的电子数据").waitFor();
    expect(await answer.innerText()).not.toContain("以上仅供参考");
    await answer.getByRole("list", { name: "引用来源" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.innerText()).toContain("法院会审查存证平台和存证过程");
    expect(await answer.getByRole("link", { name: "引用 1" }).count()).toBe(1);
    expect(await answer.getByRole("link", { name: "引用 2" }).count()).toBe(1);
    expect(await answer.getByRole("list", { name: "引用来源" }).getByRole("listitem").count()).toBe(2);
    expect(await answer.getByText(EXTRACTIVE_LABEL).count()).toBe(0);
    await shoot(page, "legal-ai-model");
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].authorization).toBe("Bearer sk-e2e-not-a-real-key");
    expect(problems).toEqual([]);
  });
});
