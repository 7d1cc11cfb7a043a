import { open, type FileHandle } from "node:fs/promises";
import type { CloudBrowserEvent } from "../../../src/schema/cloud-browser.js";

/**
 * events.jsonl of a cloud-browser recording: one JSON line per navigation, input event, command
 * and the end, appended in order as they happen (times relative to the recording's start). The
 * caller has already put the password mark in place of typed secrets; nothing else is filtered.
 */
export interface SessionEvents {
  readonly path: string;
  append(event: DistributiveOmit<CloudBrowserEvent, "t">): void;
  counts(): { navigations: number; inputs: number };
  /** Waits for every line, syncs the file to disk and closes it. */
  close(): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export async function openSessionEvents(path: string, startedAt: number): Promise<SessionEvents> {
  const file: FileHandle = await open(path, "wx", 0o600);
  let queue: Promise<unknown> = Promise.resolve();
  let navigations = 0;
  let inputs = 0;
  let closed = false;
  return {
    path,
    append(event) {
      if (closed) return;
      if (event.type === "navigation") navigations += 1;
      if (event.type === "mouse" || event.type === "key") inputs += 1;
      const line = `${JSON.stringify({ t: Math.max(0, Math.round(performance.now() - startedAt)), ...event })}\n`;
      queue = queue.then(() => file.write(line));
    },
    counts: () => ({ navigations, inputs }),
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await file.sync();
      await file.close();
    },
  };
}
