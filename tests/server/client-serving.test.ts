import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { registryPath } from "../../src/resources/registry-paths";
import { SPEC_INFO_ROUTES, SPEC_TOP_LEVEL_ROUTES, SPEC_USER_ROUTES } from "../fixtures/spec-routes.js";
import { createTestDatabase, onPostgres, type TestDatabase } from "./support/test-database.js";

/** Every public path of spec §2 a visitor may open directly (the end-to-end walk reaches them by links); /obtainEvidence is the server's redirect. */
const PUBLIC_PATHS = [...SPEC_TOP_LEVEL_ROUTES, ...SPEC_INFO_ROUTES, ...SPEC_USER_ROUTES].filter((route) => route !== "/obtainEvidence");

let database: TestDatabase;
let clientDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>衡证</title><div id=root></div>");
  fs.writeFileSync(path.join(clientDir, "assets", "index-AbCdEf12.js"), "console.log(1)");
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: database.dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: "silent" });
  app = await buildApp({ config, database: database.handle });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

// Files from the client folder: the database plays no part, so proven once, on SQLite.
describe.skipIf(onPostgres)("serving the client", () => {
  it.each(["/", registryPath("personal/operationPanel"), `${registryPath("evidenceSave/fileEvidence", "guidance")}?x=1`, "/no/such/page", ...PUBLIC_PATHS])(
    "answers the history-mode path %s with the app",
    async (url) => {
      const response = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id=root>');
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("serves hashed bundles with a long cache", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/index-AbCdEf12.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("answers a missing asset with a real 404, not the app", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/images/missing.png" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<div id=root>");
  });

  it("answers an unknown /webapi path with the envelope", async () => {
    const response = await app.inject({ method: "POST", url: "/webapi/unknown", payload: {} });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toHaveProperty("code");
  });
});
