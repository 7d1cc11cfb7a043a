import { CAPTURE_FAILURES, type CaptureFailureCode, type CaptureTarget } from "../../../src/schema/capture.js";
import type { CaptureRow } from "./capture.repository.js";

/** How a capture ended, for the modules that started it (monitoring's hits). */
export type CaptureSettlement = {
  captureId: number;
  target: CaptureTarget;
  state: "sealed" | "failed";
  evidenceId: number | null;
  certificateNo: string | null;
  /** The holder's sentence of why it failed (with the detail, e.g. the address refused); null when sealed. */
  failure: string | null;
};

export type CaptureSettledListener = (settlement: CaptureSettlement) => Promise<void> | void;

/** A capture row that has ended (sealed or failed) as its settlement; null while it goes on. */
export function settlementOf(row: CaptureRow): CaptureSettlement | null {
  if (row.state !== "sealed" && row.state !== "failed") return null;
  const code = row.failure_code as CaptureFailureCode | null;
  return {
    captureId: row.id,
    target: row.target as CaptureTarget,
    state: row.state,
    evidenceId: row.state === "sealed" ? row.evidence_id : null,
    certificateNo: row.state === "sealed" ? row.certificate_no : null,
    failure: row.state === "failed" ? `${code ? CAPTURE_FAILURES[code] : CAPTURE_FAILURES.browserFailed}${row.failure_detail ? `（${row.failure_detail}）` : ""}` : null,
  };
}

/**
 * Who wants to hear when a capture ends, in this process: told after the capture's own commit, so a
 * listener never sees a state that could still roll back. A listener's failure is logged and does
 * not undo the capture; a crash before a listener ran is covered by that listener's own start-up
 * reconciliation (it reads the captures it still waits for).
 */
export class CaptureSettledListeners {
  readonly #listeners: CaptureSettledListener[] = [];

  constructor(private readonly log: { error(details: object, message: string): void }) {}

  add(listener: CaptureSettledListener): void {
    this.#listeners.push(listener);
  }

  async notify(row: CaptureRow | undefined): Promise<void> {
    const settlement = row ? settlementOf(row) : null;
    if (!settlement) return;
    for (const listener of this.#listeners) {
      try {
        await listener(settlement);
      } catch (error) {
        this.log.error({ err: error, captureId: settlement.captureId }, "capture: a settlement listener failed");
      }
    }
  }
}
