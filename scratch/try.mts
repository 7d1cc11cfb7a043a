import { chromium } from "playwright-core";
import { startFrameVideo } from "../server/recording/cloud-browser/frame-video.js";
import { writeFileSync, appendFileSync } from "node:fs";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.setContent("<h1 id=h>hello</h1>");
const cdp = await page.context().newCDPSession(page);
writeFileSync("/tmp/fv/out.mp4", "");
const t0 = Date.now();
const video = startFrameVideo({ ffmpegPath: "ffmpeg", timesliceMs: 2000, maxChunkBytes: 1 << 20, onChunk: async (c, ms) => { console.log("chunk", c.length, ms, Date.now()-t0); appendFileSync("/tmp/fv/out.mp4", c); }, onFailure: (e) => console.log("fail", e) });
let n = 0;
cdp.on("Page.screencastFrame", (f) => { n++; video.show(Buffer.from(f.data, "base64")); void cdp.send("Page.screencastFrameAck", { sessionId: f.sessionId }); });
await cdp.send("Page.startScreencast", { format: "jpeg", quality: 70, maxWidth: 1280, maxHeight: 800, everyNthFrame: 1 });
for (let i = 0; i < 50; i++) { await page.evaluate((i) => (document.getElementById("h")!.textContent = "n" + i), i); await new Promise(r => setTimeout(r, 100)); }
await new Promise(r => setTimeout(r, 2000));
await video.close();
console.log("frames", n, "elapsed", Date.now() - t0, video.elapsedMs());
await browser.close();
