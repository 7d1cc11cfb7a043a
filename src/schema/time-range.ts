import { z } from "zod";
import { optionalText } from "./string-rule";
import { isCalendarDate, parseShanghaiDateTime, shanghaiDateKey, toEpochMs, type Instant } from "./shanghai-time";

/** Time ranges of list filters and query dates (spec §5). */

export const TIME_RANGE_MESSAGE = {
  startRequired: "开始时间不能为空",
  stopRequired: "结束时间不能为空",
  startAfterStop: "开始时间不能晚于结束时间",
  invalid: "请输入正确的时间",
} as const;

/** What a range end may be: a picker value as text (YYYY-MM-DD[ HH:mm[:ss]]), epoch ms or a Date. */
export type TimeValue = string | number | Date | null | undefined;
export type TimeRangeProblem = { field: "start" | "stop"; message: string };

const isBlank = (value: TimeValue) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

function toMs(value: NonNullable<TimeValue>): number | null {
  const ms = typeof value === "string" ? parseShanghaiDateTime(value) : toEpochMs(value);
  return ms !== null && Number.isFinite(ms) ? ms : null;
}

/**
 * The rule as a pure function, for filters whose fields have other names (startTime/endTime):
 * both ends empty is fine (no filter); one end alone is not; the start may equal the stop.
 */
export function checkTimeRange(start: TimeValue, stop: TimeValue): TimeRangeProblem | null {
  if (isBlank(start) && isBlank(stop)) return null;
  if (isBlank(start)) return { field: "start", message: TIME_RANGE_MESSAGE.startRequired };
  if (isBlank(stop)) return { field: "stop", message: TIME_RANGE_MESSAGE.stopRequired };
  const startMs = toMs(start!);
  if (startMs === null) return { field: "start", message: TIME_RANGE_MESSAGE.invalid };
  const stopMs = toMs(stop!);
  if (stopMs === null) return { field: "stop", message: TIME_RANGE_MESSAGE.invalid };
  return startMs > stopMs ? { field: "start", message: TIME_RANGE_MESSAGE.startAfterStop } : null;
}

const TimeValueSchema = z.union([z.string(), z.number(), z.date()]).nullish();

/** The date-range value {start, stop} of spec §3. */
export const TimeRangeSchema = z
  .object({ start: TimeValueSchema, stop: TimeValueSchema })
  .superRefine(({ start, stop }, ctx) => {
    const problem = checkTimeRange(start, stop);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type TimeRange = z.infer<typeof TimeRangeSchema>;

// ---- Query dates ----

export const QUERY_DATE_MESSAGE = {
  required: "请选择日期",
  format: "日期格式应为YYYY-MM-DD",
  invalid: "日期不存在",
  future: "日期不能晚于今天",
} as const;

const QUERY_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isRealDateText(text: string): boolean {
  const match = QUERY_DATE_PATTERN.exec(text);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * A YYYY-MM-DD filter date that exists and is not after today in Shanghai. `now` is read at
 * validation time (not when the schema is built), so a long-running server never uses a stale
 * "today"; tests pass a fixed clock.
 */
export function queryDateSchema(now: () => Instant = Date.now) {
  return z
    .string({ error: QUERY_DATE_MESSAGE.required })
    .trim()
    .min(1, { error: QUERY_DATE_MESSAGE.required, abort: true })
    .regex(QUERY_DATE_PATTERN, { error: QUERY_DATE_MESSAGE.format, abort: true })
    .refine(isRealDateText, { error: QUERY_DATE_MESSAGE.invalid, abort: true })
    // Both sides are zero-padded YYYY-MM-DD, so text order is date order.
    .refine((text) => text <= shanghaiDateKey(now()), { error: QUERY_DATE_MESSAGE.future });
}

export const QueryDateSchema = queryDateSchema();

/** A list filter's dates as times: Shanghai calendar days (spec §5), inclusive at both ends. */
export function filterDayRange(startTime: string | undefined, endTime: string | undefined): { from?: number; to?: number } {
  const from = startTime ? parseShanghaiDateTime(startTime) : null;
  const to = endTime ? parseShanghaiDateTime(endTime) : null;
  return { ...(from !== null ? { from } : {}), ...(to !== null ? { to: to + FILTER_DAY_MS - 1 } : {}) };
}
const FILTER_DAY_MS = 24 * 60 * 60 * 1000;

/** An optional YYYY-MM-DD date of a list filter (console lists: past or future alike); `title` names the range it starts. */
export function optionalFilterDate(title?: string) {
  const schema = optionalText(z.string().regex(QUERY_DATE_PATTERN, { error: QUERY_DATE_MESSAGE.format, abort: true }).refine(isRealDateText, QUERY_DATE_MESSAGE.invalid));
  return title ? schema.meta({ title }) : schema;
}
