import { TagsOutlined } from "@ant-design/icons";
import { FINANCE_PRICE_ENDPOINTS, PriceRowSchema } from "../../../schema/console/finance-prices";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { defineSectionData, genericPage } from "../../define";
import type { SectionDefinition } from "../../types";

/** 商品价格: the price table; each row's 修改价格 opens the edit dialog (a slot). */
export const prices: SectionDefinition = {
  key: "prices",
  title: "商品价格",
  description: "套餐与公证套餐的原价、限时优惠（含起止日期）与当前售价，修改即时生效",
  icon: TagsOutlined,
  permission: FINANCE_PERMISSION,
  landing: "dataList",
  ...defineSectionData({
    record: PriceRowSchema,
    columns: ["code", "kind", "name", "regularPriceFen", "promotionName", "promotionStart", "promotionEnd", "promotionPriceFen", "promotionState", "priceFen", "updateTime"],
    endpoints: { list: FINANCE_PRICE_ENDPOINTS.list },
    idParam: "code",
    emptyText: "价格表中暂无商品",
  }),
  pages: [genericPage("dataList", "dataList", "商品价格", { slots: () => import("../../../pages/console/finance/price-list-slots") })],
};
