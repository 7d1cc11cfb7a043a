import { Alert, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space } from "antd";
import { Link, useSearchParams } from "react-router";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { pagePath, type SectionPageProps } from "../../resources/derive";
import { CAPTURE_ENDPOINTS, PROVENANCE_LABELS, type CaptureDetail } from "../../schema/capture";
import { formatDateTime } from "../../schema/format";
import { listPageAbove, RECORD_ID_PARAM } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { CaptureScreenshot } from "./capture-files";
import { sectionCaptureLinks } from "./capture-links";
import { CaptureProgress } from "./capture-progress";
import { CaptureProvenanceSummary } from "./capture-provenance";
import { captureStateText, isCaptureActive } from "./capture-state";
import { QaFindingList } from "./qa-finding-list";
import { useCaptureAction } from "./use-capture-action";

/**
 * dataList/review: a capture that needs review (or failed), with what the holder decides on: the
 * screenshot, the QA findings and the provenance; then 确认封存 (the certificate states the
 * findings), 重新取证, or 放弃 (the unit goes back).
 */
export default function CaptureReviewPage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const id = params.get(RECORD_ID_PARAM) ?? "";
  const list = listPageAbove(route);
  const back = list && <Link to={pagePath(route, list)}>返回{list.title}</Link>;
  return (
    <SectionPageFrame route={route}>
      {id === "" ? <Result status="warning" title="未指定要查看的取证" extra={back} /> : <ReviewView route={route} id={id} />}
      {back && <p style={{ marginTop: 16 }}>{back}</p>}
    </SectionPageFrame>
  );
}

function ReviewView({ route, id }: SectionPageProps & { id: string }) {
  const { datas: capture, query } = useEndpointQuery(CAPTURE_ENDPOINTS.one, { id });
  if (query.isLoading) return <Skeleton active />;
  if (query.error || !capture) return <Alert type="error" showIcon message={query.error?.message ?? "取证记录不存在"} />;
  const links = sectionCaptureLinks(route);
  const certificate = capture.state === "sealed" ? links.certificate?.(capture) : undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: "name", label: "取证名称", children: capture.name },
          { key: "url", label: "网页地址", children: capture.url },
          { key: "title", label: "网页标题", children: capture.title ?? "" },
          { key: "state", label: "状态", children: captureStateText(capture) },
          { key: "createTime", label: "提交时间", children: formatDateTime(capture.createTime) },
        ]}
      />
      {capture.state === "failed" && <Alert type="error" showIcon message={capture.failure?.message ?? "取证失败"} description="取证失败不扣减次数，可重新取证。" />}
      {capture.state === "needsReview" && (
        <Alert type="warning" showIcon message="质量检查发现以下问题" description={<QaFindingList findings={capture.qaFindings} />} />
      )}
      {certificate && <Alert type="success" showIcon message="该取证已封存上链" action={<Link to={certificate}>查看取证证书</Link>} />}
      {isCaptureActive(capture) ? (
        // The holder retried: follow the new attempt here, then read the record again.
        <CaptureProgress key={`${capture.id}-${capture.attempts}`} captures={[capture]} links={links} onSettled={() => void query.refetch()} />
      ) : (
        <ReviewActions capture={capture} onDone={() => void query.refetch()} />
      )}
      {capture.provenance && (
        <>
          <Card title="网页整页截图" size="small">
            <CaptureScreenshot id={capture.id} />
          </Card>
          <Card title={PROVENANCE_LABELS.heading} size="small">
            <CaptureProvenanceSummary provenance={capture.provenance} />
          </Card>
        </>
      )}
    </Space>
  );
}

function ReviewActions({ capture, onDone }: { capture: CaptureDetail; onDone: () => void }) {
  const accept = useCaptureAction("accept");
  const retry = useCaptureAction("retry");
  const discard = useCaptureAction("discard");
  const act = (action: typeof accept) => async () => {
    if (await action.run(capture.id)) onDone();
  };
  const canRetry = capture.state === "needsReview" || capture.state === "failed";
  if (!canRetry) return null;
  return (
    <Space wrap>
      {capture.state === "needsReview" && (
        <Popconfirm title="确认后将按现状封存上链，取证证书将载明上述质量检查发现。确定确认封存？" okText="确认封存" cancelText="取消" onConfirm={act(accept)}>
          <Button type="primary" loading={accept.isPending}>
            确认封存
          </Button>
        </Popconfirm>
      )}
      <Button loading={retry.isPending} onClick={act(retry)}>
        重新取证
      </Button>
      {capture.state === "needsReview" && (
        <Popconfirm title="放弃后该取证不会封存，预扣的次数将退回。确定放弃？" okText="放弃" cancelText="取消" onConfirm={act(discard)}>
          <Button danger loading={discard.isPending}>
            放弃
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
