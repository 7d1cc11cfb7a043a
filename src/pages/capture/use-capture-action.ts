import type { HttpError } from "@refinedev/core";
import { App } from "antd";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { CAPTURE_ENDPOINTS, type CaptureRecord } from "../../schema/capture";

/** What the holder may do to a capture of their own (CAPTURE_TRANSITIONS `by: "holder"`). */
export type CaptureHolderAction = "retry" | "accept" | "discard";

const DONE: Record<CaptureHolderAction, string> = {
  retry: "已重新提交取证",
  accept: "已确认并封存，证书将载明质量检查发现",
  discard: "已放弃该取证，预扣的次数已退回",
};

/** One holder action on a capture: resolves to the capture as it now is, or null after showing the server's refusal. */
export function useCaptureAction(action: CaptureHolderAction) {
  const { send, mutation } = useEndpointMutation(CAPTURE_ENDPOINTS[action]);
  const { message } = App.useApp();
  return {
    isPending: mutation.isPending,
    run: async (id: number): Promise<CaptureRecord | null> => {
      try {
        const record = await send({ id });
        message.success(DONE[action]);
        return record;
      } catch (error) {
        message.error((error as HttpError).message);
        return null;
      }
    },
  };
}
