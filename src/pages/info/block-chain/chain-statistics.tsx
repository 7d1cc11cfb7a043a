import type { HttpError } from "@refinedev/core";
import { Alert, Card, Col, Row, Skeleton, Statistic } from "antd";
import { useChainFigures } from "../../../providers/use-chain-live";
import type { ChainLive } from "../../../schema/chain-live";

/** Live chain statistics (spec §2, §7): pushed over the chain socket as each block is signed, polled while it is down. */
export function ChainStatistics() {
  const { data, error, isLoading } = useChainFigures();

  return (
    <section aria-label="账本实时统计">
      <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>账本实时统计</h2>}>
        {isLoading ? <Skeleton active paragraph={{ rows: 1 }} /> : <StatisticsBody stats={data} error={error} />}
      </Card>
    </section>
  );
}

function StatisticsBody({ stats, error }: { stats: ChainLive | undefined; error: HttpError | null }) {
  if (error || !stats) {
    return <Alert type="warning" showIcon message="暂时无法读取账本统计，请稍后刷新页面重试。" />;
  }
  return (
    <Row gutter={24}>
      <Col span={8}>
        <Statistic title="区块高度" value={stats.blockHeight ?? stats.blockNum ?? 0} />
      </Col>
      <Col span={8}>
        <Statistic title="节点数" value={stats.peerCount ?? stats.nodeList?.length ?? 0} />
      </Col>
      <Col span={8}>
        <Statistic title="交易数" value={stats.txCount} />
      </Col>
    </Row>
  );
}
