import { chromium } from "playwright-core";
const url = process.argv[2] ?? "http://127.0.0.1:18474/index";
const prefix = process.argv[3] ?? "/tmp/wt4-shots/view";
const width = Number(process.argv[4] ?? 1366);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await b.newContext({ locale: "zh-CN", viewport: { width, height: 900 } });
if (process.env.USER_JSON) await ctx.addInitScript((u) => localStorage.setItem("evidence.userSession", u), process.env.USER_JSON);
const p = await ctx.newPage();
p.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text().slice(0,200)); });
p.on("pageerror", (e) => console.log("pageerror:", String(e)));
await p.goto(url);
await p.waitForTimeout(2000);
const height = await p.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < height; y += 900, i++) {
  await p.evaluate((top) => window.scrollTo(0, top), y);
  await p.waitForTimeout(700);
  await p.screenshot({ path: `${prefix}-${i}.png` });
}
console.log("height", height);
await b.close();
