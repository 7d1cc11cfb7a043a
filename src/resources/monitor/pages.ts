import {
  MONITOR_CHANNEL_LABELS,
  MONITOR_CHANNELS,
  MONITOR_CHART_DIMENSION_LABELS,
  MONITOR_CHANNEL_KEYS,
  MONITOR_ENDPOINTS,
  MonitorHitListQuerySchema,
  MonitorHitRowSchema,
  MonitorReportRowSchema,
  MonitorTaskListQuerySchema,
  MonitorTaskRowSchema,
  type MonitorChannel,
  type MonitorChartDimension,
} from "../../schema/monitor";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { ChartSource, ListFilter, PageDefinition, PageSlotsLoader, SectionData } from "../types";

/**
 * The data of /monitor's pages. A page family is a channel (src/schema/monitor.ts
 * MONITOR_CHANNELS); every page carries its channel in `fixedParams`, so its list and chart calls
 * send it and its screens read it from the registry, never from the URL.
 */

const M = MONITOR_ENDPOINTS;

const HIT_SLOTS: PageSlotsLoader = () => import("../../pages/monitor/hit-list-slots");
const HIT_CERTIFICATE_SLOTS: PageSlotsLoader = () => import("../../pages/monitor/hit-certificate-slots");
const TASK_SLOTS: PageSlotsLoader = () => import("../../pages/monitor/task-list-slots");
const REPORT_SLOTS: PageSlotsLoader = () => import("../../pages/monitor/report-list-slots");
const loadTaskForm = () => import("../../pages/monitor/task-new-page");

const channelParams = (channel: MonitorChannel) => ({ channel });

const hitFilters = describeFilters(MonitorHitListQuerySchema, ["keyName", "review", "evidenceState", "matchType", ["startTime", "endTime"]]);
const HIT_COLUMNS = ["title", "platform", "author", "publishTime", "foundTime", "matchType", "score", "workName", "review", "evidenceState", "certificateNo"] as const;

/** A channel's hits (dataList, ystwdataList …); `withCertificate` keeps only those whose evidence is stored (证书列表). */
function hitData(channel: MonitorChannel, withCertificate = false): SectionData {
  return defineSectionData({
    record: MonitorHitRowSchema,
    columns: HIT_COLUMNS,
    filters: hitFilters,
    endpoints: { list: M.hits, one: M.hit },
    fixedParams: { ...channelParams(channel), ...(withCertificate ? { withCertificate: "true" } : {}) },
    emptyText: withCertificate ? "暂无已取证的监测结果" : "暂无监测结果",
  });
}

/** One task's hits, whatever its channel (dataResults?id=): the task names them all. */
const RESULTS_DATA: SectionData = defineSectionData({
  record: MonitorHitRowSchema,
  columns: ["taskNo", ...HIT_COLUMNS],
  filters: hitFilters,
  endpoints: { list: M.hits, one: M.hit },
  scope: { from: "id", param: "taskId", label: "监测任务" },
  emptyText: "该任务暂无监测结果",
});

/** A hit's certificate is its web evidence's (`evidenceId`). */
function certificateData(channel: MonitorChannel): SectionData {
  return defineSectionData({ record: MonitorHitRowSchema, endpoints: { one: M.hit }, certificateIdField: "evidenceId", fixedParams: channelParams(channel) });
}

/** The channels of a section (text: 文字, 信息, 标识, 文学 监测). */
export function sectionChannels(sectionKey: string): MonitorChannel[] {
  return MONITOR_CHANNEL_KEYS.filter((key) => MONITOR_CHANNELS[key].section === sectionKey);
}

/** A section with variants lists its own channel's tasks unless another of its channels is chosen. */
function channelFilter(channels: readonly MonitorChannel[]): ListFilter[] {
  if (channels.length < 2) return [];
  return [{ kind: "select", field: "channel", label: "监测类型", placeholder: MONITOR_CHANNEL_LABELS[channels[0]], options: channels.map((key) => ({ value: key, label: MONITOR_CHANNEL_LABELS[key] })) }];
}

function taskData(channels: readonly MonitorChannel[]): SectionData {
  return defineSectionData({
    record: MonitorTaskRowSchema,
    columns: ["taskNo", "name", "channel", "state", "siteCount", "workCount", "frequency", "weeks", "weeklyFeeFen", "billedWeeks", "chargedFen", "hitCount", "startTime", "lastRunTime", "nextRunTime"],
    filters: [...channelFilter(channels), ...describeFilters(MonitorTaskListQuerySchema, ["keyName", "state", ["startTime", "endTime"]])],
    endpoints: { list: M.tasks, one: M.task },
    fixedParams: channelParams(channels[0]),
    emptyText: "暂无监测任务",
  });
}

function reportData(channel: MonitorChannel): SectionData {
  return defineSectionData({
    record: MonitorReportRowSchema,
    columns: ["reportNo", "periodStart", "periodEnd", "taskCount", "hitCount", "evidenceCount", "sha256", "ledgerIndex", "createTime"],
    endpoints: { list: M.reports },
    fixedParams: channelParams(channel),
    emptyText: "暂无监测报告",
  });
}

function chart(channel: MonitorChannel, dimension: MonitorChartDimension, type: ChartSource["type"], xAxisName: string, title?: string): ChartSource {
  return { endpoint: M.chart, params: { channel, dimension }, type, xAxisName, yAxisName: "疑似侵权条数", ...(title ? { title } : {}) };
}

/** dataAnalysis: where the hits come from, which works they copy, how they matched. */
function analysisCharts(channel: MonitorChannel): ChartSource[] {
  return [
    chart(channel, "site", "bar", "监测站点", MONITOR_CHART_DIMENSION_LABELS.site),
    chart(channel, "work", "bar", "作品", MONITOR_CHART_DIMENSION_LABELS.work),
    chart(channel, "matchType", "bar", "匹配方式", MONITOR_CHART_DIMENSION_LABELS.matchType),
  ];
}

function taskFormPage(channel: MonitorChannel, title: string, nav?: boolean | string, navGroup?: string): PageDefinition {
  return customPage(`${MONITOR_CHANNELS[channel].prefix}new`, title, loadTaskForm, {
    standsFor: "new",
    data: { fixedParams: channelParams(channel) },
    ...(nav ? { nav } : {}),
    ...(navGroup ? { navGroup } : {}),
  });
}

/** The pages every monitoring section has (spec §2), for its own channel. */
export function channelSectionPages(sectionKey: string): PageDefinition[] {
  const channels = sectionChannels(sectionKey);
  const channel = channels[0];
  return [
    genericPage("guidance", "guidance", "监测指引", { nav: true }),
    taskFormPage(channel, "新建监测", true),
    genericPage("dataList", "dataList", "监测列表", { nav: true, data: hitData(channel), slots: HIT_SLOTS }),
    genericPage("dataChart", "dataChart", "数据图表", { nav: true, chart: chart(channel, "day", "line", "日期") }),
    genericPage("dataAnalysis", "dataChart", "数据分析", { chart: analysisCharts(channel) }),
    genericPage("dataTask", "dataList", "监测任务", { data: taskData(channels), slots: TASK_SLOTS }),
    genericPage("monitorReport", "dataList", "监测报告", { data: reportData(channel), slots: REPORT_SLOTS }),
    genericPage("dataResults", "dataList", "监测结果", { data: RESULTS_DATA, slots: HIT_SLOTS }),
    genericPage("dataList/Certificate", "certificate", "监测证书", { data: certificateData(channel), slots: HIT_CERTIFICATE_SLOTS }),
  ];
}

export interface VariantOptions {
  /** Side-navigation labels of the guidance, new and list pages (false: not listed). */
  nav?: { guidance?: string | boolean; new?: string | boolean; list?: string | boolean };
  navGroup?: string;
  /** The list shows only hits whose evidence is stored (ystwdataList, 证书列表). */
  withCertificate?: boolean;
  /** Pages titled other than `<name>指引`, `新建<name>`, `<name>列表`, `<name>证书`. */
  titles?: { new?: string; list?: string; certificate?: string };
  hasGuidance?: boolean;
}

/** A prefixed channel's pages (ystw, logo, wx, fm, dsp): guidance, new, list and the list's certificates. */
export function variantPages(channel: MonitorChannel, name: string, options: VariantOptions = {}): PageDefinition[] {
  const { prefix } = MONITOR_CHANNELS[channel];
  const { nav = {}, navGroup, titles = {}, hasGuidance = true } = options;
  const group = navGroup ? { navGroup } : {};
  return [
    ...(hasGuidance ? [genericPage(`${prefix}guidance`, "guidance", `${name}指引`, { nav: nav.guidance, ...group })] : []),
    taskFormPage(channel, titles.new ?? `新建${name}`, nav.new, navGroup),
    genericPage(`${prefix}dataList`, "dataList", titles.list ?? `${name}列表`, { nav: nav.list, ...group, data: hitData(channel, options.withCertificate), slots: HIT_SLOTS }),
    genericPage(`${prefix}dataList/Certificate`, "certificate", titles.certificate ?? `${name}证书`, { data: certificateData(channel), slots: HIT_CERTIFICATE_SLOTS }),
  ];
}
