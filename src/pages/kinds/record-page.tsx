import { useOne, type BaseRecord } from "@refinedev/core";
import { Alert, Descriptions, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { pagePath } from "../../resources/derive";
import { describeFields, recordRows } from "../../resources/field-meta";
import { isPageOpen } from "../../resources/availability";
import { FeaturePending } from "./feature-pending";
import { listPageAbove, RECORD_ID_PARAM } from "./record-links";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "../../resources/derive";

/**
 * One record of a section, named by `?id=`, with every field of its schema: the certificate and
 * detail kinds. The certificate kind gains its PDF and ledger proofs with the evidence issues.
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
  const { main, section } = route;
  const [params] = useSearchParams();
  const id = params.get(RECORD_ID_PARAM) ?? "";
  const list = listPageAbove(route);
  const { result, query } = useOne<BaseRecord>({
    resource: route.resource,
    id,
    meta: { endpoints: section.endpoints, idParam: section.idParam },
    queryOptions: { enabled: id !== "" },
  });
  const back = list && <Link to={pagePath(main, section, list)}>返回{list.title}</Link>;

  if (id === "") return <Result status="warning" title="未指定要查看的记录" extra={back} />;
  if (query.isLoading) return <Skeleton active />;
  if (query.error) return <Alert type="error" showIcon message={query.error.message} action={back} />;
  const record = result ?? {};
  return (
    <>
      <Descriptions
        bordered
        column={1}
        // Object fields (an evidence's details) are shown one fact per line.
        styles={{ content: { whiteSpace: "pre-line" } }}
        items={recordRows(describeFields(section.record!), record).map((row) => ({ key: row.name, label: row.label, children: row.value }))}
      />
      {renderExtra?.(record)}
      {back && <p style={{ marginTop: 16 }}>{back}</p>}
    </>
  );
}
