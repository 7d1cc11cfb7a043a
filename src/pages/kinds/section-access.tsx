import { useCan } from "@refinedev/core";
import { Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { ACCESS_DENIED_HINT } from "../../providers/access-control-provider";

/**
 * A section's pages are shown only where the access-control provider allows its resource (spec §6:
 * a sub-account has no child-account or invoice management; a console section its permission),
 * also when the address is typed in.
 */
export function SectionAccess({ resource, children }: { resource: string; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action: "list" });
  if (isLoading) return <Skeleton active />;
  if (data?.can === false) {
    const reason = data.reason ?? "无权访问该页面";
    return <Result status="403" title={reason} subTitle={ACCESS_DENIED_HINT[reason]} />;
  }
  return <>{children}</>;
}
