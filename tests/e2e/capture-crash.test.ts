import { afterAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS, type CaptureRecord } from "../../src/schema/capture.js";
import { startTestSites, type TestSites } from "../capture/support/test-sites.js";
import { call, expectSuccess, registerUser, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { buySnapshotBundle } from "./support/snapshot-bundle.js";

let server: ServerProcess | undefined;
let sites: TestSites | undefined;
afterAll(async () => {
  await server?.stop();
  await sites?.close();
});

/** Long enough for the test to see the capture running and kill the server in the middle of it. */
const SLOW_PAGE_MS = 4000;

async function captureOf(session: LoginResult, id: number): Promise<CaptureRecord> {
  const [record] = expectSuccess("progress", (await call(server!.url, CAPTURE_ENDPOINTS.progress, { ids: String(id), token: session.token })).body);
  return record;
}

async function waitFor(session: LoginResult, id: number, done: (record: CaptureRecord) => boolean, what: string): Promise<CaptureRecord> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const record = await captureOf(session, id);
    if (done(record)) return record;
    if (Date.now() > deadline) throw new Error(`capture ${id} never became ${what}: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A capture interrupted by a crash (issue 15, Safety): the server is killed with SIGKILL while a
 * capture is running; at the next start the capture is taken up again, sealed once, and charged once.
 */
describe("web capture across a crash", () => {
  it("resumes a capture cut off by kill -9 at the next start and charges it once", async () => {
    sites = await startTestSites();
    sites.route("/slow", async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_PAGE_MS));
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>慢速页面</title><h1>慢速加载的页面</h1><p>用于测试取证过程中服务中断。</p>");
    });
    const env = { CAPTURE_ALLOWED_HOSTS: sites.allowedHosts.join(",") };
    server = await startServer({ env });
    const { dataDir } = server;
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    await buySnapshotBundle(server.url, session);

    const [created] = expectSuccess("create", (await call(server.url, CAPTURE_ENDPOINTS.create, { name: "中断的取证", urls: `${sites.httpOrigin}/slow`, token: session.token })).body);
    await waitFor(session, created.id, (record) => record.state === "running", "running");
    await server.kill9();

    server = await startServer({ dataDir, env });
    const sealed = await waitFor(session, created.id, (record) => record.state === "sealed" || record.state === "failed", "finished");
    expect(sealed).toMatchObject({ state: "sealed", title: "慢速页面" });
    expect(sealed.attempts).toBeGreaterThanOrEqual(2);
    expect(sealed.certificateNo).toMatch(/^HZ[0-9A-Z]{22}$/);
    const allowance = expectSuccess("allowance", (await call(server.url, CAPTURE_ENDPOINTS.allowance, { token: session.token })).body);
    expect(allowance.total).toBe(9);
    const listed = expectSuccess("list", (await call(server.url, CAPTURE_ENDPOINTS.list, { token: session.token })).body);
    expect(listed.list.map((record) => record.id)).toEqual([created.id]);
  });
});
