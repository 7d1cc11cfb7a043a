import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { formPath, issueAt, START_LATER_PAST, START_LATER_REQUIRED, taskFormIssues, toTaskCall, type TaskFormValues } from "../../../../src/pages/monitor/task-form-values";
import { MONITOR_MESSAGES } from "../../../../src/schema/monitor";

const NOW = Date.parse("2026-11-24T10:00:00+08:00");
const filled = (overrides: Partial<TaskFormValues> = {}): TaskFormValues => ({
  name: "散文监测",
  workIds: [11],
  evidenceIds: [],
  keywords: [],
  excludeKeywords: [],
  sites: [{ kind: "web", name: "样例站", url: "http://127.0.0.1:18401/", depth: 2, maxPages: 100 }],
  weeks: 2,
  frequency: "daily",
  startMode: "now",
  startAt: null,
  autoCapture: true,
  ...overrides,
});

describe("the task form's checks per channel", () => {
  it.each([
    ["text", filled({ workIds: [] }), ["workIds"], MONITOR_MESSAGES.noWorks],
    ["rights", filled(), ["evidenceIds"], MONITOR_MESSAGES.noWorks],
    ["publicOpinion", filled(), ["keywords"], MONITOR_MESSAGES.noKeywords],
    ["text", filled({ startMode: "later" }), ["startAt"], START_LATER_REQUIRED],
    ["text", filled({ startMode: "later", startAt: dayjs(NOW - 60_000) }), ["startAt"], START_LATER_PAST],
    ["text", filled({ sites: [{ kind: "web", name: "样例站", url: "example.com", depth: 2, maxPages: 100 }] }), ["sites", 0, "url"], "请输入以 http:// 或 https:// 开头的站点地址"],
    ["text", filled({ weeks: 53 }), ["weeks"], MONITOR_MESSAGES.weeks],
  ] as const)("%s: %j is refused at %j", (channel, values, place, message) => {
    const { issues, call } = taskFormIssues(channel, values, NOW);
    expect(issueAt(issues, place)).toBe(message);
    expect(call).toBeNull();
  });

  it("sends only what the channel protects, and a later start as its time", () => {
    const later = dayjs(NOW + 86_400_000);
    const { call } = taskFormIssues("publicOpinion", filled({ keywords: ["样例品牌"], startMode: "later", startAt: later }), NOW);
    expect(call).toMatchObject({ channel: "publicOpinion", workIds: [], evidenceIds: [], keywords: ["样例品牌"], startTime: later.valueOf(), weeks: 2 });
    expect(toTaskCall("text", filled())).not.toHaveProperty("startTime");
  });

  it("reads a server's field name as the form's", () => {
    expect(formPath("sites.0.url")).toEqual(["sites", 0, "url"]);
    expect(formPath("startTime")).toEqual(["startAt"]);
    expect(formPath("name")).toEqual(["name"]);
  });
});
