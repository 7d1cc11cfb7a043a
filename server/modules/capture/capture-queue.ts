import { RowQueue, type RowQueueDependencies } from "../../jobs/row-queue.js";
import type { CaptureRow } from "./capture.repository.js";

export type CaptureQueueDependencies = Omit<RowQueueDependencies<CaptureRow>, "key" | "name">;

/**
 * The in-process capture queue: the queued rows of `captures` are the queue, at most
 * `concurrency` captures run at once (one browser context each), oldest first.
 */
export class CaptureQueue extends RowQueue<CaptureRow> {
  constructor(deps: CaptureQueueDependencies) {
    super({ ...deps, key: "capture.pages", name: "网页取证" });
  }
}
