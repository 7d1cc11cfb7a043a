import { PLATFORM_NAME } from "../../../../src/schema/constants.js";
import { formatDateTime } from "../../../../src/schema/format.js";
import { HIT_EVIDENCE_LABELS, HIT_REVIEW_LABELS } from "../../../../src/schema/monitor.js";
import { fenToYuanText } from "../../../../src/schema/payment.js";
import { shorten } from "../../../../src/schema/stored-name.js";
import { A4, openA4Document } from "../../../pdf/a4-document.js";
import { MUTED, PageFlow } from "../../../pdf/page-flow.js";

/** A labelled count of a chart (a day, a site, a match type). */
export interface ReportBar {
  readonly label: string;
  readonly count: number;
}

/**
 * Everything the monitoring report draws, as plain data (it crosses to a drawing thread): who,
 * which period and channel, the figures, the three charts, the tasks and the hits with the
 * certificate numbers of their evidence.
 */
export interface MonitorReportPdfInput {
  readonly reportNo: string;
  /** The holder as certificates print one (masked). */
  readonly holder: string;
  readonly channelLabel: string;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly issuedAt: number;
  readonly summary: { readonly tasks: number; readonly hits: number; readonly pending: number; readonly confirmed: number; readonly dismissed: number; readonly evidence: number };
  readonly byDay: readonly ReportBar[];
  readonly bySite: readonly ReportBar[];
  readonly byMatchType: readonly ReportBar[];
  readonly tasks: readonly { readonly taskNo: string; readonly name: string; readonly sites: string; readonly state: string; readonly weeks: string; readonly chargedFen: number }[];
  readonly hits: readonly { readonly foundAt: number; readonly title: string; readonly url: string; readonly platform: string; readonly score: number; readonly review: string; readonly certificateNo: string | null }[];
  /** The public page where a certificate number is looked up. */
  readonly verifyUrl: string;
}

const MARGIN = 50;
const ACCENT = "#1d5fa8";
const BAR = "#4a7fc1";
const CHINESE_NUMERALS = "一二三四五六七八九十";
/** Bars drawn per chart: a long period's days are summed into this many groups, extra sites into 其他. */
const MAX_BARS = 31;
const CHART_HEIGHT = 120;

export async function renderMonitorReportPdf(input: MonitorReportPdfInput): Promise<Buffer> {
  const { doc, finished } = openA4Document({ margin: MARGIN, title: `监测报告 ${input.reportNo}`, subject: shorten(`${input.channelLabel} ${input.holder}`, 200), issuedAt: input.issuedAt });
  const flow = new PageFlow(doc, { margin: MARGIN, top: MARGIN, footerSpace: 30, onPage: (page) => drawFooter(doc, input.reportNo, page) });
  drawCover(flow, input);
  section(flow, 0, "监测概况");
  drawSummary(flow, input);
  section(flow, 1, "统计图表");
  drawBars(flow, "每日发现的疑似侵权（条）", groupDays(input.byDay));
  drawBars(flow, "按站点（条）", topBars(input.bySite));
  drawBars(flow, "按匹配方式（条）", input.byMatchType);
  section(flow, 2, "监测任务");
  drawTasks(flow, input);
  section(flow, 3, "疑似侵权结果及取证");
  drawHits(flow, input);
  section(flow, 4, "核验方法");
  flow.paragraph(
    `本报告列出的每条已取证结果均已由${PLATFORM_NAME}的取证浏览器自动打开来源网页、封存为网页证据并记入公开账本，证书编号即其证据编号。任何人可在 ${input.verifyUrl} 输入证书编号查询证据的摘要、取证时间和账本证明，或下载证书后离线核验。本报告文件本身的 SHA-256 亦已作为“监测报告”记录写入公开账本：计算所持文件的 SHA-256，与账本中该报告编号的记录比对一致，即可确认报告出具后未被修改。`,
  );
  doc.end();
  return finished;
}

function drawCover(flow: PageFlow, input: MonitorReportPdfInput) {
  const { doc } = flow;
  doc.fillColor(ACCENT).fontSize(24).text("全网监测报告", flow.left, flow.y + 8, { width: flow.width, align: "center", characterSpacing: 4, lineBreak: false });
  doc.fillColor(MUTED).fontSize(8.5).text("WHOLE-NETWORK MONITORING REPORT", flow.left, flow.y + 42, { width: flow.width, align: "center", characterSpacing: 1, lineBreak: false });
  flow.gap(62);
  flow.rows([
    ["报告编号", input.reportNo],
    ["权利人", input.holder],
    ["监测类型", input.channelLabel],
    ["统计期间", `${formatDateTime(input.periodStart)} 至 ${formatDateTime(input.periodEnd)}（北京时间）`],
    ["出具时间", `${formatDateTime(input.issuedAt)}（北京时间）`],
  ]);
}

function section(flow: PageFlow, index: number, title: string) {
  flow.gap(6);
  flow.heading(`${CHINESE_NUMERALS[index]}、${title}`, { fontSize: 13, color: ACCENT, keepWith: 80 });
}

function drawSummary(flow: PageFlow, { summary }: MonitorReportPdfInput) {
  flow.rows([
    ["监测任务", `${summary.tasks} 个`],
    ["发现疑似侵权", `${summary.hits} 条（${HIT_REVIEW_LABELS.pending} ${summary.pending}，${HIT_REVIEW_LABELS.confirmed} ${summary.confirmed}，${HIT_REVIEW_LABELS.dismissed} ${summary.dismissed}）`],
    [HIT_EVIDENCE_LABELS.stored, `${summary.evidence} 条`],
  ]);
}

/** A bar chart drawn with pdfkit's own primitives: axis, bars, counts above, labels below. */
function drawBars(flow: PageFlow, title: string, bars: readonly ReportBar[]) {
  const { doc } = flow;
  flow.heading(title, { fontSize: 10, keepWith: CHART_HEIGHT + 40 });
  if (bars.length === 0) {
    flow.paragraph("期间内无数据。", { color: MUTED });
    return;
  }
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const top = flow.y + 10;
  const baseline = top + CHART_HEIGHT;
  const slot = flow.width / bars.length;
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  doc.strokeColor("#bfbfbf").lineWidth(0.6).moveTo(flow.left, baseline).lineTo(flow.left + flow.width, baseline).stroke();
  bars.forEach((bar, index) => {
    const x = flow.left + index * slot + (slot - barWidth) / 2;
    const height = (bar.count / max) * CHART_HEIGHT;
    if (height > 0) doc.save().rect(x, baseline - height, barWidth, height).fill(BAR).restore();
    doc.fillColor("#1f1f1f").fontSize(7).text(String(bar.count), x - 6, baseline - height - 9, { width: barWidth + 12, align: "center", lineBreak: false });
    // Every label when they fit, otherwise about ten of them.
    if (bars.length <= 12 || index % Math.ceil(bars.length / 10) === 0) {
      doc.fillColor(MUTED).fontSize(6.5).text(shorten(bar.label, 12), flow.left + index * slot - 10, baseline + 3, { width: slot + 20, align: "center", lineBreak: false });
    }
  });
  flow.y = baseline + 18;
}

/** Days of a long period summed into at most MAX_BARS bars (labelled by their first day). */
function groupDays(days: readonly ReportBar[]): ReportBar[] {
  const size = Math.ceil(days.length / MAX_BARS) || 1;
  const groups: ReportBar[] = [];
  for (let index = 0; index < days.length; index += size) {
    const part = days.slice(index, index + size);
    groups.push({ label: part.length > 1 ? `${part[0].label.slice(5)}起` : part[0].label.slice(5), count: part.reduce((sum, day) => sum + day.count, 0) });
  }
  return groups;
}

function topBars(bars: readonly ReportBar[]): ReportBar[] {
  if (bars.length <= MAX_BARS) return [...bars];
  const rest = bars.slice(MAX_BARS - 1).reduce((sum, bar) => sum + bar.count, 0);
  return [...bars.slice(0, MAX_BARS - 1), { label: "其他", count: rest }];
}

function drawTasks(flow: PageFlow, { tasks }: MonitorReportPdfInput) {
  if (tasks.length === 0) return flow.paragraph("期间内无监测任务。", { color: MUTED });
  flow.table(
    [
      { title: "任务编号", width: 90 },
      { title: "任务名称", width: 95 },
      { title: "监测站点", width: 120 },
      { title: "状态", width: 50 },
      { title: "周期（周）", width: 55 },
      { title: "已扣费用（元）", width: flow.width - 410 },
    ],
    tasks.map((task) => [task.taskNo, task.name, task.sites, task.state, task.weeks, fenToYuanText(task.chargedFen)]),
  );
}

function drawHits(flow: PageFlow, { hits }: MonitorReportPdfInput) {
  if (hits.length === 0) return flow.paragraph("期间内未发现疑似侵权。", { color: MUTED });
  flow.table(
    [
      { title: "发现时间", width: 58 },
      { title: "标题", width: 80 },
      { title: "来源地址", width: 100 },
      { title: "平台", width: 50 },
      { title: "相似度", width: 32 },
      { title: "处理状态", width: 44 },
      // Wide enough for a certificate number on one line (it is what a reader looks up).
      { title: "证书编号", width: flow.width - 364 },
    ],
    hits.map((hit) => [formatDateTime(hit.foundAt), hit.title, hit.url, hit.platform, String(hit.score), hit.review, hit.certificateNo ?? HIT_EVIDENCE_LABELS.none]),
    { fontSize: 7.5 },
  );
}

function drawFooter(doc: PDFKit.PDFDocument, reportNo: string, page: number) {
  const { x, y } = doc;
  doc.fillColor(MUTED).fontSize(8).text(`${PLATFORM_NAME}　全网监测报告 ${reportNo}　第 ${page} 页`, MARGIN, A4.height - MARGIN - 16, { width: A4.width - 2 * MARGIN, align: "center", lineBreak: false });
  doc.x = x;
  doc.y = y;
}
