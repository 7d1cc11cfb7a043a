import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config.js";

describe("loadConfig", () => {
  it("has working defaults for the embedded mode", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: "development", port: 8080, databaseUrl: undefined, seedDemo: true });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("migrates on start and closes within 10 s unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ migrateOnStart: true, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ MIGRATE_ON_START: "false", SHUTDOWN_TIMEOUT_MS: "30000" })).toMatchObject({ migrateOnStart: false, shutdownTimeoutMs: 30_000 });
  });

  it("closes ledger blocks 500 ms after their first entry unless told otherwise, within 0-60000 ms", () => {
    expect(loadConfig({}).ledgerBlockDelayMs).toBe(500);
    expect(loadConfig({ LEDGER_BLOCK_DELAY_MS: "0" }).ledgerBlockDelayMs).toBe(0);
    expect(() => loadConfig({ LEDGER_BLOCK_DELAY_MS: "-1" })).toThrow("LEDGER_BLOCK_DELAY_MS 必须是 0-60000 之间的整数（毫秒）");
    expect(() => loadConfig({ LEDGER_BLOCK_DELAY_MS: "0.5" })).toThrow("LEDGER_BLOCK_DELAY_MS 必须是 0-60000 之间的整数（毫秒）");
  });

  it("reads PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({ PORT: "9090", DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u@h/db" });
    expect(config).toMatchObject({ port: 9090, dataDir: "/tmp/x", databaseUrl: "postgres://u@h/db" });
  });

  const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.internal:25", SMS_WEBHOOK_URL: "https://sms.internal/send" };

  it("does not seed demo content in production unless asked, and turns development providers off", () => {
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, developmentProviders: false });
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({}).developmentProviders).toBe(true);
  });

  it("issues invoices with the development issuer outside production only", () => {
    expect(loadConfig({}).invoiceProvider).toBe("development");
    expect(loadConfig(production).invoiceProvider).toBeNull();
    expect(() => loadConfig({ ...production, INVOICE_PROVIDER: "development" })).toThrow("INVOICE_PROVIDER 在生产环境不能是 development：开发环境样张不是发票");
    expect(() => loadConfig({ INVOICE_PROVIDER: "baiwang" })).toThrow("INVOICE_PROVIDER 只能是 development（开发环境样张）");
  });

  it("refuses production without real SMS and e-mail channels", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow("SMTP_URL 在生产环境必须配置");
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow("SMS_WEBHOOK_URL 在生产环境必须配置");
  });

  it.each([
    [{ PORT: "abc" }, 'PORT 必须是 1-65535 之间的整数（当前值 "abc"）'],
    [{ PORT: "70000" }, 'PORT 必须是 1-65535 之间的整数（当前值 "70000"）'],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL 必须是 postgres:// 或 postgresql:// 开头的连接串"],
    [{ NODE_ENV: "staging" }, "NODE_ENV 只能是 development、production 或 test"],
    [{ SEED_DEMO: "yes" }, "SEED_DEMO 只能是 true、false、1 或 0"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL 只能是"],
    [{ SMTP_URL: "mail.example.com" }, "SMTP_URL 必须是 smtp:// 或 smtps:// 开头的地址"],
    [{ PASSWORD_SCRYPT_LOG_N: "30" }, "PASSWORD_SCRYPT_LOG_N 必须是 14-20 之间的整数"],
    [{ USER_SESSION_IDLE_MS: "10" }, "USER_SESSION_IDLE_MS 必须是不小于 1000 的整数（毫秒）"],
    [{ SHUTDOWN_TIMEOUT_MS: "500" }, 'SHUTDOWN_TIMEOUT_MS 必须是 1000-600000 之间的整数（毫秒）（当前值 "500"）'],
    [{ SHUTDOWN_TIMEOUT_MS: "ten" }, "SHUTDOWN_TIMEOUT_MS 必须是 1000-600000 之间的整数（毫秒）"],
    [{ MIGRATE_ON_START: "no" }, "MIGRATE_ON_START 只能是 true、false、1 或 0"],
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
