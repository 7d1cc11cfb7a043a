import type { HttpError } from "@refinedev/core";
import { Alert, Card, Col, Row, Skeleton, Statistic } from "antd";
import { useChainFigures } from "../../../providers/use-chain-live";
import type { ChainLive } from "../../../schema/chain-live";
import { ResultCode } from "../../../schema/envelope";

export const LEDGER_NOT_ENABLED = "账本尚未启用";

/**
 * Live chain statistics (spec §2, §7): pushed over the chain socket as each block is signed, polled
 * while it is down. Where the ledger is not enabled the call answers 404 and the card says so
 * plainly instead of showing zeros that would look like a real, empty ledger.
 */
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
  if (error?.statusCode === ResultCode.notFound) {
    return (
      <Alert
        type="info"
        showIcon
        message={LEDGER_NOT_ENABLED}
        description="本安装的存证账本尚未启用，因此还没有区块高度、节点和交易数据。账本启用后，这里会显示已签发的检查点数（区块高度）、账本及见证节点数和存证条目数（交易数）。"
      />
    );
  }
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
