import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { gradientPng } from "../server/support/png-image.js";
import { registerUser, signedQuery, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { decideInConsole } from "./support/console-reviewer.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();
let login: LoginResult;
let page: Page;
let problems: string[];

beforeAll(async () => {
  login = await registerUser(server.url, uniqueMobile(), "abc12345");
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  problems = watchConsole(page);
  await signInPage(page, server.url, login);
});

async function shoot(name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

async function userInfo() {
  const query = signedQuery({ userId: String(login.loginUser.id), token: login.token });
  const response = await fetch(`${server.url}${webapiPath(ACCOUNT_ENDPOINTS.getUserInfo)}?${query}`);
  return ((await response.json()) as { datas: { userInfo: Record<string, unknown> } }).datas.userInfo;
}

describe("the personal centre in Chromium", () => {
  it("uploads an avatar through the crop dialog, and getUserInfo shows it", async () => {
    await page.goto(`${server.url}${registryPath("personal/accountManagement")}`);
    await page.getByRole("button", { name: "修改头像" }).click();
    const dialog = page.getByRole("dialog", { name: "修改头像" });
    await dialog.getByLabel("选择头像图片").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: gradientPng(480, 300) });
    const preview = dialog.getByRole("img", { name: "头像预览" });
    await preview.waitFor();
    // Drag the picture a little to the left: the crop moves with it.
    const box = (await preview.boundingBox())!;
    await page.mouse.move(box.x + 160, box.y + 160);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 160, { steps: 4 });
    await page.mouse.up();
    await shoot("personal-avatar-dialog");
    await dialog.getByRole("button", { name: "保存" }).click();
    await page.getByText("保存成功").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const saved = String((await userInfo()).headPortraitPath);
    expect(saved).toMatch(/^\/files\/avatar\/[0-9a-f]{64}$/);
    await page.locator(`img[src="${saved}"]`).first().waitFor();
    const image = await fetch(`${server.url}${saved}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    await shoot("personal-account-management");
  });

  it("refuses a file of the wrong format in the dialog with the spec's message", async () => {
    await page.getByRole("button", { name: "修改头像" }).click();
    const dialog = page.getByRole("dialog", { name: "修改头像" });
    await dialog.getByLabel("选择头像图片").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await dialog.getByText("您选择的文件格式有误").waitFor();
    await dialog.getByRole("button", { name: "取消" }).click();
  });

  it("submits real-name verification, which waits until a reviewer approves it in the console, then shows the verified badge", async () => {
    await page.goto(`${server.url}${registryPath("personal/securityCenter")}`);
    await page.waitForURL(`**${registryPath("personal/securityCenter", "authentication")}`);
    const first17 = "11010519880808123";
    await page.getByLabel("真实姓名").fill("王小明");
    await page.getByLabel("身份证号码").fill(first17 + nationalIdCheckChar(first17));
    await page.getByRole("button", { name: "提交认证" }).click();
    await page.getByText("实名认证审核中").waitFor();
    await page.getByText(`1101**********${(first17 + nationalIdCheckChar(first17)).slice(-4)}`).waitFor();
    await shoot("personal-authentication-pending");

    expect(await decideInConsole(server, String(login.loginUser.mobile), "approve")).toMatchObject({ status: "approved", subjectName: "王小明" });

    await page.reload();
    await page.getByText("已完成实名认证").waitFor();
    await shoot("personal-authentication-verified");
    await page.goto(`${server.url}${registryPath("personal/accountManagement")}`);
    await page.getByRole("row", { name: /个人实名认证/ }).getByText("已认证").waitFor();
    // The display name follows the verified real name (spec §6).
    await page.getByText("王小明").first().waitFor();
    expect((await userInfo()).realNameStatus).toBe(2);
    await shoot("personal-account-verified");
  });

  it("creates a child account and finds it in the list, with paging in the URL", async () => {
    await page.goto(`${server.url}${registryPath("personal/childAccountManagement")}`);
    await page.waitForURL(`**${registryPath("personal/childAccountManagement", "dataList")}`);
    await page.getByText("暂无子账号").waitFor();
    await page.getByRole("link", { name: "新建子账号" }).click();
    await page.waitForURL("**/createChildAccount");
    const childMobile = uniqueMobile();
    await page.getByLabel("登录账号").fill(childMobile);
    await page.getByLabel("子账号名称").fill("法务部");
    await page.getByLabel("设置密码").fill("child123");
    await page.getByLabel("确认密码").fill("child123");
    await shoot("personal-create-child-account");
    await page.getByRole("button", { name: "创建子账号" }).click();
    await page.waitForURL("**/createSuccess?id=*");
    await page.getByText("子账号创建成功").waitFor();
    await shoot("personal-child-account-created");

    await page.getByRole("link", { name: "返回子账号列表" }).click();
    await page.getByRole("cell", { name: childMobile }).waitFor();
    await page.getByRole("cell", { name: "法务部" }).waitFor();
    // After the refetch the table fades back in (antd's 0.3 s transition); the screenshot waits for it.
    await page.locator(".ant-spin-blur").waitFor({ state: "detached" });
    await page.waitForTimeout(400);
    await shoot("personal-child-account-list");
    await page.getByTitle("10 条/页").click();
    await page.getByTitle("30 条/页").click();
    await page.waitForURL(/pageSize=30/);
    expect(problems).toEqual([]);
  });

  it("shows the other security pages with their rules", async () => {
    await page.goto(`${server.url}${registryPath("personal/securityCenter", "enterpriseProve")}`);
    await page.getByRole("button", { name: "提交认证" }).click();
    await page.getByText("请输入企业名称").waitFor();
    await page.getByText("请上传营业执照或组织机构代码证照片").waitFor();
    await shoot("personal-enterprise-prove");

    await page.getByRole("link", { name: "绑定邮箱" }).click();
    await page.waitForURL("**/securityCenter/bindEmail");
    await page.getByText("当前邮箱").waitFor();
    await shoot("personal-bind-email");

    await page.getByRole("link", { name: "修改密码" }).click();
    await page.getByLabel("原密码").fill("abc12345");
    await page.getByLabel("新密码").fill("short");
    await page.getByLabel("确认密码").click();
    await page.getByText("密码长度为6-18位，至少包含1个字母和1个数字").first().waitFor();
    await shoot("personal-change-password");

    await page.getByRole("link", { name: "注销账号" }).click();
    await page.getByText("已保全的证据、证书及其区块链存证记录继续保留", { exact: false }).waitFor();
    await shoot("personal-cancellation");
    expect(problems).toEqual([]);
  });
});
