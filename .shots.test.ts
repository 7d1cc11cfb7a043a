import { chromium } from "playwright-core";
import { registerUser, storeUserSession, uniqueMobile } from "./tests/e2e/support/api-accounts";

const BASE = "http://127.0.0.1:18310";
const pages = [
  "/monitor/rights/new",
  "/monitor/text/ystwnew",
  "/monitor/picture/new",
  "/monitor/publicOpinion/new",
  "/monitor/text/dataTask",
  "/monitor/text/ystwdataList",
  "/monitor/picture/dataAnalysis",
  "/monitor/picture/monitorReport",
  "/monitor/text/guidance",
];
const login = await registerUser(BASE, uniqueMobile(), "Abc12345!");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
await page.goto(BASE + "/");
await storeUserSession(page, login);
for (const path of pages) {
  await page.goto(BASE + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/wt-client-shots${path.replaceAll("/", "_")}.png`, fullPage: true });
}
await browser.close();
