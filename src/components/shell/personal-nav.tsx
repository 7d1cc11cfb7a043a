import {
  AccountBookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";
import { APP_PATHS } from "../../app/path-rules";
import { isSubAccount } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";

/**
 * The personal centre's side navigation (spec §2 /personal). `resource` is the section's route key
 * (DESIGN.md §5), which the access-control provider judges and which marks the item active for
 * every page beneath it. The registry of issue 4 will produce this list for every section.
 */
export interface ShellNavItem {
  resource: string;
  label: string;
  /** Where a click goes: the section's default page. */
  to: string;
  icon: ReactNode;
}

export function personalNavItems(user: UserSession | null): ShellNavItem[] {
  return [
    { resource: "personal/operationPanel", label: "运营面板", to: APP_PATHS.operationPanel, icon: <DashboardOutlined /> },
    { resource: "personal/accountManagement", label: "账号管理", to: APP_PATHS.accountManagement, icon: <UserOutlined /> },
    { resource: "personal/childAccountManagement", label: "子账号管理", to: APP_PATHS.childAccountList, icon: <TeamOutlined /> },
    { resource: "personal/securityCenter", label: "安全中心", to: APP_PATHS.authentication, icon: <SafetyCertificateOutlined /> },
    // Spec §6: a sub-account going to the expense centre is sent to its expense record.
    {
      resource: "personal/expenseCenter",
      label: "费用中心",
      to: isSubAccount(user) ? APP_PATHS.expenseRecord : APP_PATHS.onlineCharge,
      icon: <AccountBookOutlined />,
    },
    { resource: "personal/invoiceAdmin", label: "发票管理", to: APP_PATHS.invoiceRecord, icon: <FileTextOutlined /> },
  ];
}

/** The item whose section contains the current path, for the menu's highlight. */
export function activeNavResource(items: readonly ShellNavItem[], pathname: string): string | undefined {
  const key = pathname.replace(/^\/+/, "");
  return items.find((item) => key === item.resource || key.startsWith(`${item.resource}/`))?.resource;
}

/** Header shortcuts (spec §2 "Logged-in shell"): accountType 3 gets change-password and expense-record, others top-up and packages. */
export interface HeaderShortcut {
  label: string;
  to: string;
}

export function headerShortcuts(user: UserSession | null): HeaderShortcut[] {
  return isSubAccount(user)
    ? [
        { label: "修改密码", to: APP_PATHS.changePassword },
        { label: "消费记录", to: APP_PATHS.expenseRecord },
      ]
    : [
        { label: "在线充值", to: APP_PATHS.onlineCharge },
        { label: "购买套餐", to: APP_PATHS.purchasePackage },
      ];
}
