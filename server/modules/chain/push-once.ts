import type { ChainPush } from "../../../src/schema/chain-live.js";

/**
 * Sends one socket each state of the chain once: a snapshot of an earlier block than the last one
 * sent (snapshots taken at once may finish in either order), or of the same block with the same
 * node statuses (several processes announce one checkpoint; the snapshot on connect and a push
 * right after it), is dropped.
 */
export function pushOnce(send: (push: ChainPush) => void): (push: ChainPush) => void {
  let last: { blockHeight: number; nodes: string } | null = null;
  return (push) => {
    const { blockHeight } = push.blockInfo;
    const nodes = JSON.stringify(push.nodeList);
    if (last && (blockHeight < last.blockHeight || (blockHeight === last.blockHeight && nodes === last.nodes))) return;
    last = { blockHeight, nodes };
    send(push);
  };
}
