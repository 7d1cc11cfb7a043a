import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { openDatabase } from "../../server/db/dialect.js";
import { CLOUD_BROWSER_SCREENS } from "../../src/schema/cloud-browser.js";
import { RECORDING_PACKAGE_CODE } from "../../src/schema/recording.js";
import { registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const live = sharedServerAndBrowser();

/**
 * Package 30002 is listed unpriced until an operator prices it (migration 0021), so no customer can
 * buy it here: the test grants two units on the server's own SQLite file, as an operator's grant would.
 */
async function grantRecordings(dataDir: string, userId: number) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
  try {
    await handle.db.insertInto("package_counts").values({ user_id: userId, product_code: RECORDING_PACKAGE_CODE, purchased_count: 2, remaining_count: 2, updated_at: Date.now() }).execute();
  } finally {
    await handle.db.destroy();
  }
}
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/**
 * Procedure recording as a customer does it (issue 16): from procedureRecord/new the cloud browser
 * opens the loopback start page in the recorder (/precord); the test clicks the link on the canvas
 * where the frame shows it, types into the form (a password among it) and posts it, stops, sees the
 * recording sealed (已存证) and opens its certificate.
 */
describe("procedure recording in the cloud browser", () => {
  it("drives the cloud browser through the recorder page, stops, and reaches the certificate", async () => {
    const { server, browser } = live;
    const site = inject("procedureSite");
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    await grantRecordings(server.dataDir, session.loginUser.id);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchConsole(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}${registryPath("evidenceTaken/procedureRecord", "new")}`);
    await page.getByText(/可用录屏保全次数 2 次/).waitFor();
    await page.getByLabel("取证名称").fill("表单提交过程");
    await page.getByLabel("起始网址").fill(site.startUrl);
    await shoot(page, "procedure-new");
    await page.getByRole("button", { name: "打开云端浏览器，开始录制" }).click();

    // The recorder: the first frame drawn at the desktop viewport's size.
    await page.waitForURL(/\/precord\?/);
    const canvas = page.getByLabel("云端浏览器画面");
    const screen = CLOUD_BROWSER_SCREENS.desktop;
    await page.waitForFunction((width) => document.querySelector("canvas")?.width === width, screen.width);
    const address = page.getByLabel("网址");
    await expect.poll(() => address.inputValue()).toBe(site.startUrl);
    /** Clicks the canvas where the frame shows page point `at`. */
    const clickAt = async (at: { x: number; y: number }) => {
      const box = (await canvas.boundingBox())!;
      await page.mouse.click(box.x + (at.x * box.width) / screen.width, box.y + (at.y * box.height) / screen.height);
    };
    await shoot(page, "procedure-recorder-start");

    await clickAt(site.at.link);
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toBe(site.formUrl);
    await clickAt(site.at.text);
    await page.keyboard.type("abc");
    await clickAt(site.at.password);
    await page.keyboard.type("secret");
    await clickAt(site.at.submit);
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toBe(site.submitUrl);
    await page.getByText(/REC \d\d:\d\d/).waitFor();
    await shoot(page, "procedure-recorder-submitted");

    await page.getByRole("button", { name: "结束取证" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "结束取证" }).click();
    await page.getByText("已存证").waitFor({ timeout: 45_000 });
    const certificateNo = (await page.getByText(/证书编号 HZ[0-9A-Z]+/).textContent())!.match(/HZ[0-9A-Z]+/)![0];
    await shoot(page, "procedure-recorder-sealed");

    await page.getByRole("link", { name: "查看取证证书" }).click();
    await page.getByText(certificateNo).first().waitFor();
    await shoot(page, "procedure-certificate");
    expect(problems).toEqual([]);
  });

  it("frames the same recorder at a phone's size on ifrmobile, the page emulated as a phone", async () => {
    const { server, browser } = live;
    const site = inject("procedureSite");
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    await grantRecordings(server.dataDir, session.loginUser.id);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1200 } });
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}${registryPath("evidenceTaken/procedureRecord", "ifrmobile")}`);
    await page.getByLabel("取证名称").fill("手机网页过程");
    await page.getByLabel("起始网址").fill(site.startUrl);
    await page.getByRole("button", { name: "打开云端浏览器，开始录制" }).click();

    const frame = page.frameLocator("iframe[title='手机端录制']");
    const phone = CLOUD_BROWSER_SCREENS.mobile;
    await expect.poll(() => frame.locator("canvas").evaluate((canvas: HTMLCanvasElement) => `${canvas.width}x${canvas.height}`), { timeout: 20_000 }).toBe(`${phone.width}x${phone.height}`);
    await shoot(page, "procedure-ifrmobile");
    await frame.getByRole("button", { name: "结束取证" }).click();
    await frame.locator(".ant-popconfirm").getByRole("button", { name: "结束取证" }).click();
    await frame.getByText("已存证").waitFor({ timeout: 45_000 });
  });
});
