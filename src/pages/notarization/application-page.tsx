import { Alert, Result, Skeleton, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SectionPageProps } from "../../resources/derive";
import { pagePath } from "../../resources/derive";
import type { Endpoint } from "../../schema/contract";
import { NOTARIZATION_STATE_COLORS, NOTARIZATION_STATE_LABELS, type NotarizationDetail } from "../../schema/notarization";
import { listPageAbove } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { useApplication } from "./use-application";

export interface ApplicationPageProps extends SectionPageProps {
  /** The detail call: the applicant's (default) or the office's. */
  endpoint?: Endpoint<"GET">;
  extra?: ReactNode;
  children: (application: NotarizationDetail, refresh: () => void) => ReactNode;
}

/**
 * A page about one application (`?id=`), for the applicant or the office: its number and state
 * over the page's own content, with the list it belongs to; a missing id, a refusal or "not
 * found" (another office's application) said plainly.
 */
export function ApplicationPage({ route, endpoint, extra, children }: ApplicationPageProps) {
  const { isNamed, application, query } = useApplication(endpoint);
  const list = listPageAbove(route);
  const back = list && <Link to={pagePath(route, list)}>返回{list.title}</Link>;
  let content: ReactNode;
  if (!isNamed) content = <Result status="warning" title="未指定公证申请" extra={back} />;
  else if (query.isLoading) content = <Skeleton active />;
  else if (query.error || !application) content = <Alert type="error" showIcon message={query.error?.message ?? "公证申请不存在"} action={back} />;
  else {
    content = (
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Space wrap>
          <Typography.Text>申请编号</Typography.Text>
          <Typography.Text strong copyable style={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}>
            {application.applicationNo}
          </Typography.Text>
          <Tag color={NOTARIZATION_STATE_COLORS[application.state]}>{NOTARIZATION_STATE_LABELS[application.state]}</Tag>
          <Typography.Text type="secondary">{application.office.name}</Typography.Text>
        </Space>
        {children(application, () => void query.refetch())}
        {back}
      </Space>
    );
  }
  return (
    <SectionPageFrame route={route} extra={extra}>
      {content}
    </SectionPageFrame>
  );
}
