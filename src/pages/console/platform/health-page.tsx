import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Col, Row, Skeleton, Space, Typography } from "antd";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import type { SectionPageProps } from "../../../resources/types";
import { isCheckpointStale, PLATFORM_HEALTH_ENDPOINTS, type PlatformHealth } from "../../../schema/console/platform-health";
import { formatDateTime } from "../../../schema/format";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { FailedJobTable } from "./failed-jobs-table";
import { LedgerCard, ProcessCard, SessionsCard, StorageCard } from "./health-cards";
import { hasWitnessTrouble, QueueTable, TsaCard, WitnessTable } from "./health-tables";

/** The page reads the overview again this often while it is open. */
export const HEALTH_REFRESH_MS = 15_000;

/**
 * 平台状态 (issue 13): the ledger, its witnesses and TSA, the job queues and failed jobs, storage, the process and
 * live sessions, read again every 15 seconds. What needs attention (a stalled ledger, a witness
 * that fails) is coloured and summed up at the top.
 */
export default function HealthPage({ route }: SectionPageProps) {
  const { datas, query } = useEndpointQuery(PLATFORM_HEALTH_ENDPOINTS.overview, {}, { refetchInterval: HEALTH_REFRESH_MS });
  // Until the first answer refine hands an empty object; after a failed refresh the last answer stays.
  const health = query.data ? datas : undefined;
  const refreshed = health ? `更新于 ${formatDateTime(health.generatedAt)} · 每15秒自动刷新` : "";
  return (
    <SectionPageFrame
      route={route}
      extra={
        <Space>
          <Typography.Text type="secondary">{refreshed}</Typography.Text>
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
        </Space>
      }
    >
      {query.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={health ? `刷新失败，以下为上次读取的状态：${query.error.message}` : query.error.message} />}
      {health ? <HealthOverview health={health} onChanged={() => void query.refetch()} /> : query.isPending && <Skeleton active paragraph={{ rows: 12 }} />}
    </SectionPageFrame>
  );
}

function HealthOverview({ health, onChanged }: { health: PlatformHealth; onChanged: () => void }) {
  const troubled = health.witnesses.filter(hasWitnessTrouble);
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      {isCheckpointStale(health.ledger) && <Alert type="error" showIcon message="账本检查点已停滞" description={`${health.ledger.pendingEntries} 条条目等待写入区块。`} />}
      {troubled.length > 0 && (
        <Alert type="warning" showIcon message={`见证者异常：${troubled.map((witness) => witness.name).join("、")}`} description="见证者未连署最新检查点。存证照常进行；下一个检查点会再次提交给它。" />
      )}
      <LedgerCard ledger={health.ledger} />
      <WitnessTable witnesses={health.witnesses} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <TsaCard tsa={health.tsa} />
        </Col>
        <Col xs={24} lg={14}>
          <QueueTable queues={health.queues} />
        </Col>
      </Row>
      {health.failedJobs.length > 0 && <FailedJobTable failedJobs={health.failedJobs} onRetried={onChanged} />}
      <StorageCard blobStore={health.blobStore} database={health.database} />
      <ProcessCard process={health.process} />
      <SessionsCard sessions={health.sessions} />
    </Space>
  );
}
