import path from "node:path";
import { describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths";
import { registerUser, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const live = sharedServerAndBrowser();

describe("judicial expert entry (spec §2, §6)", () => {
  it("/index?source=judicialExpert&t=…&u=… looks the user up, stores them and lands on /judicialStatus keeping the query", async () => {
    const mobile = uniqueMobile();
    const { loginUser, token } = await registerUser(live.server.url, mobile, "abc12345");
    const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);

    const query = `?source=judicialExpert&t=${encodeURIComponent(token)}&u=${loginUser.id}`;
    await page.goto(`${live.server.url}/index${query}`);
    await page.waitForURL(`${live.server.url}/judicialStatus${query}`);
    await page.getByRole("heading", { name: "司法鉴定通道" }).waitFor();
    await page.getByText(mobile).waitFor();
    await page.getByText("未认证").waitFor();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("evidence.userSession"))) ?? "{}");
    expect(stored).toMatchObject({ id: loginUser.id, mobile, token });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "judicial-status.png"), fullPage: true });

    await page.getByRole("link", { name: "进入个人中心" }).click();
    await page.waitForURL(`**${registryPath("personal/operationPanel")}`);
    await page.getByRole("navigation", { name: "个人中心导航" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a link with a token the server does not know stores nobody and leaves the visitor on /index", async () => {
    const context = await live.browser.newContext({ locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/index?source=judicialExpert&t=not-a-token&u=1`);
    await page.getByRole("form", { name: "账号密码登录" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/index");
    expect(await page.evaluate(() => localStorage.getItem("evidence.userSession"))).toBeNull();
    await context.close();
  });
});
