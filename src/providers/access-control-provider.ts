import type { AccessControlProvider } from "@refinedev/core";
import { APP_PATHS } from "../app/path-rules";
import { isNotarySessionActive, isSubAccount } from "./session-rules";
import type { SessionStore } from "./session-store";

/**
 * Resources are named by their spec route key ("personal/invoiceAdmin", DESIGN.md §5), so the
 * rules below are prefixes of those keys and also cover every page beneath a section.
 */
export const SUB_ACCOUNT_HIDDEN_SECTIONS = ["personal/childAccountManagement", "personal/invoiceAdmin"] as const;
export const NOTARY_SECTION = APP_PATHS.notaryConsole.slice(1);

export const ACCESS_DENIED_REASON = {
  subAccount: "子账号无权使用该功能",
  notary: "请先登录公证处账号",
} as const;

export function createAccessControlProvider({ sessionStore, now }: { sessionStore: SessionStore; now: () => number }): AccessControlProvider {
  return {
    can: async ({ resource, params }) => {
      const key = toRouteKey(resource ?? params?.resource?.name ?? "");
      if (isUnder(key, NOTARY_SECTION) && !isNotarySessionActive(sessionStore.getNotary(), now())) {
        return { can: false, reason: ACCESS_DENIED_REASON.notary };
      }
      // Spec §6: a sub-account (accountType 3) does not manage child accounts or invoices.
      if (isSubAccount(sessionStore.getUser()) && SUB_ACCOUNT_HIDDEN_SECTIONS.some((section) => isUnder(key, section))) {
        return { can: false, reason: ACCESS_DENIED_REASON.subAccount };
      }
      return { can: true };
    },
  };
}

function toRouteKey(resource: string): string {
  return resource.replace(/^\/+/, "");
}

function isUnder(key: string, section: string): boolean {
  return key === section || key.startsWith(`${section}/`);
}
