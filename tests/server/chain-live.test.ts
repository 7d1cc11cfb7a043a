import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LEDGER_ENDPOINTS } from "../../src/schema/ledger.js";
import { decodeBase64 } from "../../isomorphic/ledger/encoding.js";
import { pushesOf } from "./support/chain-pushes.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { startOpensslTsa, type OpensslTsa } from "./support/openssl-tsa.js";

const entry = (text: string) => new TextEncoder().encode(JSON.stringify({ v: 1, text }));

describe("live chain socket /ws/chain", () => {
  let test: TestApp;
  afterEach(async () => test?.close());

  it("pushes blockInfo, nodeList and txList on connect and after every checkpoint", async () => {
    test = await createTestApp({ seedDemo: false });
    const { ledger, chain } = test.app.services;
    await chain!.idle();
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = test.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/chain`);
    const pushes = pushesOf(socket);
    const first = await pushes.until(() => true);
    expect(first.blockInfo).toEqual({ blockHeight: 0, peerCount: 2, txCount: 0 });
    expect(first.nodeList.map((node) => node.status)).toEqual([1, 1]);
    expect(first.txList).toEqual([]);

    const receipt = await ledger.append(entry("pushed"));
    const after = await pushes.until((push) => push.blockInfo.txCount === 1);
    expect(after.blockInfo.blockHeight).toBe(receipt.blockHeight);
    expect(after.txList).toEqual([{ txHash: receipt.leafHash, blockHeight: receipt.blockHeight, time: receipt.integratedAt }]);
    socket.terminate();
  });
});

describe("trusted time for checkpoints", () => {
  let tsa: OpensslTsa;
  let test: TestApp;
  beforeAll(async () => {
    tsa = await startOpensslTsa();
  }, 60_000);
  afterAll(async () => tsa.close());
  afterEach(async () => test?.close());

  it("with TSA_URL each checkpoint's root hash gets an RFC 3161 token that OpenSSL verifies", async () => {
    test = await createTestApp({ seedDemo: false, env: { TSA_URL: tsa.url, TSA_CA_FILE: tsa.caFile } });
    const { ledger, chain } = test.app.services;
    const receipt = await ledger.append(entry("stamped"));
    await chain!.idle();

    const answer = (await test.call(LEDGER_ENDPOINTS.getTimestamp, { treeSize: receipt.treeSize })).json();
    expect(answer.code).toBe(200);
    expect(answer.datas).toMatchObject({ timestampAuthority: tsa.url, kind: "tsa", tsaUrl: tsa.url, treeSize: receipt.treeSize });
    const checkpoint = await ledger.latestCheckpoint();
    expect(answer.datas.rootHash).toBe(checkpoint!.rootHash);
    const rootHex = Buffer.from(decodeBase64(checkpoint!.rootHash)).toString("hex");
    expect(await tsa.verifyWithOpenssl(decodeBase64(answer.datas.token), rootHex)).toBe(true);
    expect(Math.abs(answer.datas.genTime - Date.now())).toBeLessThan(60_000);
  });

  it("without a TSA (or when it fails) the time is stated to be the platform's own; appends go on", async () => {
    test = await createTestApp({ seedDemo: false, env: { TSA_URL: tsa.url } });
    tsa.mode = "fail";
    try {
      const receipt = await test.app.services.ledger.append(entry("unstamped"));
      await test.app.services.chain.idle();
      const answer = (await test.call(LEDGER_ENDPOINTS.getTimestamp, { treeSize: receipt.treeSize })).json();
      expect(answer.datas).toEqual({ timestampAuthority: tsa.url, kind: "platform", statement: "时间为本平台服务器时间，未经第三方可信时间戳机构认证" });
    } finally {
      tsa.mode = "ok";
    }
    const plain = await createTestApp({ seedDemo: false });
    try {
      expect(await plain.app.services.chain.timestampFor(0)).toEqual({ kind: "platform", statement: "时间为本平台服务器时间，未经第三方可信时间戳机构认证" });
    } finally {
      await plain.close();
    }
  });
});
