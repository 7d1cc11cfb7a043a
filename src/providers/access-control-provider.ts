import type { AccessControlProvider } from "@refinedev/core";
import { APP_PATHS } from "../app/path-rules";
import { isPermitted, type ConsolePermission } from "../schema/console/permissions";
import { isNotarySessionActive, isOperatorSessionActive, isSubAccount } from "./session-rules";
import type { SessionStore } from "./session-store";

/**
 * Resources are named by their route key ("personal/invoiceAdmin", "console/review/identity",
 * DESIGN.md §5), so the rules below are prefixes of those keys and also cover every page beneath a
 * section.
 */
export const SUB_ACCOUNT_HIDDEN_SECTIONS = ["personal/childAccountManagement", "personal/invoiceAdmin"] as const;
export const NOTARY_SECTION = APP_PATHS.notaryConsole.slice(1);
export const CONSOLE_SECTION = APP_PATHS.console.slice(1);

export const ACCESS_DENIED_REASON = {
  subAccount: "子账号无权使用该功能",
  notary: "请先登录公证处账号",
  operator: "请先登录运营后台",
  operatorRole: "您的角色无权访问此页面",
} as const;

/** What a refusal page says under the reason: who can change it. */
export const ACCESS_DENIED_HINT: Readonly<Record<string, string>> = {
  [ACCESS_DENIED_REASON.subAccount]: "如需使用该功能，请联系主账号。",
  [ACCESS_DENIED_REASON.operatorRole]: "如需开通，请联系管理员为您分配相应角色。",
};

export interface AccessControlOptions {
  sessionStore: SessionStore;
  now: () => number;
  /** The permission each console section needs, by resource (derive.ts sectionPermissions of the console registry). */
  consolePermissions?: ReadonlyMap<string, ConsolePermission>;
  /** The same, loaded when a console resource is first asked about (the app loads the registries on demand). */
  loadConsolePermissions?: () => Promise<ReadonlyMap<string, ConsolePermission>>;
}

export function createAccessControlProvider({ sessionStore, now, consolePermissions, loadConsolePermissions }: AccessControlOptions): AccessControlProvider {
  const permissions = async () => consolePermissions ?? (await loadConsolePermissions?.()) ?? new Map<string, ConsolePermission>();
  /** The permission of the console section a resource is or lies below. */
  const permissionOf = async (key: string) => [...(await permissions())].find(([section]) => isUnder(key, section))?.[1];

  return {
    can: async ({ resource, params }) => {
      const key = toRouteKey(resource ?? params?.resource?.name ?? "");
      if (isUnder(key, NOTARY_SECTION) && !isNotarySessionActive(sessionStore.getNotary(), now())) {
        return { can: false, reason: ACCESS_DENIED_REASON.notary };
      }
      if (isUnder(key, CONSOLE_SECTION)) {
        // The menu hides what a role does not allow; this is the same rule for a typed-in address.
        const session = sessionStore.getOperator();
        if (!isOperatorSessionActive(session, now())) return { can: false, reason: ACCESS_DENIED_REASON.operator };
        const needed = await permissionOf(key);
        return needed && !isPermitted(session.operator.permissions, needed) ? { can: false, reason: ACCESS_DENIED_REASON.operatorRole } : { can: true };
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
