import path from "node:path";
import { describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths";
import { INSTITUTION_ENDPOINTS } from "../../src/schema/console/appraisal-institutions";
import { EVIDENCE_KIND_ENDPOINTS } from "../../src/schema/evidence";
import { APPRAISAL_ENDPOINTS, EXPERT_ENDPOINTS } from "../../src/schema/judicial-expert";
import { JUDICIAL_PAY_ENDPOINTS } from "../../src/schema/judicial-pay";
import { call, expectSuccess, registerUser, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { signInOperator } from "./support/console-reviewer.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { recharge } from "./support/snapshot-bundle.js";

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

  it("an institution's expert entering the same way sees the commission, starts it and uploads the opinion, which is stored as evidence", async () => {
    // The institution, its expert and a paid commission, prepared over HTTP as the console and the applicant make them.
    const { url } = live.server;
    const operator = await signInOperator(live.server, ["appraisalAdmin"]);
    const institution = expectSuccess("institution", (await call(url, INSTITUTION_ENDPOINTS.create, { name: `端到端鉴定所${Date.now().toString(36)}`, licenseNo: "330000000", region: "杭州", address: "文三路 1 号", phone: "0571-88888888", scope: "电子数据鉴定", acceptsCommissions: true, token: operator })).body);
    const expertMobile = uniqueMobile();
    const expert = await registerUser(url, expertMobile, "abc12345");
    expectSuccess("expert", (await call(url, INSTITUTION_ENDPOINTS.addExpert, { institutionId: institution.id, account: expertMobile, name: "李鉴定", token: operator })).body);
    const applicant = await registerUser(url, uniqueMobile(), "abc12345");
    const evidence = expectSuccess("evidence", (await call(url, EVIDENCE_KIND_ENDPOINTS.text.create, { name: "聊天记录", content: "对方承认收到货款", token: applicant.token })).body);
    const commission = expectSuccess(
      "commission",
      (await call(url, APPRAISAL_ENDPOINTS.create, { institutionId: institution.id, evidenceIds: [evidence.id], matters: "鉴定聊天记录是否完整", contactName: "张三", contactMobile: "13800000000", token: applicant.token })).body,
    );
    expectSuccess("quote", (await call(url, EXPERT_ENDPOINTS.quote, { id: commission.id, feeFen: 50_000, expectedDays: 7, token: expert.token })).body);
    await recharge(url, applicant, "500");
    expectSuccess("pay", (await call(url, JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: commission.id, feeFen: 50_000, token: applicant.token })).body);

    const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const query = `?source=judicialExpert&t=${encodeURIComponent(expert.token)}&u=${expert.loginUser.id}`;
    await page.goto(`${url}/index${query}`);
    await page.waitForURL(`${url}/judicialStatus${query}`);
    const row = page.getByRole("row", { name: new RegExp(commission.commissionNo) });
    await row.getByText("已付费").waitFor();
    await row.getByRole("button", { name: "办理" }).click();
    const drawer = page.getByRole("dialog").filter({ hasText: `委托 ${commission.commissionNo}` });
    await drawer.getByText(evidence.certificateNo).waitFor();
    await drawer.getByRole("button", { name: "开始鉴定" }).click();
    await page.getByRole("dialog").filter({ hasText: "开始后请在预计工期内出具鉴定意见" }).getByRole("button", { name: "开始鉴定" }).click();
    await drawer.getByRole("button", { name: "上传鉴定意见书" }).click();
    const upload = page.getByRole("dialog").filter({ hasText: "上传并出具" });
    await upload.locator('input[type="file"]').setInputFiles({ name: "鉴定意见书.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await upload.getByRole("button", { name: "上传并出具" }).click();
    await drawer.getByText("已出具意见").first().waitFor();
    await drawer.getByRole("link", { name: "下载鉴定意见书" }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "judicial-status-expert.png"), fullPage: true });

    const done = expectSuccess("detail", (await call(url, APPRAISAL_ENDPOINTS.detail, { id: String(commission.id), token: applicant.token })).body);
    expect(done).toMatchObject({ state: "completed", opinion: { fileName: "鉴定意见书.pdf" } });
    expect(done.opinion?.ledgerIndex).not.toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
