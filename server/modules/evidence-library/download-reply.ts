import { SHANGHAI_OFFSET_MS } from "../../../src/schema/shanghai-time.js";

/** A ZIP's name from the time it was asked for, e.g. 证据打包-20261122-101500.zip (Shanghai time). */
export function packageFileName(prefix: string, time: number): string {
  const shanghai = new Date(time + SHANGHAI_OFFSET_MS).toISOString();
  return `${prefix}-${shanghai.slice(0, 10).replaceAll("-", "")}-${shanghai.slice(11, 19).replaceAll(":", "")}.zip`;
}
