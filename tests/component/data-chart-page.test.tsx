import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { genericPage } from "../../src/resources/define";
import { deriveRoutes, type SectionRoute } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import type { ChartSource, MainSectionDefinition } from "../../src/resources/types";
import { ChartDataSchema, type ChartData } from "../../src/schema/chart";
import { endpoint } from "../../src/schema/contract";
import { MONITOR_ENDPOINTS } from "../../src/schema/monitor";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { renderPersonal } from "./personal-harness";

const realRoute = (path: string) => deriveRoutes(REGISTRY).find((route) => route.path === path)!;

/** The chart component and echarts load lazily; the first import takes a while in a cold test run. */
const LAZY_LOAD = { timeout: 15_000 };

/** A chart endpoint as a later issue will declare one in src/schema; declared here, it reaches no server. */
const TREND = endpoint({ method: "GET", path: "/trial/v2/trend", input: z.object({}), datas: ChartDataSchema, session: "user", tag: "试验", summary: "试验趋势" });
const TREND_SOURCE: ChartSource = { endpoint: TREND, type: "line", xAxisName: "日期", yAxisName: "疑似侵权条数" };

/** A throwaway section whose chart page has a data source, as a later issue will register one. */
function chartRoute(source: ChartSource | undefined): SectionRoute {
  const trial: MainSectionDefinition = {
    key: "trial",
    title: "试验监测",
    sections: [{ key: "sample", title: "样例监测", landing: "dataChart", pages: [genericPage("dataChart", "dataChart", "数据图表", source ? { chart: source } : {})] }],
  };
  return deriveRoutes([trial])[0];
}

function openRoute(route: SectionRoute, script: Record<string, ScriptedAnswer> = {}) {
  return renderPersonal({ path: route.path, element: <SectionRouteElement route={route} />, script });
}

describe("the dataChart page kind", () => {
  it("a chart page without a data source has no data yet: it says so plainly and draws nothing", async () => {
    const route = chartRoute(undefined);
    const { calls } = openRoute(route);
    expect(await screen.findByRole("heading", { name: route.page.title, level: 4 })).toBeInTheDocument();
    expect(screen.getByText("暂无监测数据")).toBeInTheDocument();
    expect(screen.getByText("此功能将在后续版本开放")).toBeInTheDocument();
    expect(screen.queryByRole("figure")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("draws several charts of one page, each asking its endpoint with its own parameters (monitoring's dataAnalysis)", async () => {
    const route = realRoute(registryPath("monitor/picture", "dataAnalysis"));
    const bySite: ChartData = { categories: ["样例图库站", "样例论坛"], series: [{ name: "疑似侵权", values: [4, 1] }] };
    const { callsTo } = openRoute(route, { [MONITOR_ENDPOINTS.chart.path]: (params) => ok(params.dimension === "site" ? bySite : { categories: [], series: [] }) });
    const site = await screen.findByRole("figure", { name: "图片监测数据分析：按站点" }, LAZY_LOAD);
    await waitFor(() => expect(within(site).getByRole("img")).toHaveAttribute("aria-label", "图片监测数据分析：按站点。疑似侵权：样例图库站 4，样例论坛 1。"));
    expect(await screen.findByRole("figure", { name: "图片监测数据分析：按作品" }, LAZY_LOAD)).toBeInTheDocument();
    expect(await screen.findByRole("figure", { name: "图片监测数据分析：按匹配方式" }, LAZY_LOAD)).toBeInTheDocument();
    expect(callsTo(MONITOR_ENDPOINTS.chart.path).map((call) => [call.params.channel, call.params.dimension]).sort()).toEqual([
      ["picture", "matchType"],
      ["picture", "site"],
      ["picture", "work"],
    ]);
  });

  it("draws the series of a registered data source", async () => {
    const data: ChartData = { categories: ["2024-05-01", "2024-05-02", "2024-05-03"], series: [{ name: "网站", values: [3, 7, 2] }] };
    const { callsTo } = openRoute(chartRoute(TREND_SOURCE), { [TREND.path]: ok(data) });
    const figure = await screen.findByRole("figure", { name: "样例监测数据图表" }, LAZY_LOAD);
    // What a screen reader hears: the series and its value per day, as the endpoint answered them.
    const chart = await within(figure).findByRole("img");
    await waitFor(() => expect(chart).toHaveAttribute("aria-label", "样例监测数据图表。网站：2024-05-01 3，2024-05-02 7，2024-05-03 2。"));
    expect(screen.queryByText("暂无监测数据")).not.toBeInTheDocument();
    expect(callsTo(TREND.path)).toHaveLength(1);
  });

  it("with a data source that has no figures yet, shows the empty frame and says there is no data", async () => {
    openRoute(chartRoute(TREND_SOURCE), { [TREND.path]: ok({ categories: [], series: [] }) });
    const figure = await screen.findByRole("figure", { name: "样例监测数据图表" }, LAZY_LOAD);
    await waitFor(() => expect(within(figure).getByRole("img")).toHaveAttribute("aria-label", "样例监测数据图表：暂无数据。"));
    expect(screen.getByText("暂无监测数据")).toBeInTheDocument();
    expect(screen.queryByText("此功能将在后续版本开放")).not.toBeInTheDocument();
  });

  it("shows the server's message when the data source fails", async () => {
    openRoute(chartRoute(TREND_SOURCE), { [TREND.path]: fail(500, "网络异常，请稍后重试") });
    expect(await screen.findByText("网络异常，请稍后重试")).toBeInTheDocument();
    expect(screen.queryByRole("figure")).not.toBeInTheDocument();
  });
});
