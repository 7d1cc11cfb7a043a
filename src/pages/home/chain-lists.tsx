import { LightEmpty } from "../../components/light/light-empty";
import { NODE_STATUS_LABEL, type ChainNode, type ChainTx } from "../../schema/chain-live";
import { NODE_STATUS_ONLINE } from "../../schema/constants";
import { formatShanghaiClock } from "./server-clock-time";

/** The ledger and its witnesses, each with its status (spec §3: 1 = online). */
export function ChainNodeList({ nodes }: { nodes: ChainNode[] }) {
  return (
    <div className="hz-chain__panel">
      <h3>节点列表</h3>
      {nodes.length === 0 ? (
        <LightEmpty description="账本尚未报告节点列表" />
      ) : (
        <ul className="hz-chain__rows">
          {nodes.map((node) => {
            const isOnline = node.status === NODE_STATUS_ONLINE;
            return (
              <li key={node.name}>
                <span>{node.name}</span>
                <span className={`hz-node-status${isOnline ? " hz-node-status--online" : ""}`}>
                  {isOnline ? NODE_STATUS_LABEL.online : NODE_STATUS_LABEL.offline}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The newest ledger entries: hash, block and time. */
export function ChainTxList({ transactions }: { transactions: ChainTx[] }) {
  return (
    <div className="hz-chain__panel">
      <h3>最新交易</h3>
      {transactions.length === 0 ? (
        <LightEmpty description="账本尚未报告最新交易" />
      ) : (
        <ul className="hz-chain__rows">
          {transactions.map((tx) => (
            <li key={tx.txHash}>
              <code title={tx.txHash}>{abbreviateHash(tx.txHash)}</code>
              <span>区块 {tx.blockHeight}</span>
              <span>{formatShanghaiClock(tx.time).slice(0, 19)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function abbreviateHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}
