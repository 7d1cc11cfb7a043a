import { dateKey, pad, toEpochMs, toShanghaiWallClock, type Instant, type WallClock } from "./shanghai-time";

/**
 * Display formatters shared by pages and server responses (spec §3, §9). Dates are always
 * rendered in Asia/Shanghai whatever the machine's zone. Unreadable input gives "" rather than
 * throwing: a bad value from the back end must not break a whole table.
 */

export const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/**
 * Base 1024, at most two decimals, trailing zeros dropped: 0 → "0 B", 1536 → "1.5 KB",
 * 1100 → "1.07 KB". A value that rounds up to 1024 moves to the next unit (1048575 → "1 MB").
 */
export function formatFileSize(bytes: number | string): string {
  const value = typeof bytes === "string" && bytes.trim() !== "" ? Number(bytes) : bytes;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return "";
  let size = value;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && roundTwo(size) >= 1024) {
    size /= 1024;
    unit += 1;
  }
  return `${roundTwo(size)} ${FILE_SIZE_UNITS[unit]}`;
}

const roundTwo = (value: number) => Math.round(value * 100) / 100;

function formatWith(time: Instant, render: (clock: WallClock) => string): string {
  const clock = toShanghaiWallClock(time);
  return clock ? render(clock) : "";
}

/** Article dates: 2024年03月05日. */
export const formatArticleDate = (time: Instant) =>
  formatWith(time, (c) => `${pad(c.year, 4)}年${pad(c.month)}月${pad(c.day)}日`);

/** Query filter dates: 2024-03-05. */
export const formatQueryDate = (time: Instant) => formatWith(time, dateKey);

/** 2024-03-05 08:09:10. */
export const formatDateTime = (time: Instant) =>
  formatWith(time, (c) => `${dateKey(c)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Below this a message is "刚刚"; also for times slightly in the future (clock skew). */
export const JUST_NOW_MS = 10 * SECOND;
/** "N天前" is used up to 7天前; from 8 full days on the date is shown. */
export const RELATIVE_DAYS_MAX = 7;

/** Chat time labels (spec §9): 刚刚, N秒前, N分钟前, N小时前, N天前 (up to 7), then YYYY-MM-DD. */
export function formatRelativeTime(time: Instant, now: Instant = Date.now()): string {
  const then = toEpochMs(time);
  const diff = toEpochMs(now) - then;
  if (!Number.isFinite(diff)) return "";
  if (diff < JUST_NOW_MS) return "刚刚";
  if (diff < MINUTE) return `${Math.floor(diff / SECOND)}秒前`;
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  const days = Math.floor(diff / DAY);
  return days <= RELATIVE_DAYS_MAX ? `${days}天前` : formatQueryDate(then);
}

/** A length of time in its two largest units: 45秒, 12分30秒, 5小时12分, 2天3小时. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  const whole = Math.floor(seconds);
  const [days, hours, minutes, rest] = [Math.floor(whole / 86_400), Math.floor((whole % 86_400) / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  if (hours > 0) return minutes > 0 ? `${hours}小时${minutes}分` : `${hours}小时`;
  if (minutes > 0) return rest > 0 ? `${minutes}分${rest}秒` : `${minutes}分`;
  return `${rest}秒`;
}
