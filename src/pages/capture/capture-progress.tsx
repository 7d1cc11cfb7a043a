import { useDataProvider, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Space, Steps, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { queryEndpoint } from "../../providers/use-endpoint";
import { CAPTURE_ENDPOINTS, CAPTURE_STAGE_LABELS, CAPTURE_STAGES, type CaptureRecord } from "../../schema/capture";
import { captureStateText, isCaptureActive } from "./capture-state";
import { QaFindingList } from "./qa-finding-list";
import { useCaptureAction } from "./use-capture-action";

/** A capture is fast (seconds): the page asks about once a second while any is still going. */
export const PROGRESS_POLL_MS = 1000;

/** Where a capture's result leads: its certificate once sealed, its review page when QA flagged it. */
export interface CaptureLinks {
  certificate?: (record: CaptureRecord) => string | undefined;
  review?: (record: CaptureRecord) => string | undefined;
}

/**
 * The live progress of the captures a page started: each one's stages as steps, then its result
 * (the certificate, the failure with 重试, or the QA findings with the way to review them).
 */
export function CaptureProgress({ captures, links, onSettled }: { captures: readonly CaptureRecord[]; links: CaptureLinks; /** Called once every capture has a result. */ onSettled?: () => void }) {
  const [records, setRecords] = useState<readonly CaptureRecord[]>(captures);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dataProvider = useDataProvider()();
  const active = records.filter(isCaptureActive).map((record) => record.id).join(",");
  const wasActive = useRef(active !== "");
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  useEffect(() => {
    if (active !== "") wasActive.current = true;
    else if (wasActive.current) {
      wasActive.current = false;
      onSettledRef.current?.();
    }
  }, [active]);

  useEffect(() => {
    if (active === "") return;
    const timer = setTimeout(async () => {
      try {
        const fresh = await queryEndpoint(dataProvider, CAPTURE_ENDPOINTS.progress, { ids: active });
        setProblem(null);
        setRecords((current) => current.map((record) => fresh.find((candidate) => candidate.id === record.id) ?? record));
      } catch (error) {
        setProblem((error as HttpError).message);
      }
      // Asked again after every answer, even an unchanged one or a refusal.
      setAttempt((value) => value + 1);
    }, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [active, attempt, dataProvider]);

  const replace = (next: CaptureRecord) => setRecords((current) => current.map((record) => (record.id === next.id ? next : record)));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {problem && <Alert type="warning" showIcon message={`取证进度暂时无法获取：${problem}`} />}
      {records.map((record) => (
        <CaptureProgressCard key={record.id} record={record} links={links} onChange={replace} />
      ))}
    </Space>
  );
}

function CaptureProgressCard({ record, links, onChange }: { record: CaptureRecord; links: CaptureLinks; onChange: (record: CaptureRecord) => void }) {
  const retry = useCaptureAction("retry");
  const stageIndex = CAPTURE_STAGES.indexOf(record.stage);
  const current = record.state === "sealed" ? CAPTURE_STAGES.length : stageIndex;
  const status = record.state === "failed" ? "error" : record.state === "needsReview" ? "error" : record.state === "sealed" ? "finish" : "process";
  const certificate = record.state === "sealed" ? links.certificate?.(record) : undefined;
  const review = links.review?.(record);
  return (
    <Card role="region" aria-label={`取证：${record.name}`} size="small" title={record.name} extra={<Typography.Text>{captureStateText(record)}</Typography.Text>}>
      <Typography.Paragraph type="secondary" ellipsis style={{ marginBottom: 12 }}>
        {record.url}
      </Typography.Paragraph>
      <Steps size="small" current={current} status={status} items={CAPTURE_STAGES.map((stage) => ({ title: CAPTURE_STAGE_LABELS[stage] }))} />
      {record.state === "sealed" && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          message={`取证完成，已封存上链${record.certificateNo ? `，证书编号：${record.certificateNo}` : ""}`}
          action={certificate && <Link to={certificate}>查看取证证书</Link>}
        />
      )}
      {record.state === "failed" && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={record.failure?.message ?? "取证失败"}
          description="取证失败不扣减次数。"
          action={
            <Button size="small" loading={retry.isPending} onClick={() => void retry.run(record.id).then((next) => next && onChange(next))}>
              重试
            </Button>
          }
        />
      )}
      {record.state === "needsReview" && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message="质量检查发现以下问题，请复核后确认封存或重新取证"
          description={<QaFindingList findings={record.qaFindings} />}
          action={review && <Link to={review}>去复核</Link>}
        />
      )}
    </Card>
  );
}
