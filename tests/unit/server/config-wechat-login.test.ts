import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config.js";

const appId = "wx0123456789abcdef";
const appSecret = "0123456789abcdef0123456789abcdef";

describe("WX_APP_ID and WX_APP_SECRET", () => {
  it("are optional, and together turn on WeChat scan login", () => {
    expect(loadConfig({}).wechatLogin).toBeUndefined();
    expect(loadConfig({ WX_APP_ID: appId, WX_APP_SECRET: appSecret }).wechatLogin).toEqual({ appId, appSecret });
  });

  it.each([
    [{ WX_APP_ID: appId }, "WX_APP_SECRET 未配置：微信扫码登录需要 WX_APP_ID 与 WX_APP_SECRET 同时配置"],
    [{ WX_APP_SECRET: appSecret }, "WX_APP_ID 未配置"],
    [{ WX_APP_ID: "0123", WX_APP_SECRET: appSecret }, "WX_APP_ID 必须是微信开放平台网站应用的 AppID（wx 开头，共 18 位）"],
    [{ WX_APP_ID: appId, WX_APP_SECRET: "short" }, "WX_APP_SECRET 必须是微信开放平台网站应用的 32 位 AppSecret"],
  ])("refuses %j with a clear message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
