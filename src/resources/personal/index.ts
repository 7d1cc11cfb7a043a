import {
  AccountBookOutlined,
  DashboardOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { CHILD_ACCOUNT_ENDPOINTS, ChildAccountListQuerySchema, ChildAccountSchema } from "../../schema/child-account";
import {
  MONEY_RECORD_ENDPOINTS,
  MONEY_RECORD_FILTERS,
  MONEY_RECORD_TITLES,
  MoneyRecordListQuerySchema,
  MoneyRecordSchema,
  type MoneyRecordList,
} from "../../schema/money-records";
import { customPage, defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { MainSectionDefinition } from "../types";
import { invoiceAdmin } from "./invoices";
import { CHILD_ACCOUNT_LIST_SLOTS, moneyRecordSlots, PERSONAL_PAGES as PAGES } from "./pages";

/** A record list of the expense centre: the journal's movements of one kind, filtered by date (spec §5). */
const moneyRecordData = (list: MoneyRecordList) =>
  defineSectionData({
    record: MoneyRecordSchema,
    columns: ["id", "kind", "amountFen", "memo", "spender", "createTime"],
    filters: describeFilters(MoneyRecordListQuerySchema, MONEY_RECORD_FILTERS),
    endpoints: { list: MONEY_RECORD_ENDPOINTS[list].list },
    emptyText: `暂无${MONEY_RECORD_TITLES[list]}`,
  });

/**
 * /personal (spec §2): hidden from the main navigation; its side navigation is one link per
 * section, and the expense centre and invoice pages show their siblings as tabs. Sub-accounts do
 * not see child-account or invoice management (spec §6: the access-control provider decides).
 */
export const personal: MainSectionDefinition = {
  key: "personal",
  title: "个人中心",
  isHiddenFromMainNav: true,
  sideNav: "links",
  sections: [
    { key: "operationPanel", title: "运营面板", icon: DashboardOutlined, landing: "", pages: [customPage("", "运营面板", PAGES.operationPanel)] },
    { key: "accountManagement", title: "账号管理", icon: UserOutlined, landing: "", pages: [customPage("", "账号管理", PAGES.accountManagement)] },
    {
      key: "childAccountManagement",
      title: "子账号管理",
      icon: TeamOutlined,
      landing: "dataList",
      ...defineSectionData({
        record: ChildAccountSchema,
        columns: ["loginAccount", "name", "status", "mustChangePassword", "createTime"],
        filters: describeFilters(ChildAccountListQuerySchema, ["keyword", "status"]),
        endpoints: { list: CHILD_ACCOUNT_ENDPOINTS.list },
        emptyText: "暂无子账号",
      }),
      pages: [
        genericPage("dataList", "dataList", "子账号列表", { slots: CHILD_ACCOUNT_LIST_SLOTS }),
        customPage("createChildAccount", "新建子账号", PAGES.createChildAccount),
        customPage("createSuccess", "创建成功", PAGES.createChildAccountSuccess),
      ],
    },
    {
      key: "securityCenter",
      title: "安全中心",
      icon: SafetyCertificateOutlined,
      landing: "authentication",
      pages: [
        customPage("authentication", "实名认证", PAGES.authentication),
        customPage("enterpriseProve", "企业认证", PAGES.enterpriseProve),
        customPage("bindMobile", "绑定手机", PAGES.bindMobile),
        customPage("bindEmail", "绑定邮箱", PAGES.bindEmail),
        customPage("changePassword", "修改密码", PAGES.changePassword),
        // The security centre's tabs follow this order.
        customPage("bindWechat", "绑定微信", PAGES.bindWechat),
        customPage("cancellation", "注销账号", PAGES.cancellation),
      ],
    },
    {
      key: "expenseCenter",
      title: "费用中心",
      icon: AccountBookOutlined,
      landing: "onlineCharge",
      // Spec §6: going to the expense centre sends a sub-account to its expense record.
      subAccountLanding: "expenseRecord",
      pages: [
        customPage("onlineCharge", "在线充值", PAGES.onlineCharge, { nav: true }),
        genericPage("expenseRule", "guidance", "收费标准", { nav: true }),
        customPage("purchasePackage", "购买套餐", PAGES.purchasePackage, { nav: true }),
        genericPage("chargeRecord", "dataList", "充值记录", { nav: true, data: moneyRecordData("charge"), slots: moneyRecordSlots("charge") }),
        genericPage("purchaseRecord", "dataList", "购买记录", { nav: true, data: moneyRecordData("purchase"), slots: moneyRecordSlots("purchase") }),
        genericPage("expenseRecord", "dataList", "消费记录", { nav: true, data: moneyRecordData("expense"), slots: moneyRecordSlots("expense") }),
      ],
    },
    invoiceAdmin,
  ],
  loadGuidance: () => import("./guidance"),
};
