import type { HttpError } from "@refinedev/core";
import { App } from "antd";
import { useEndpointMutation } from "../../providers/use-endpoint";
import type { Endpoint, EndpointDatas } from "../../schema/contract";

/** One holder action on a record by id (重试, 放弃, 结束录制): resolves to the record as it now is, or null after showing the server's refusal. */
export function useRecordAction<E extends Endpoint & { method: "POST" }>(endpoint: E, done: string) {
  const { send, mutation } = useEndpointMutation(endpoint);
  const { message } = App.useApp();
  return {
    isPending: mutation.isPending,
    run: async (id: number): Promise<EndpointDatas<E> | null> => {
      try {
        const record = await send({ id } as never);
        message.success(done);
        return record;
      } catch (error) {
        message.error((error as HttpError).message);
        return null;
      }
    },
  };
}
