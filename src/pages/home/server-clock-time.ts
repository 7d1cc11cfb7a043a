import { pad, toShanghaiWallClock } from "../../schema/shanghai-time";

/** "YYYY-MM-DD HH:mm:ss.SSS" in Asia/Shanghai, whatever the visitor's own time zone. */
export function formatShanghaiClock(epochMs: number): string {
  const clock = toShanghaiWallClock(epochMs);
  if (!clock) return "";
  const millis = ((Math.floor(epochMs) % 1000) + 1000) % 1000;
  const date = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  return `${date} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}.${pad(millis, 3)}`;
}
