import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_PATH, HealthSchema } from "../../src/schema/health.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("the readiness probe", () => {
  it("answers 200 {status: ok} without a signature, and is never cached", async () => {
    const response = await t.app.inject({ method: "GET", url: HEALTH_PATH });
    expect(response.statusCode).toBe(200);
    expect(HealthSchema.parse(response.json())).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is no part of the /webapi contract's OpenAPI document", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/opendocs/json" })).json();
    expect(Object.keys(document.paths)).not.toContain(HEALTH_PATH);
  });
});
