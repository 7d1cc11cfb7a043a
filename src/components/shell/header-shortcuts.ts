import { isSubAccount } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import type { AppLinks } from "../../resources/app-links";

/** Header shortcuts (spec §2 "Logged-in shell"): accountType 3 gets change-password and expense-record, others top-up and packages. */
export interface HeaderShortcut {
  label: string;
  to: string;
}

export function headerShortcuts(user: UserSession | null, links: AppLinks): HeaderShortcut[] {
  return isSubAccount(user)
    ? [
        { label: "修改密码", to: links.changePassword },
        { label: "消费记录", to: links.expenseRecord },
      ]
    : [
        { label: "在线充值", to: links.onlineCharge },
        { label: "购买套餐", to: links.purchasePackage },
      ];
}
