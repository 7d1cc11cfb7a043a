import { CAPTURE_ENDPOINTS } from "../../schema/capture";
import { useRecordAction } from "../kinds/use-record-action";

/** What the holder may do to a capture of their own (CAPTURE_TRANSITIONS `by: "holder"`). */
export type CaptureHolderAction = "retry" | "accept" | "discard";

const DONE: Record<CaptureHolderAction, string> = {
  retry: "已重新提交取证",
  accept: "已确认并封存，证书将载明质量检查发现",
  discard: "已放弃该取证，预扣的次数已退回",
};

/** One holder action on a capture: resolves to the capture as it now is, or null after showing the server's refusal. */
export function useCaptureAction(action: CaptureHolderAction) {
  return useRecordAction(CAPTURE_ENDPOINTS[action], DONE[action]);
}
