import { useCan } from "@refinedev/core";
import { Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { ACCESS_DENIED_REASON } from "../../../providers/access-control-provider";
import { CHILD_ACCOUNT_RESOURCE } from "./child-account-resource";

/**
 * Spec §6: a sub-account (accountType 3) does not manage child accounts. The access-control
 * provider decides; its refusal is shown in place of the page, even when the address is typed in.
 */
export function MainAccountOnly({ children }: { children: ReactNode }) {
  const { data, isLoading } = useCan({ resource: CHILD_ACCOUNT_RESOURCE, action: "list" });
  if (isLoading) return <Skeleton active />;
  if (data?.can === false) {
    return <Result status="403" title={data.reason ?? ACCESS_DENIED_REASON.subAccount} subTitle="子账号管理仅对主账号开放，请使用主账号登录后操作。" />;
  }
  return <>{children}</>;
}
