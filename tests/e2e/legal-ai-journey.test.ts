import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { EXTRACTIVE_LABEL, LEGAL_AI_MESSAGES } from "../../src/schema/legal-ai.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

/**
 * The legal assistant without a model (issue 19: the default here): a signed-in user's question is
 * answered with the best passages of our sources, each cited with its score, under the label that
 * says no model is connected; a cited rule opens beside the conversation, and its SHA-256,
 * recomputed in the browser, matches. The conversation is shared read-only and the share revoked.
 */
describe("the legal assistant without a model, in the browser", { timeout: 120_000 }, () => {
  let session: LoginResult;

  beforeAll(async () => {
    session = await registerUser(server.url, uniqueMobile(), "abc12345");
  });

  async function signedInPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchConsole(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}/legalXGPT`);
    return { page, problems };
  }

  it("answers with cited passages and their scores, and the cited rule checks out", async () => {
    const { page, problems } = await signedInPage();
    await page.getByText(EXTRACTIVE_LABEL).first().waitFor();
    await page.getByLabel("您的问题").fill("区块链存证的电子数据在法院如何认定真实性？");
    await page.getByRole("button", { name: "发送" }).click();

    const answer = page.getByLabel("助手").last();
    const citations = answer.getByRole("list", { name: "引用来源" });
    await citations.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.getByText(EXTRACTIVE_LABEL).count()).toBe(1);
    expect(await citations.getByRole("listitem").count()).toBeGreaterThan(1);
    await expect.poll(() => citations.innerText()).toMatch(/相关度 \d/);
    await expect.poll(() => citations.innerText()).toMatch(/《[^》]+》第[一二三四五六七八九十百]+条/);
    await shoot(page, "legal-ai-extractive");

    // A cited rule opens beside the conversation; the browser recomputes its SHA-256.
    await citations.getByRole("link", { name: /《[^》]+》第/ }).first().click();
    const drawer = page.locator(".ant-drawer-content");
    await drawer.getByRole("button", { name: "在本机重新计算 SHA-256" }).click();
    await drawer.getByText("一致：本机计算的 SHA-256 与服务器给出的相同").waitFor();
    await shoot(page, "legal-ai-source");
    expect(problems).toEqual([]);
  });

  it("shares the conversation read-only and ends the share", async () => {
    const { page, problems } = await signedInPage();
    await page.getByRole("navigation", { name: "对话历史" }).getByText("区块链存证的电子数据").first().click();
    await page.getByLabel("助手").last().getByRole("list", { name: "引用来源" }).waitFor();
    await page.getByRole("button", { name: /分\s*享/ }).first().click();
    const link = (await page.getByRole("dialog", { name: "分享链接" }).getByText(/legalXGPTShare\?shareId=/).innerText()).trim();
    expect(link).toMatch(/\/legalXGPTShare\?shareId=[A-Za-z0-9_-]{20,}$/);
    await page.getByRole("button", { name: "我已保存" }).click();

    const visitor = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await visitor.goto(link.startsWith("http") ? link : `${server.url}${link}`);
    await visitor.getByLabel("我").getByText("区块链存证的电子数据在法院如何认定真实性？").waitFor();
    await visitor.getByRole("list", { name: "引用来源" }).waitFor();
    expect(await visitor.getByLabel("您的问题").count()).toBe(0);
    await shoot(visitor, "legal-ai-share");

    await page.getByRole("button", { name: "取消分享" }).click();
    await page.locator(".ant-modal").getByRole("button", { name: "取消分享" }).click();
    await page.getByText("已取消分享，链接已失效").waitFor();
    await visitor.reload();
    await visitor.getByText(LEGAL_AI_MESSAGES.shareNotFound).waitFor();
    expect(problems).toEqual([]);
  });
});
