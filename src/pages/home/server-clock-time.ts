import { pad, toShanghaiWallClock } from "../../schema/shanghai-time";

/**
 * Offset of the server's clock from ours. The server read its clock somewhere during the round
 * trip; the midpoint is the best guess without more samples, and halves the error of using
 * either end.
 */
export function computeClockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** "YYYY-MM-DD HH:mm:ss.SSS" in Asia/Shanghai, whatever the visitor's own time zone. */
export function formatShanghaiClock(epochMs: number): string {
  const clock = toShanghaiWallClock(epochMs);
  if (!clock) return "";
  const millis = ((Math.floor(epochMs) % 1000) + 1000) % 1000;
  const date = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  return `${date} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}.${pad(millis, 3)}`;
}
