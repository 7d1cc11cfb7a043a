import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserForFile, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { freePort, startServer, type ServerProcess } from "./support/server-process.js";

/**
 * The home page and /info/blockChain follow the ledger live: entries appended in the server
 * process reach the open pages over /ws/chain well before the 15 s fallback poll would.
 */
describe("live chain figures in Chromium", () => {
  // A server of its own: the test server with a ledger control port, on a fresh ledger.
  let server: ServerProcess;
  const browser = browserForFile();
  let controlPort: number;

  beforeAll(async () => {
    controlPort = await freePort();
    server = await startServer({ entry: "tests/e2e/support/ledger-control-server.ts", env: { LEDGER_CONTROL_PORT: String(controlPort) } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function append(text: string): Promise<{ blockHeight: number; treeSize: number; leafHash: string }> {
    const response = await fetch(`http://127.0.0.1:${controlPort}/append`, { method: "POST", body: JSON.stringify({ v: 1, text }) });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function openWithSocket(url: string): Promise<{ page: Page; problems: string[]; sockets: string[] }> {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    const problems = watchConsole(page);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(new URL(socket.url()).pathname));
    await page.goto(url);
    return { page, problems, sockets };
  }

  const figure = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  it("the home page shows each new block and entry as it is signed, with the witness online", async () => {
    const { page, problems, sockets } = await openWithSocket(`${server.url}/`);
    await page.getByText("账本尚未产生区块").waitFor();
    await expect.poll(() => sockets).toContain("/ws/chain");

    const first = await append("first entry");
    await expect.poll(() => figure(page, "交易数量").textContent(), { timeout: 10_000 }).toBe(String(first.treeSize));
    expect(await figure(page, "区块高度").textContent()).toBe(String(first.blockHeight));
    expect(await figure(page, "节点数量").textContent()).toBe("2");

    const second = await append("second entry");
    await expect.poll(() => figure(page, "区块高度").textContent(), { timeout: 10_000 }).toBe(String(second.blockHeight));
    expect(await figure(page, "交易数量").textContent()).toBe(String(second.treeSize));
    const witnessRow = page.locator(".hz-chain__rows li", { hasText: "hengzheng.local/witness" });
    await expect.poll(() => witnessRow.textContent(), { timeout: 10_000 }).toContain("在线");
    await page.locator("code", { hasText: second.leafHash.slice(0, 10) }).waitFor();

    await page.locator(".hz-chain").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "home-chain-live.png"), fullPage: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("/info/blockChain shows the same figures live", async () => {
    const { page, problems } = await openWithSocket(`${server.url}/info/blockChain`);
    const card = page.getByRole("region", { name: "账本实时统计" });
    await card.getByText("区块高度").waitFor();
    const before = Number((await card.locator(".ant-statistic-content-value").nth(2).textContent())?.replace(/,/g, ""));
    const receipt = await append("third entry");
    expect(receipt.treeSize).toBe(before + 1);
    await expect.poll(async () => (await card.locator(".ant-statistic-content-value").nth(2).textContent())?.replace(/,/g, ""), { timeout: 10_000 }).toBe(String(receipt.treeSize));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "block-chain-live.png") });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
