import type { Dayjs } from "dayjs";
import type { z } from "zod";
import { MONITOR_CHANNELS, MONITOR_MESSAGES, MonitorTaskFormSchema, type MonitorChannel, type MonitorTaskForm } from "../../schema/monitor";

/** The task form as antd holds it; `startAt` is used only when the task starts later. */
export interface TaskFormValues {
  name: string;
  workIds: number[];
  evidenceIds: number[];
  keywords: string[];
  excludeKeywords: string[];
  sites: { kind: string; name: string; url: string; depth: number | null; maxPages: number | null }[];
  weeks: number | null;
  frequency: string;
  startMode: "now" | "later";
  startAt: Dayjs | null;
  autoCapture: boolean;
}

export type TaskFormIssue = { path: readonly PropertyKey[]; message: string };

export const START_LATER_REQUIRED = "请选择开始时间";
export const START_LATER_PAST = "开始时间不能早于当前时间";

/** What protects the channel's works: uploaded works, stored evidence or keywords. */
export function protectionOf(channel: MonitorChannel): "works" | "evidence" | "keywords" {
  const [kind] = MONITOR_CHANNELS[channel].works;
  if (kind === "keyword") return "keywords";
  if (kind === "evidence") return "evidence";
  return "works";
}

/** The form's values as createTask takes them (the channel from the page's registry data). */
export function toTaskCall(channel: MonitorChannel, values: TaskFormValues): MonitorTaskForm {
  const protection = protectionOf(channel);
  return {
    channel,
    name: values.name ?? "",
    workIds: protection === "works" ? (values.workIds ?? []) : [],
    evidenceIds: protection === "evidence" ? (values.evidenceIds ?? []) : [],
    keywords: values.keywords ?? [],
    excludeKeywords: values.excludeKeywords ?? [],
    sites: (values.sites ?? []).map((site) => ({ ...site, depth: site.depth ?? undefined, maxPages: site.maxPages ?? undefined })) as MonitorTaskForm["sites"],
    weeks: values.weeks ?? ("" as unknown as number),
    frequency: values.frequency as MonitorTaskForm["frequency"],
    ...(values.startMode === "later" && values.startAt ? { startTime: values.startAt.valueOf() } : {}),
    autoCapture: values.autoCapture,
  };
}

/**
 * Every problem of the form, as the server would find them (the contract's schema), and what the
 * schema cannot say alone because it depends on the channel: the works, evidence or keywords the
 * channel protects, and a later start that has a time in the future.
 */
export function taskFormIssues(channel: MonitorChannel, values: TaskFormValues, now = Date.now()): { issues: TaskFormIssue[]; call: z.output<typeof MonitorTaskFormSchema> | null } {
  const checked = MonitorTaskFormSchema.safeParse(toTaskCall(channel, values));
  const issues: TaskFormIssue[] = checked.success ? [] : checked.error.issues.map(({ path, message }) => ({ path, message }));
  const protection = protectionOf(channel);
  if (protection === "works" && (values.workIds ?? []).length === 0) issues.push({ path: ["workIds"], message: MONITOR_MESSAGES.noWorks });
  if (protection === "evidence" && (values.evidenceIds ?? []).length === 0) issues.push({ path: ["evidenceIds"], message: MONITOR_MESSAGES.noWorks });
  if (protection === "keywords" && (values.keywords ?? []).length === 0) issues.push({ path: ["keywords"], message: MONITOR_MESSAGES.noKeywords });
  if (values.startMode === "later" && !values.startAt) issues.push({ path: ["startAt"], message: START_LATER_REQUIRED });
  if (values.startMode === "later" && values.startAt && values.startAt.valueOf() <= now) issues.push({ path: ["startAt"], message: START_LATER_PAST });
  return { issues, call: issues.length === 0 && checked.success ? checked.data : null };
}

/** The first issue at exactly this place of the form (a field, or a field of one site). */
export function issueAt(issues: readonly TaskFormIssue[], place: readonly PropertyKey[]): string | undefined {
  return issues.find((issue) => place.every((part, index) => issue.path[index] === part))?.message;
}

/** A server field name ("sites.0.url") as the form's name path; the call's startTime is the form's startAt. */
export function formPath(name: string): (string | number)[] {
  if (name === "startTime") return ["startAt"];
  return name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
