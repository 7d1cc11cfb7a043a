/**
 * Calendar arithmetic in Asia/Shanghai without a date library (src/schema must stay pure and
 * dayjs-free). China has used UTC+8 without daylight saving since 1991, so a fixed offset is
 * exact for every time the platform stores; no Intl time-zone data is needed.
 */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * An instant as the platform passes it around: epoch ms (also as digits in a string, as a
 * PostgreSQL bigint arrives), a Date, or text. Zone-less text is Shanghai wall time; text with a
 * zone (ISO 8601 "…Z" / "…+08:00") is read as such.
 */
export type Instant = number | string | Date;

/** Epoch ms of an instant; NaN when it cannot be read. */
export function toEpochMs(time: Instant): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === "number") return time;
  const text = time.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  return parseShanghaiDateTime(text) ?? Date.parse(text);
}

/** The Shanghai wall-clock reading of an instant, or null for NaN / invalid dates. */
export function toShanghaiWallClock(time: Instant): WallClock | null {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return null;
  const shifted = new Date(ms + SHANGHAI_OFFSET_MS);
  if (Number.isNaN(shifted.getTime())) return null;
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** True when year-month-day exists in the Gregorian calendar (rejects 1999-02-31). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** "YYYY-MM-DD" of a wall-clock reading; zero-padded, so text order is date order. */
export function dateKey(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** "YYYY-MM-DD" of an instant in Shanghai, or "" for an invalid instant. */
export function shanghaiDateKey(time: Instant): string {
  const clock = toShanghaiWallClock(time);
  return clock ? dateKey(clock) : "";
}

const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads "YYYY-MM-DD", "YYYY-MM-DD HH:mm" or "YYYY-MM-DD HH:mm:ss" as Shanghai wall time and
 * returns epoch ms, or null when the text is not a real date and time.
 */
export function parseShanghaiDateTime(text: string): number | null {
  const match = DATE_TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  return utc.getTime() - SHANGHAI_OFFSET_MS;
}
