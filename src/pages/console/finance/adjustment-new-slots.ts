import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import type { PageSlots } from "../../../resources/types";
import { FINANCE_ADJUSTMENT_ENDPOINTS, type AdjustmentForm } from "../../../schema/console/finance-adjustments";
import { ResultCode, type Envelope } from "../../../schema/envelope";

/**
 * 调整余额 sends the form with an attempt id made once when the page opens: a double click, or a
 * retry after a lost answer, adjusts once (the server answers the first adjustment again).
 */
const slots: PageSlots = {
  useCreate: () => {
    const [attemptId] = useState(() => crypto.randomUUID());
    const { send } = useEndpointMutation(FINANCE_ADJUSTMENT_ENDPOINTS.create);
    return async (values): Promise<Envelope<unknown>> => {
      try {
        return { code: ResultCode.success, message: "成功", datas: await send({ ...(values as AdjustmentForm), attemptId }) };
      } catch (error) {
        // The new page reads a refusal from the envelope: hand the data provider's error back as one.
        const { statusCode, message, errors } = error as HttpError;
        return { code: statusCode, message, datas: null, ...(errors ? { extraData: { errors } } : {}) };
      }
    };
  },
};
export default slots;
