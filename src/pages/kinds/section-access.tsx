import { useCan } from "@refinedev/core";
import { Result, Skeleton } from "antd";
import type { ReactNode } from "react";

/**
 * A section's pages are shown only where the access-control provider allows its resource (spec §6:
 * a sub-account has no child-account or invoice management), also when the address is typed in.
 */
export function SectionAccess({ resource, children }: { resource: string; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action: "list" });
  if (isLoading) return <Skeleton active />;
  if (data?.can === false) return <Result status="403" title={data.reason ?? "无权访问该页面"} subTitle="如需使用该功能，请联系主账号。" />;
  return <>{children}</>;
}
