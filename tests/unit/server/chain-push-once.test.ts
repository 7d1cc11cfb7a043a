import { describe, expect, it } from "vitest";
import { pushOnce } from "../../../server/modules/chain/push-once.js";
import type { ChainPush } from "../../../src/schema/chain-live.js";

const push = (blockHeight: number, witnessStatus = 1): ChainPush => ({
  blockInfo: { blockHeight, peerCount: 2, txCount: blockHeight * 3 },
  nodeList: [
    { name: "log", status: 1 },
    { name: "witness", status: witnessStatus },
  ],
  txList: [],
});

describe("pushOnce: each state of the chain reaches a socket once", () => {
  it.each([
    ["a later block", [push(1), push(2)], [1, 2]],
    ["the same block again (the snapshot on connect, then another process's announcement)", [push(1), push(1)], [1]],
    ["an earlier block finishing late", [push(2), push(1)], [2]],
    ["the same block with a witness gone offline", [push(1), push(1, 0)], [1, 1]],
  ])("%s", (_case, pushes, sentHeights) => {
    const sent: number[] = [];
    const send = pushOnce((sentPush) => sent.push(sentPush.blockInfo.blockHeight));
    for (const each of pushes) send(each);
    expect(sent).toEqual(sentHeights);
  });
});
