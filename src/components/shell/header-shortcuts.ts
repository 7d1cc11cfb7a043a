import { APP_PATHS } from "../../app/path-rules";
import { isSubAccount } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";

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
