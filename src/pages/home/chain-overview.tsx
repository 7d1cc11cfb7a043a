import BlockOutlined from "@ant-design/icons-svg/es/asn/BlockOutlined";
import ClockCircleOutlined from "@ant-design/icons-svg/es/asn/ClockCircleOutlined";
import ClusterOutlined from "@ant-design/icons-svg/es/asn/ClusterOutlined";
import DeploymentUnitOutlined from "@ant-design/icons-svg/es/asn/DeploymentUnitOutlined";
import SwapOutlined from "@ant-design/icons-svg/es/asn/SwapOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import { Link } from "react-router";
import { LightIcon } from "../../components/light/light-icon";
import { LightSkeleton } from "../../components/light/light-skeleton";
import { navItem } from "../../components/public-shell/public-nav-items";
import type { ChainViewState } from "./chain-view-state";
import { ChainNodeList, ChainTxList } from "./chain-lists";
import { HomeSection } from "./home-section";
import { useChainView } from "./use-chain-view";
import { useServerClock } from "./use-server-clock";
import "./chain-overview.css";

export const CHAIN_EMPTY_TEXT = {
  title: "账本尚未产生区块",
  description:
    "第一批存证写入账本并签发检查点后，这里会实时显示区块高度（已签发的检查点数）、节点数量（账本及其见证节点）、交易数量（存证条目数），以及节点状态与最新交易。所有数字都直接取自账本，不做估算。",
  unavailable: "暂时无法读取账本数据，请稍后刷新页面重试。",
} as const;

/** Live chain statistics (spec §2): the three figures, the node list and the newest transactions, beside the server clock. */
export function ChainOverview() {
  const view = useChainView();
  return (
    <HomeSection title="存证账本实时数据" subtitle="每一条存证都写入公开可审计的 Merkle 树账本，区块以签名检查点收尾" extra={<ServerClock />}>
      <div className="hz-chain">
        <div className="hz-chain__figures">
          <Figure icon={BlockOutlined} label="区块高度" value={view.kind === "live" ? view.blockHeight : null} isLoading={view.kind === "loading"} />
          <Figure icon={ClusterOutlined} label="节点数量" value={view.kind === "live" ? view.peerCount : null} isLoading={view.kind === "loading"} />
          <Figure icon={SwapOutlined} label="交易数量" value={view.kind === "live" ? view.txCount : null} isLoading={view.kind === "loading"} />
        </div>
        <ChainBody view={view} />
      </div>
    </HomeSection>
  );
}

function ChainBody({ view }: { view: ChainViewState }) {
  switch (view.kind) {
    case "loading":
      return (
        <div className="hz-chain__panel">
          <LightSkeleton rows={5} />
        </div>
      );
    case "live":
      return (
        <div className="hz-chain__lists">
          <ChainNodeList nodes={view.nodes} />
          <ChainTxList transactions={view.transactions} />
        </div>
      );
    default:
      return (
        <div className="hz-chain__panel hz-chain__empty" role="status">
          <LightIcon icon={DeploymentUnitOutlined} className="hz-chain__empty-icon" />
          <div>
            <h3>{view.kind === "empty" ? CHAIN_EMPTY_TEXT.title : CHAIN_EMPTY_TEXT.unavailable}</h3>
            {view.kind === "empty" && <p>{CHAIN_EMPTY_TEXT.description}</p>}
            <Link to={navItem("blockChain").path}>了解账本如何工作</Link>
          </div>
        </div>
      );
  }
}

function Figure({ icon, label, value, isLoading }: { icon: IconDefinition; label: string; value: number | null; isLoading: boolean }) {
  return (
    <div className="hz-chain__figure">
      <span className="hz-chain__figure-icon">
        <LightIcon icon={icon} />
      </span>
      <div>
        <div className="hz-chain__figure-label">{label}</div>
        <div className="hz-chain__figure-value" aria-label={label}>
          {isLoading ? "…" : value === null ? "—" : value.toLocaleString("zh-CN")}
        </div>
      </div>
    </div>
  );
}

/** The clock of spec §1: server time to the millisecond, refreshed every 100 ms. */
function ServerClock() {
  const clock = useServerClock();
  return (
    <span className="hz-chain__clock">
      <LightIcon icon={ClockCircleOutlined} />
      <span aria-label="北京时间">北京时间 {clock}</span>
    </span>
  );
}
