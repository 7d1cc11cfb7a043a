import { CAPTURE_STAGE_LABELS, CAPTURE_STATE_LABELS, type CaptureRecord } from "../../schema/capture";

/** Queued or running: the capture is still changing on the server, so its page keeps asking. */
export const isCaptureActive = (record: Pick<CaptureRecord, "state">) => record.state === "queued" || record.state === "running";

/** 取证中 · 录制页面: the state, with the stage while a browser is on it. */
export const captureStateText = (record: Pick<CaptureRecord, "state" | "stage">) =>
  record.state === "running" ? `${CAPTURE_STATE_LABELS.running} · ${CAPTURE_STAGE_LABELS[record.stage]}` : CAPTURE_STATE_LABELS[record.state];
