import { useOperatorServices } from "../../../../providers/operator-context";
import type { PageSlots } from "../../../../resources/types";
import type { NewOperatorForm } from "../../../../schema/console/operator-forms";

/** 新建操作员 sends the initial password as the login does (MD5, then RSA-OAEP), through the operator client. */
const slots: PageSlots = {
  useCreate: () => {
    const { client } = useOperatorServices();
    return (values) => client.createOperator(values as NewOperatorForm);
  },
};
export default slots;
