import { WalletOutlined } from "@ant-design/icons";
import { AdjustmentFormSchema, AdjustmentListQuerySchema, AdjustmentRecordSchema, FINANCE_ADJUSTMENT_ENDPOINTS } from "../../../schema/console/finance-adjustments";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { SectionDefinition } from "../../types";

/** 余额调整: the adjustments made, and the form to make one (its call carries the attempt id: a slot). */
export const adjustments: SectionDefinition = {
  key: "adjustments",
  title: "余额调整",
  description: "增加或扣减客户可用余额并写明原因，客户在充值记录中可见；同一次提交只调整一次，扣减不能使余额为负",
  icon: WalletOutlined,
  permission: FINANCE_PERMISSION,
  landing: "dataList",
  ...defineSectionData({
    record: AdjustmentRecordSchema,
    form: AdjustmentFormSchema,
    columns: ["id", "customerAccount", "direction", "amountFen", "reason", "operatorAccount", "createTime"],
    filters: describeFilters(AdjustmentListQuerySchema, ["keyword"]),
    endpoints: { list: FINANCE_ADJUSTMENT_ENDPOINTS.list, create: FINANCE_ADJUSTMENT_ENDPOINTS.create },
    emptyText: "暂无余额调整记录",
  }),
  pages: [
    genericPage("dataList", "dataList", "调整记录", { nav: true }),
    genericPage("new", "new", "调整余额", { nav: true, slots: () => import("../../../pages/console/finance/adjustment-new-slots") }),
  ],
};
