/**
 * The cloud browser (issue 16): frame latency from Chromium painting a screencast frame (CDP
 * metadata.timestamp) to a recorder client holding it decoded (a Node client of the real socket:
 * JSON parsed, JPEG bytes out of base64), p50 and p95, and frames per second, while a page animates
 * every frame; against the bare CDP screencast of the same Chromium build in the same run (the frame
 * event reaching Node, no socket, no encoder). The platform's figures include the H.264 encoder
 * running on the same frames.
 *   npx tsx bench/cloud-browser.bench.ts
 */
import { chromium } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "../server/capture/browser/browser-pool.js";
import { CLOUD_BROWSER_ENDPOINTS, CLOUD_BROWSER_SCREENS } from "../src/schema/cloud-browser.js";
import { connectCloudBrowser, socketUrl } from "../tests/capture/support/cloud-browser-client.js";
import { startTestSites } from "../tests/capture/support/test-sites.js";
import { CHROMIUM_PATH } from "../tests/e2e/support/chromium.js";
import { recordingClient } from "../tests/server/recording/recording-support.js";
import { createTestApp } from "../tests/server/support/test-app.js";

const SECONDS = 10;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const report = (label: string, latencies: number[], seconds: number) =>
  console.log(`${label.padEnd(40)} p50 ${percentile(latencies, 50).toFixed(0).padStart(4)} ms   p95 ${percentile(latencies, 95).toFixed(0).padStart(4)} ms   ${(latencies.length / seconds).toFixed(1).padStart(5)} frames/s`);

const sites = await startTestSites();
// A clock that changes every animation frame: the screencast has something new to send each time.
sites.route("/animated", (_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>动画</title><body style="margin:0;font:64px sans-serif">
<div id="c"></div><script>const c = document.getElementById("c"); (function tick(t) { c.textContent = t.toFixed(1); c.style.marginLeft = (t / 5 % 800) + "px"; requestAnimationFrame(tick); })(0);</script></body>`);
});
const url = `${sites.httpOrigin}/animated`;
const { width, height } = CLOUD_BROWSER_SCREENS.desktop;

// Baseline: CDP screencast straight into Node.
const bare = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...HEADLESS_CHROMIUM_ARGS] });
const bareLatencies: number[] = [];
{
  const page = await bare.newPage({ viewport: { width, height } });
  await page.goto(url);
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Page.screencastFrame", ({ data, metadata, sessionId }) => {
    void cdp.send("Page.screencastFrameAck", { sessionId });
    Buffer.from(data, "base64");
    if (metadata.timestamp) bareLatencies.push(Date.now() - metadata.timestamp * 1000);
  });
  await cdp.send("Page.startScreencast", { format: "jpeg", quality: 70, maxWidth: width, maxHeight: height, everyNthFrame: 1 });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  await cdp.send("Page.stopScreencast");
}
await bare.close();

// The platform: a session through the real app and its socket.
const t = await createTestApp({ seedDemo: false, env: { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(",") } });
const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
const r = recordingClient(t);
const user = await r.newCustomer();
await r.grantRecordings(user, 1);
const started = await r.call(CLOUD_BROWSER_ENDPOINTS.start, user, { name: "帧延迟基准", url, viewport: "desktop" });
if (started.code !== 200) throw new Error(started.message);
const client = connectCloudBrowser(socketUrl(origin, user.token, started.datas.id));
const latencies: number[] = [];
let measuring = false;
client.onMessage = (message) => {
  if (message.type !== "frame" || !measuring) return;
  Buffer.from(message.jpeg, "base64");
  latencies.push(Date.now() - message.timestamp);
};
await client.opened;
await client.waitFor((message) => message.type === "page" && !message.loading);
measuring = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
measuring = false;
const stopped = await r.call(CLOUD_BROWSER_ENDPOINTS.stop, user, { id: started.datas.id });
await r.sealed();
const { datas } = await r.call(CLOUD_BROWSER_ENDPOINTS.state, user, { id: started.datas.id });

console.log(`cloud browser frame latency, ${width}x${height} JPEG q70, an animating page, ${SECONDS} s each (${new Date().toISOString()})`);
report("bare CDP screencast into Node", bareLatencies, SECONDS);
report("platform: socket to a Node client", latencies, SECONDS);
console.log(`ratio p50 platform / bare: ${(percentile(latencies, 50) / percentile(bareLatencies, 50)).toFixed(2)}`);
console.log(`recording: ${stopped.datas.state} → ${datas.recording.state}, ${datas.recording.chunks} chunks, ${(datas.recording.bytes / 1024).toFixed(0)} KiB video for ${(datas.recording.durationMs / 1000).toFixed(1)} s`);
client.close();
await t.close();
await sites.close();
