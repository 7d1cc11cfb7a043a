import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config.js";

describe("loadConfig", () => {
  it("has working defaults for the embedded mode", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: "development", port: 8080, databaseUrl: undefined, seedDemo: true });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("reads PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({ PORT: "9090", DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u@h/db" });
    expect(config).toMatchObject({ port: 9090, dataDir: "/tmp/x", databaseUrl: "postgres://u@h/db" });
  });

  it("does not seed demo content in production unless asked", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, 'PORT 必须是 1-65535 之间的整数（当前值 "abc"）'],
    [{ PORT: "70000" }, 'PORT 必须是 1-65535 之间的整数（当前值 "70000"）'],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL 必须是 postgres:// 或 postgresql:// 开头的连接串"],
    [{ NODE_ENV: "staging" }, "NODE_ENV 只能是 development、production 或 test"],
    [{ SEED_DEMO: "yes" }, "SEED_DEMO 只能是 true、false、1 或 0"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL 只能是"],
  ])("refuses %j with a clear message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reports every bad value at once", () => {
    try {
      loadConfig({ PORT: "x", NODE_ENV: "y" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
