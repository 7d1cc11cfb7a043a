import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { onPostgres } from "./support/test-database.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Log lines and the OpenAPI document come from the HTTP layer and the route schemas, the same on
// either database: proven once, on SQLite.
describe.skipIf(onPostgres)("structured logs", () => {
  it("are JSON lines that never contain tokens, signatures or codes", async () => {
    const { token } = await t.app.services.sessions.create("kim", "user");
    await t.call(COMMON_ENDPOINTS.getTime, { vCode: "8642", passWord: "secret-password-1" }, { token });
    await t.call(ACCOUNT_ENDPOINTS.logout, { id: "kim" }, { token });
    // Without the lines' clock readings, which hold any four digits now and then ("time":1795486420013).
    const text = t.logs.join("").replace(/"(time|responseTime)":[\d.]+/g, "");
    expect(t.logs.length).toBeGreaterThan(0);
    for (const line of t.logs) expect(() => JSON.parse(line)).not.toThrow();
    expect(text).toContain(webapiPath(COMMON_ENDPOINTS.getTime));
    expect(text).not.toContain(token);
    expect(text).not.toContain("8642");
    expect(text).not.toContain("secret-password-1");
    expect(text).toContain("token=***");
  });
});

describe.skipIf(onPostgres)("OpenAPI document", () => {
  it("is generated from the route schemas and served as JSON", async () => {
    const response = await t.app.inject({ method: "GET", url: "/opendocs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        webapiPath(COMMON_ENDPOINTS.getTime),
        webapiPath(COMMON_ENDPOINTS.getDappList),
        webapiPath(COMMON_ENDPOINTS.getBanner),
        webapiPath(COMMON_ENDPOINTS.getCmsArticle),
        webapiPath(ACCOUNT_ENDPOINTS.logout),
      ]),
    );
    const parameters = document.paths[webapiPath(COMMON_ENDPOINTS.getCmsArticle)].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters).toEqual(expect.arrayContaining(["pageNewSize", "pageNumber", "pageSize", "timestamp", "signature"]));
  });

  it("is browsable at /opendocs without the internet", async () => {
    const page = await t.app.inject({ method: "GET", url: "/opendocs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\/[^"']*\.(js|css)/i);
  });
});
