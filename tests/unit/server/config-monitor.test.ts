import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.js";

describe("monitoring settings (issue 18)", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({}).monitor).toEqual({ tickMs: 30_000, concurrency: 2, crawlDelayMs: 1000, maxBytes: 50 * 1024 * 1024, mediaMaxBytes: 200 * 1024 * 1024, ignoreRobotsHosts: [] });
  });

  it("reads the operator's values, the robots override as a list of hosts", () => {
    const monitor = loadConfig({ MONITOR_TICK_MS: "50", MONITOR_CONCURRENCY: "1", MONITOR_CRAWL_DELAY_MS: "0", MONITOR_MAX_BYTES: "2048", MONITOR_MEDIA_MAX_BYTES: "4096", MONITOR_IGNORE_ROBOTS_HOSTS: " intranet.example.cn , 127.0.0.1:8443 " }).monitor;
    expect(monitor).toEqual({ tickMs: 50, concurrency: 1, crawlDelayMs: 0, maxBytes: 2048, mediaMaxBytes: 4096, ignoreRobotsHosts: ["intranet.example.cn", "127.0.0.1:8443"] });
  });

  it("refuses values out of range with the variable's name and the rule", () => {
    expect(() => loadConfig({ MONITOR_TICK_MS: "5" })).toThrow("MONITOR_TICK_MS 必须是 10-3600000 之间的整数（毫秒）");
    expect(() => loadConfig({ MONITOR_CONCURRENCY: "0" })).toThrow("MONITOR_CONCURRENCY 必须是 1-16 之间的整数");
    expect(() => loadConfig({ MONITOR_CRAWL_DELAY_MS: "1.5" })).toThrow("MONITOR_CRAWL_DELAY_MS 必须是 0-60000 之间的整数（毫秒）");
    expect(() => loadConfig({ MONITOR_MAX_BYTES: "100" })).toThrow("MONITOR_MAX_BYTES 必须是 1024-1073741824 之间的整数（字节）");
    expect(() => loadConfig({ MONITOR_IGNORE_ROBOTS_HOSTS: "http://a.example/" })).toThrow("MONITOR_IGNORE_ROBOTS_HOSTS 必须是以逗号分隔的主机名");
  });
});
