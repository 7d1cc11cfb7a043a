import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChainOverview } from "../../src/pages/home/chain-overview";
import { ChainStatistics } from "../../src/pages/info/block-chain/chain-statistics";
import { reconnectDelay, RECONNECT_MAX_MS } from "../../src/providers/chain-live-socket";
import { CHAIN_STATS_ENDPOINT, type ChainPush } from "../../src/schema/chain-live";
import { ok, renderAccountScreen } from "./account-harness";

const CHAIN = CHAIN_STATS_ENDPOINT.path;

/** Stands in for the browser's WebSocket so a test can open, push and drop the connection. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(message: ChainPush) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop() {
    act(() => this.onclose?.());
  }
}

const push = (blockHeight: number, txCount: number): ChainPush => ({
  blockInfo: { blockHeight, peerCount: 2, txCount },
  nodeList: [
    { name: "hengzheng.local/evidence-log", status: 1 },
    { name: "hengzheng.local/witness", status: 1 },
  ],
  txList: [{ txHash: "b".repeat(64), blockHeight, time: Date.UTC(2024, 0, 1) }],
});

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe("live chain figures over /ws/chain", () => {
  it("the home panel shows the poll first, then every push; a dropped socket is reconnected", async () => {
    const { callsTo } = renderAccountScreen({ path: "/index", element: <ChainOverview />, script: { [CHAIN]: ok({ blockHeight: 5, peerCount: 1, txCount: 9 }) } });
    await waitFor(() => expect(screen.getByLabelText("区块高度")).toHaveTextContent("5"));
    const socket = FakeSocket.instances[0];
    expect(socket.url).toBe(`ws://${window.location.host}/ws/chain`);

    socket.open();
    socket.push(push(6, 10));
    expect(screen.getByLabelText("区块高度")).toHaveTextContent("6");
    expect(screen.getByLabelText("交易数量")).toHaveTextContent("10");
    expect(screen.getByText("hengzheng.local/witness").parentElement).toHaveTextContent("在线");
    socket.push(push(7, 12));
    expect(screen.getByLabelText("交易数量")).toHaveTextContent("12");

    socket.drop();
    // The last push stays on screen while a new connection is tried after the backoff delay.
    expect(screen.getByLabelText("交易数量")).toHaveTextContent("12");
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3000 });
    expect(callsTo(CHAIN)).toHaveLength(1);
  });

  it("the /info/blockChain card shows pushed figures too, and the socket closes when no widget listens", async () => {
    renderAccountScreen({ path: "/info/blockChain", element: <ChainStatistics />, script: { [CHAIN]: ok({ blockHeight: 1, peerCount: 2, txCount: 1 }) } });
    await screen.findByText("区块高度");
    const socket = FakeSocket.instances.at(-1)!;
    socket.open();
    socket.push(push(42, 4242));
    await waitFor(() => expect(screen.getByText("4,242")).toBeInTheDocument());
    cleanup();
    expect(socket.closed).toBe(true);
  });

  it("backs off by doubling from 1 s up to 30 s, with jitter between half and all of it", () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});
