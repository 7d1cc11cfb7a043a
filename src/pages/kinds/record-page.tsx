import { ProDescriptions } from "@ant-design/pro-components";
import { useOne, type BaseRecord } from "@refinedev/core";
import { Alert, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { isPageOpen } from "../../resources/availability";
import { pageData } from "../../resources/define";
import { pagePath } from "../../resources/derive";
import type { SectionPageProps } from "../../resources/derive";
import { describeFields, recordRows } from "../../resources/field-meta";
import { FeaturePending } from "./feature-pending";
import { usePageSlots } from "./page-slots";
import { listPageAbove, RECORD_ID_PARAM } from "./record-links";
import { SectionPageFrame } from "./section-page-frame";

/**
 * One record of a section, named by `?id=`, with every field of its schema (ProDescriptions): the
 * certificate and detail kinds. The certificate kind adds its PDF and ledger proofs below.
 */
export function RecordPage({ route, renderExtra }: RecordPageProps) {
  const isReady = isPageOpen(route.section, route.page);
  return <SectionPageFrame route={route}>{isReady ? <RecordView route={route} renderExtra={renderExtra} /> : <FeaturePending route={route} />}</SectionPageFrame>;
}

/** `renderExtra` adds a kind's own part below the fields (the certificate's PDF and checks). */
export interface RecordPageProps extends SectionPageProps {
  renderExtra?: (record: BaseRecord) => ReactNode;
}

function RecordView({ route, renderExtra }: RecordPageProps) {
  const { section } = route;
  const data = pageData(section, route.page);
  const { panel: Panel } = usePageSlots(route.page);
  const [params] = useSearchParams();
  const id = params.get(RECORD_ID_PARAM) ?? "";
  const list = listPageAbove(route);
  const { result, query } = useOne<BaseRecord>({
    resource: route.resource,
    id,
    meta: { endpoints: data.endpoints, idParam: data.idParam },
    queryOptions: { enabled: id !== "" },
  });
  const back = list && <Link to={pagePath(route, list)}>返回{list.title}</Link>;

  if (id === "") return <Result status="warning" title="未指定要查看的记录" extra={back} />;
  if (query.isLoading) return <Skeleton active />;
  if (query.error) return <Alert type="error" showIcon message={query.error.message} action={back} />;
  const record = result ?? {};
  const rows = recordRows(describeFields(data.record!), record);
  return (
    <>
      <ProDescriptions
        bordered
        column={1}
        // Object fields (an evidence's details) are shown one fact per line.
        styles={{ content: { whiteSpace: "pre-line" } }}
        columns={rows.map((row) => ({ key: row.name, title: row.label, render: () => row.value }))}
      />
      {renderExtra?.(record)}
      {Panel && <Panel route={route} record={record} refresh={() => void query.refetch()} />}
      {back && <p style={{ marginTop: 16 }}>{back}</p>}
    </>
  );
}
