import { useInvalidate } from "@refinedev/core";
import { App, Button, Popconfirm } from "antd";
import { useEffect } from "react";
import type { SectionRoute } from "../../resources/derive";
import type { RowActionsProps } from "../../resources/types";
import { useEvidenceLibraryClient } from "../../providers/evidence-library-client";
import { RecordList } from "../kinds/record-list";

/**
 * The holder's extraction codes with their state and logins, and a way to end one early: the
 * generic list of the extraction section's records, paged in the page's state because the
 * evidence picker above it pages in the URL.
 */
export function ExtractionRecords({ route, refreshKey }: { route: SectionRoute; refreshKey: number }) {
  const invalidate = useInvalidate();
  useEffect(() => {
    if (refreshKey > 0) void invalidate({ resource: route.resource, invalidates: ["resourceAll"] });
  }, [invalidate, refreshKey, route.resource]);
  return <RecordList route={route} data={route.section} slots={{ rowActions: RevokeExtraction }} isPagedLocally />;
}

function RevokeExtraction({ record, refresh }: RowActionsProps) {
  const client = useEvidenceLibraryClient();
  const { message } = App.useApp();
  if (record.status !== "active") return null;
  async function revoke() {
    try {
      await client.revokeExtraction(Number(record.id));
      message.success(`提取 ${String(record.extractNo)} 已撤销`);
    } catch (error) {
      message.error((error as Error).message);
    }
    refresh();
  }
  return (
    <Popconfirm title="撤销后提取码立即失效，确定撤销？" okText="撤销" cancelText="取消" onConfirm={revoke}>
      <Button type="link" danger size="small">
        撤销
      </Button>
    </Popconfirm>
  );
}
