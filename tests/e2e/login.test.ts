import { createHash } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { computeSignature } from "../../src/schema/signature.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { signedGet } from "./support/signed-fetch.js";
import { logOutThroughUserMenu } from "./support/personal-shell.js";

const OPERATION_PANEL = registryPath("personal/operationPanel");

/**
 * Every way into an account, in real Chromium against the real server: register with a code from
 * the development outbox, log out, log in with password and image captcha, log in with a code.
 * One account, in order, as a person would; each step starts signed out.
 */

const { server, browser } = sharedServerAndBrowser();
// A fresh number per run, so the test never meets an account of an earlier run.
const PHONE = `139${String(Date.now()).slice(-8)}`;
// Code login uses a second number: the server sends one code per number per minute, and the first
// number just had its registration code. An unregistered number is registered by code login (spec §2).
const SECOND_PHONE = `137${String(Date.now()).slice(-8)}`;
const THIRD_PHONE = `136${String(Date.now()).slice(-8)}`;
const PASSWORD = "hengzheng2026";

beforeAll(() => {
  console.log(`screenshots: ${SCREENSHOT_DIR}`);
});

async function openPage() {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  return { page, context, problems: watchConsole(page) };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The newest code the development outbox holds for this phone number. */
async function latestCode(to: string): Promise<string> {
  const { body } = await signedGet(server.url, webapiPath(DEV_ENDPOINTS.outbox), { to, limit: "1" });
  const text: string = body.datas.list[0]?.text ?? "";
  const code = /\d{6}/.exec(text)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${to}: ${JSON.stringify(body)}`);
  return code;
}

/** The answer to the captcha this browser is showing: the development endpoint reads the browser's own cookie. */
async function captchaAnswer(context: BrowserContext): Promise<string> {
  const params = { timestamp: String(Date.now()) };
  const signature = computeSignature(params, (text) => createHash("sha256").update(text, "utf8").digest("hex"));
  const response = await context.request.get(`${server.url}${webapiPath(DEV_ENDPOINTS.captchaAnswer)}?${new URLSearchParams({ ...params, signature })}`);
  const body = await response.json();
  if (body.code !== 200) throw new Error(`no captcha answer: ${JSON.stringify(body)}`);
  return body.datas.answer;
}

const logOut = logOutThroughUserMenu;

describe("accounts in the browser", () => {
  it("a visitor sees the login panel on the home page", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/index`);
    await page.getByRole("tab", { name: "账号密码登录" }).waitFor();
    await page.getByAltText("图形验证码，点击更换").waitFor();
    await shoot(page, "home-login-panel");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("registers with a code from the outbox, is signed in at once, and logs out", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/user/register`);
    await page.getByLabel("手机号或邮箱").fill(PHONE);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByRole("button", { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel("验证码").fill(await latestCode(PHONE));
    await page.getByLabel("设置密码").fill(PASSWORD);
    await page.getByLabel("确认密码").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await shoot(page, "register");
    await page.getByRole("button", { name: "注册" }).click();
    await page.waitForURL(`**${OPERATION_PANEL}`);
    await page.getByText(`您好，${PHONE}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("evidence.userSession"))).not.toContain(PASSWORD);
    await logOut(page);
    await page.getByRole("tab", { name: "账号密码登录" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("logs in with password and image captcha; a wrong captcha first shows the server's message and a new image", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/login`);
    const captchaImage = page.getByAltText("图形验证码，点击更换");
    await captchaImage.waitFor();
    await page.getByLabel("手机号或邮箱").fill(PHONE);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    const firstImage = await captchaImage.getAttribute("src");
    const answer = await captchaAnswer(context);
    // A well-formed answer that is certainly wrong: the same letters, shifted.
    await page.getByLabel("图形验证码").fill(answer === "aaaa" ? "bbbb" : "aaaa");
    await page.getByRole("button", { name: "登录" }).click();
    await page.getByText("图形验证码错误或已过期，请重新输入").waitFor();
    await expect.poll(() => captchaImage.getAttribute("src")).not.toBe(firstImage);
    await shoot(page, "login-captcha-wrong");

    await page.getByLabel("图形验证码").fill(await captchaAnswer(context));
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`**${OPERATION_PANEL}`);
    await page.getByText(`您好，${PHONE}`).waitFor();
    await logOut(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("logs in with a code from the home page panel, registering a new phone number on the way", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/index`);
    await page.getByRole("tab", { name: "验证码登录" }).click();
    const form = page.getByRole("form", { name: "验证码登录" });
    await form.getByLabel("手机号或邮箱").fill(SECOND_PHONE);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByText("请勾选用户注册协议和隐私协议").waitFor();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByRole("button", { name: /秒后重新获取/ }).waitFor();
    await form.getByLabel("验证码").fill(await latestCode(SECOND_PHONE));
    await shoot(page, "code-login");
    await form.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`**${OPERATION_PANEL}`);
    await page.getByText(`您好，${SECOND_PHONE}`).waitFor();
    // Registered by a code, so without a password until one is set at /user/setPassword.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("evidence.userSession") ?? "{}").hasPassword)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("code login asks for the image captcha once the account has failed three times, and logs in with it", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/index`);
    await page.getByRole("tab", { name: "验证码登录" }).click();
    const form = page.getByRole("form", { name: "验证码登录" });
    await form.getByLabel("手机号或邮箱").fill(THIRD_PHONE);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByRole("button", { name: /秒后重新获取/ }).waitFor();
    const code = await latestCode(THIRD_PHONE);
    const submit = async () => {
      const answered = page.waitForResponse((response) => response.url().includes(webapiPath(ACCOUNT_ENDPOINTS.loginV2)));
      await form.getByRole("button", { name: "登录" }).click();
      return (await (await answered).json()).code as number;
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await form.getByLabel("验证码", { exact: true }).fill(code === "000000" ? "000001" : "000000");
      expect(await submit()).toBe(1003);
    }
    expect(await form.getByLabel("图形验证码").count()).toBe(0);

    await form.getByLabel("验证码", { exact: true }).fill(code);
    expect(await submit()).toBe(1002);
    await form.getByText("该账号近期登录失败较多，请输入图形验证码").waitFor();
    await form.getByAltText("图形验证码，点击更换").waitFor();
    await shoot(page, "code-login-captcha");
    await form.getByLabel("图形验证码").fill(await captchaAnswer(context));
    await form.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`**${OPERATION_PANEL}`);
    await page.getByText(`您好，${THIRD_PHONE}`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the legal texts", async () => {
    const { page, context, problems } = await openPage();
    await page.goto(`${server.url}/user/privacyAgreement`);
    await page.getByRole("heading", { name: "隐私政策" }).waitFor();
    await shoot(page, "privacy-policy");
    expect(problems).toEqual([]);
    await context.close();
  });
});
