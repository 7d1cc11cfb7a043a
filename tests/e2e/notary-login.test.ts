import { spawn } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SERVER_OUT_DIR } from "../../scripts/build-server.js";
import { webapiPath } from "../../src/schema/contract.js";
import { NOTARY_ENDPOINTS } from "../../src/schema/notary.js";
import { captchaAnswerOf } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { signedGet, signedPost } from "./support/signed-fetch.js";

const live = sharedServerAndBrowser();

const STAFF = { office: "衡州市公证处", account: "e2e.notary", name: "周公证", password: "gongzheng2026" };

/** The operator's CLI, as the global setup compiled it, against the running server's data folder, the password written to its stdin. */
function runCreateNotaryUser(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(SERVER_OUT_DIR, "create-notary-user.js"), ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: live.server.dataDir, LOG_LEVEL: "warn" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

const staffArgs = ["--office", STAFF.office, "--account", STAFF.account, "--name", STAFF.name];
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const storedNotary = (page: Page) => page.evaluate(() => localStorage.getItem("evidence.notarySession"));

async function openLoginPage() {
  const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${live.server.url}/info/notaryOfficeLogin`);
  await page.getByAltText("图形验证码，点击更换").waitFor();
  return { page, problems };
}

async function signIn(page: Page, captcha?: string) {
  await page.getByLabel("公证处账号").fill(STAFF.account);
  await page.getByLabel("密码").fill(STAFF.password);
  await page.getByLabel("图形验证码").fill(captcha ?? (await captchaAnswerOf(page, live.server.url)));
  await page.getByRole("button", { name: "登录" }).click();
}

describe("notary office accounts", () => {
  it("are created by the operator's CLI, the password read from stdin; a taken account or missing flags are refused", async () => {
    const created = await runCreateNotaryUser(staffArgs, `${STAFF.password}\n`);
    expect(created.output).toContain(`已创建公证处账号 ${STAFF.account}（${STAFF.office} · ${STAFF.name} · 管理员）`);
    expect(created.code).toBe(0);

    const again = await runCreateNotaryUser(staffArgs, `${STAFF.password}\n`);
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining(`公证处账号 ${STAFF.account} 已存在`) });
    const weak = await runCreateNotaryUser(["--office", STAFF.office, "--account", "weak.one", "--name", STAFF.name], "123456\n");
    expect(weak).toMatchObject({ code: 1, output: expect.stringContaining("密码长度为6-18位，至少包含1个字母和1个数字") });
    expect((await runCreateNotaryUser(["--office", STAFF.office], "")).code).toBe(64);
  });
});

describe("notary login through the page", () => {
  it("a wrong captcha shows its message under the captcha and a new image", async () => {
    const { page } = await openLoginPage();
    const firstImage = await page.getByAltText("图形验证码，点击更换").getAttribute("src");
    await signIn(page, "zzzz");
    await page.getByText("图形验证码错误或已过期，请重新输入").waitFor();
    await expect.poll(() => page.getByAltText("图形验证码，点击更换").getAttribute("src")).not.toBe(firstImage);
    await page.context().close();
  });

  it("lands in the console with office and staff name; 退出登录 ends the session and returns to the notary login", async () => {
    const { page, problems } = await openLoginPage();
    await shoot(page, "notary-login");
    await signIn(page);
    await page.waitForURL("**/info/notaryRequests/requestList");
    await page.getByText(STAFF.office).waitFor();
    await page.getByText(STAFF.name).waitFor();
    await page.getByRole("heading", { name: "申请列表" }).waitFor();
    await shoot(page, "notary-console");
    const token = JSON.parse((await storedNotary(page)) ?? "{}").token as string;
    expect((await signedGet(live.server.url, webapiPath(NOTARY_ENDPOINTS.getNotaryInfo), { token })).body.code).toBe(200);
    // The user session is another thing altogether: none was stored by the notary login.
    expect(await page.evaluate(() => localStorage.getItem("evidence.userSession"))).toBeNull();

    await page.getByRole("button", { name: /退出登录/ }).click();
    await page.waitForURL("**/info/notaryOfficeLogin");
    expect(await storedNotary(page)).toBeNull();
    expect((await signedGet(live.server.url, webapiPath(NOTARY_ENDPOINTS.getNotaryInfo), { token })).body.code).toBe(3013);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a notary session ended elsewhere is noticed when the console loads, and the staff member is sent to log in", async () => {
    const { page } = await openLoginPage();
    await signIn(page);
    await page.waitForURL("**/info/notaryRequests/requestList");
    const token = JSON.parse((await storedNotary(page)) ?? "{}").token as string;
    expect((await signedPost(live.server.url, webapiPath(NOTARY_ENDPOINTS.logout), { token })).body.code).toBe(200);

    await page.reload();
    await page.waitForURL("**/info/notaryOfficeLogin");
    expect(await storedNotary(page)).toBeNull();
    await page.context().close();
  });
});
