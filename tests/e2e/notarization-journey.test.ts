import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { NOTARIAL_CERTIFICATE_ENDPOINTS, NOTARIAL_CERTIFICATE_PATH, NOTARIAL_CERTIFICATE_QUERY } from "../../src/schema/notarial-certificate.js";
import { NOTARIZATION_ENDPOINTS } from "../../src/schema/notarization.js";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../src/schema/notary-console.js";
import { PURCHASE_ENDPOINTS } from "../../src/schema/purchase.js";
import { call, captchaAnswerOf, expectSuccess, signInPage } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { notarizationApplicant, type NotarizationApplicant } from "./support/notarization-applicant.js";
import { sharedServerAndBrowser } from "./support/platform.js";

/**
 * Online notarisation end to end (issue 17), one server and two browser contexts: a verified
 * customer applies with a bundle for two captured web pages chosen in the evidence library; the
 * demo office's notary (seeded with its fee, template and seal) checks the evidence live, asks for
 * material; the customer supplies it; the notary approves and issues the sealed certificate; the
 * customer downloads it; a visitor's browser verifies it by its QR code's address; the bundle is
 * consumed and its notice is in the outbox. A rejection (through the calls) gives the bundle back.
 */
const { server, browser } = sharedServerAndBrowser();
const DEMO_NOTARY = { account: "demo-notary", password: "Notary2026", office: "衡证演示公证处" };
/** A full-page screenshot from the top (the shells' sticky headers would otherwise be drawn where the page was scrolled to). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `notarization-${name}.png`), fullPage: true });
}
let applicant: NotarizationApplicant;

beforeAll(async () => {
  applicant = await notarizationApplicant(server.url, server, "王公证");
}, 90_000);

async function bundleStatus(id: number) {
  const owned = expectSuccess("my packages", (await call(server.url, PURCHASE_ENDPOINTS.myPackages, { uid: applicant.session.loginUser.id, token: applicant.session.token })).body);
  return owned.bundles.find((bundle) => bundle.id === id)?.status;
}

async function openAsUser(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signInPage(page, server.url, applicant.session);
  return { page, problems };
}

async function openAsNotary(): Promise<{ page: Page; problems: string[]; token: () => Promise<string> }> {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}/info/notaryOfficeLogin`);
  await page.getByLabel("公证处账号").fill(DEMO_NOTARY.account);
  await page.getByLabel("密码").fill(DEMO_NOTARY.password);
  await page.getByLabel("图形验证码").fill(await captchaAnswerOf(page, server.url));
  await page.getByRole("button", { name: "登录" }).click();
  await page.waitForURL("**/info/notaryRequests/requestList");
  const token = async () => JSON.parse((await page.evaluate(() => localStorage.getItem("evidence.notarySession"))) ?? "{}").token as string;
  return { page, problems, token };
}

/** A decision on infoAudit: the button, then the dialog's confirmation with the note it asks for. */
async function decide(page: Page, label: string, note?: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  const dialog = page.getByRole("dialog");
  if (note) await dialog.getByRole("textbox").fill(note);
  await dialog.getByRole("button", { name: `确认${label}` }).click();
  // The dialog closes only once the decision is recorded (a refusal keeps it open, saying why). Its
  // 已… toast lasts 3 s, which a full CI run on two loaded cores once did not show in time.
  await dialog.waitFor({ state: "hidden", timeout: 45_000 });
}

describe("online notarisation", () => {
  it("apply with a bundle, material asked and supplied, approved, issued, downloaded, verified in public; the bundle consumed with its notice", { timeout: 150_000 }, async () => {
    const [bundleId] = applicant.bundleIds;
    const user = await openAsUser();

    // The evidence library's selection leads to the application with both pages chosen.
    await user.page.goto(`${server.url}${registryPath("evidences/dataList")}`);
    await user.page.getByRole("row").filter({ hasText: applicant.snapshots[0].certificateNo }).getByRole("checkbox").check();
    await user.page.getByRole("row").filter({ hasText: applicant.snapshots[1].certificateNo }).getByRole("checkbox").check();
    await user.page.getByRole("button", { name: "申请公证" }).click();
    const drawer = user.page.getByRole("dialog", { name: "申请公证" });
    await drawer.getByRole("table", { name: "已选证据" }).getByText(applicant.snapshots[1].certificateNo).waitFor();
    await drawer.getByLabel("诉讼").check();
    await drawer.getByLabel("用途说明").fill("用于著作权侵权纠纷诉讼");
    await drawer.getByLabel("公证处").click();
    await user.page.getByText(new RegExp(`^${DEMO_NOTARY.office}`)).last().click();
    await drawer.getByLabel("使用公证套餐").check();
    await drawer.getByLabel("公证套餐", { exact: true }).click();
    await user.page.getByText(/快照上限 10 条/).first().click();
    await drawer.getByTestId("bundle-rule").getByText("所选证据符合套餐使用规则：2 条网页快照，每条一个网页，不超过 10 条。").waitFor();
    await shoot(user.page, "apply");
    await drawer.getByRole("button", { name: "提交申请" }).click();
    await user.page.getByRole("button", { name: "确认提交" }).click();
    const submitted = user.page.getByText(/^公证申请已提交（GZSQ\d+）$/);
    await submitted.waitFor();
    const applicationNo = (await submitted.textContent())!.match(/GZSQ\d+/)![0];
    const row = user.page.getByRole("row").filter({ hasText: applicationNo });
    await row.getByText("已提交").waitFor();
    expect(await bundleStatus(bundleId)).toBe("frozen");
    await shoot(user.page, "list-submitted");

    // The office: the request, its evidence checked live in the browser, accepted, reviewed, material asked for.
    const notary = await openAsNotary();
    const request = notary.page.getByRole("row").filter({ hasText: applicationNo });
    await request.getByRole("link", { name: "查看" }).click();
    const checks = notary.page.getByTestId("evidence-check");
    await expect.poll(() => checks.evaluateAll((tags) => tags.map((tag) => tag.getAttribute("data-status"))), { timeout: 15_000 }).toEqual(["pass", "pass"]);
    await checks.first().click();
    await notary.page.getByText("申请所记摘要与账本记录一致").waitFor();
    await shoot(notary.page, "console-request-content");
    await notary.page.getByRole("link", { name: "去审核" }).click();
    await decide(notary.page, "受理");
    await decide(notary.page, "开始审核");
    await decide(notary.page, "要求补充材料", "请补充权利人的著作权登记证书扫描件");
    await shoot(notary.page, "console-info-audit");

    // The customer answers with a note and a file.
    await user.page.reload();
    await row.getByRole("link", { name: "补充材料" }).click();
    const supplement = user.page.getByRole("form", { name: "补充材料" });
    await user.page.getByText("请补充权利人的著作权登记证书扫描件").first().waitFor();
    await supplement.getByLabel("补充说明").fill("已上传著作权登记证书");
    await supplement.locator('input[type="file"]').setInputFiles({ name: "著作权登记证书.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% registration certificate\n") });
    await supplement.getByRole("button", { name: "提交补充材料" }).click();
    await user.page.getByText("补充材料已提交，公证处将继续审核").waitFor();
    await user.page.getByRole("cell", { name: "著作权登记证书.pdf" }).waitFor();
    await shoot(user.page, "detail-supplemented");

    // The office approves (the bundle is consumed) and issues the sealed certificate.
    await notary.page.reload();
    await notary.page.getByText("补充材料", { exact: true }).first().waitFor();
    await decide(notary.page, "审核通过");
    expect(await bundleStatus(bundleId)).toBe("consumed");
    await notary.page.getByRole("link", { name: "去出具公证书" }).click();
    // The unsealed preview opens in a tab of its own.
    const [preview] = await Promise.all([notary.page.context().waitForEvent("page"), notary.page.getByRole("button", { name: "预览公证书" }).click()]);
    await expect.poll(() => preview.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    await preview.close();
    await shoot(notary.page, "console-certificate-preview");
    await notary.page.getByRole("button", { name: "出具公证书" }).click();
    await notary.page.getByRole("button", { name: "确认出具" }).click();
    const issued = notary.page.getByText(/^公证书已出具：GZ[0-9A-Z]+$/);
    await issued.waitFor({ timeout: 30_000 });
    const certificateNo = (await issued.textContent())!.split("：")[1];
    await notary.page.getByText("已出具的公证书").waitFor();
    await shoot(notary.page, "console-certificate-issued");
    expect(notary.problems).toEqual([]);

    // The customer downloads the notarial certificate.
    await user.page.goto(`${server.url}${registryPath("judicial/notarization", "dataList")}`);
    await row.getByText("已出证").waitFor();
    const [download] = await Promise.all([user.page.waitForEvent("download"), row.getByRole("button", { name: "下载公证书" }).click()]);
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(user.problems).toEqual([]);

    // The consumption notice reached the customer's phone (the development outbox).
    // It is sent once the approval has committed.
    const outboxText = async () => expectSuccess("outbox", (await call(server.url, DEV_ENDPOINTS.outbox, { to: applicant.mobile })).body).list.map((message) => message.text).join("\n");
    await expect.poll(outboxText, { timeout: 10_000 }).toContain(`您的公证套餐（编号${bundleId}）已用于公证申请并审核通过，套餐已使用。`);

    // A visitor opens the QR code's address; the browser checks the ledger entry once it is appended.
    await expect.poll(async () => (await call(server.url, NOTARIAL_CERTIFICATE_ENDPOINTS.query, { certificateNo })).body.datas?.entry ?? null, { timeout: 15_000 }).not.toBeNull();
    const visitor = await browser.newPage({ locale: "zh-CN", viewport: { width: 1400, height: 900 } });
    const visitorProblems = watchConsole(visitor);
    await visitor.goto(`${server.url}${NOTARIAL_CERTIFICATE_PATH}?${NOTARIAL_CERTIFICATE_QUERY}=${certificateNo}`);
    const result = visitor.getByTestId("notarial-result");
    await expect.poll(() => result.getAttribute("data-ok"), { timeout: 10_000 }).toBe("true");
    await result.getByText("出证记录与公证书一致").waitFor();
    expect(await result.locator('[data-check="inclusion"]').getAttribute("data-status")).toBe("pass");
    expect(await result.textContent()).not.toContain("王公证");
    await shoot(visitor, "public-query");
    expect(visitorProblems).toEqual([]);
  });

  it("a rejection gives the bundle back", async () => {
    const bundleId = applicant.bundleIds[1];
    const { token } = applicant.session;
    const form = { evidenceIds: [applicant.snapshots[0].evidenceId], purpose: "complaint", applicantType: "person", officeId: 0, contactName: "王公证", contactMobile: applicant.mobile, payment: "bundle", bundleId };
    const offices = expectSuccess("offices", (await call(server.url, NOTARIZATION_ENDPOINTS.offices, { token })).body);
    form.officeId = offices.find((office) => office.name === DEMO_NOTARY.office)!.id;
    const draft = expectSuccess("save draft", (await call(server.url, NOTARIZATION_ENDPOINTS.saveDraft, { ...form, token })).body);
    expectSuccess("submit", (await call(server.url, NOTARIZATION_ENDPOINTS.submit, { id: draft.id, token })).body);
    expect(await bundleStatus(bundleId)).toBe("frozen");

    const notary = await openAsNotary();
    const notaryToken = await notary.token();
    expectSuccess("accept", (await call(server.url, NOTARY_CONSOLE_ENDPOINTS.decide, { id: draft.id, action: "accept", token: notaryToken })).body);
    const refused = await call(server.url, NOTARY_CONSOLE_ENDPOINTS.decide, { id: draft.id, action: "reject", token: notaryToken });
    expect(refused.body.message).toBe("请填写驳回理由");
    const rejected = expectSuccess("reject", (await call(server.url, NOTARY_CONSOLE_ENDPOINTS.decide, { id: draft.id, action: "reject", note: "证据与投诉事项无关", token: notaryToken })).body);
    expect(rejected.state).toBe("rejected");
    expect(await bundleStatus(bundleId)).toBe("active");
  });
});
