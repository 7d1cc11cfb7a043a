import { chromium } from "playwright-core";
const width = Number(process.argv[2] ?? 1366);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await b.newContext({ locale: "zh-CN", viewport: { width, height: 900 } });
if (process.env.USER_JSON) await ctx.addInitScript((u) => localStorage.setItem("evidence.userSession", u), process.env.USER_JSON);
const p = await ctx.newPage();
await p.goto("http://127.0.0.1:18474/index");
await p.waitForTimeout(1500);
const dots = p.locator(".hz-banner-dots li button");
const n = await dots.count();
for (let i = 0; i < n; i++) {
  await dots.nth(i).click();
  await p.waitForTimeout(900);
  await p.screenshot({ path: `/tmp/wt4-shots/banner-${width}-${i}.png`, clip: { x: 0, y: 0, width, height: 600 } });
}
await b.close();
