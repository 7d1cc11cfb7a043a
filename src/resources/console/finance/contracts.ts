import { FileProtectOutlined } from "@ant-design/icons";
import { ContractListQuerySchema, ContractRecordSchema, FINANCE_CONTRACT_ENDPOINTS, NewContractInputSchema } from "../../../schema/console/finance-contracts";
import { FINANCE_PERMISSION } from "../../../schema/console/finance";
import { defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { SectionDefinition } from "../../types";

/** 线下合同: the contracts recorded, a form to record one, each contract's page; 终止 on a row (a slot). */
export const contracts: SectionDefinition = {
  key: "contracts",
  title: "线下合同",
  description: "登记客户签订的线下合同（期限与授信额度），生效期间账户可在授信额度内先用后付；终止须写明原因",
  icon: FileProtectOutlined,
  permission: FINANCE_PERMISSION,
  landing: "dataList",
  ...defineSectionData({
    record: ContractRecordSchema,
    form: NewContractInputSchema,
    columns: ["contractNo", "customerAccount", "signingParty", "termStart", "termEnd", "creditLimitFen", "status", "createdBy", "createTime"],
    filters: describeFilters(ContractListQuerySchema, ["status", "keyword"]),
    endpoints: { list: FINANCE_CONTRACT_ENDPOINTS.list, one: FINANCE_CONTRACT_ENDPOINTS.one, create: FINANCE_CONTRACT_ENDPOINTS.create },
    emptyText: "暂无线下合同",
  }),
  pages: [
    genericPage("dataList", "dataList", "合同列表", { nav: true, slots: () => import("../../../pages/console/finance/contract-list-slots") }),
    genericPage("new", "new", "登记合同", { nav: true }),
    genericPage("dataList/contractInfo", "detail", "合同详情"),
  ],
};
