import { openRowQueue, type RowQueueContext } from "../../jobs/row-queue-backend.js";
import type { RowQueueDependencies } from "../../jobs/row-queue.js";
import type { CaptureRow } from "./capture.repository.js";

export type CaptureQueueDependencies = Omit<RowQueueDependencies<CaptureRow>, "key" | "name">;

/**
 * The capture queue: the queued rows of `captures` are the queue, at most `concurrency` captures
 * run at once per process (one browser context each), oldest first; in-process, or shared through
 * BullMQ when the platform runs as several processes (server/jobs/row-queue-backend.ts).
 */
export function openCaptureQueue(context: RowQueueContext, deps: CaptureQueueDependencies) {
  return openRowQueue(context, { ...deps, key: "capture.pages", name: "网页取证" });
}
