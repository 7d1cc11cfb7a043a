import type { FastifyInstance } from "fastify";
import { CHAIN_SOCKET_PATH } from "../../../src/schema/chain-live.js";
import { LEDGER_ENDPOINTS } from "../../../src/schema/ledger.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { keepSocketAlive } from "../../http/socket-keepalive.js";
import type { ChainService } from "./chain.service.js";
import { pushOnce } from "./push-once.js";

/** Dead connections (a laptop closed mid-session) are noticed within two of these. */
const PING_INTERVAL_MS = 30_000;

/**
 * The live socket (spec §7: "a live socket connection pushes blockInfo, nodeList and txList"):
 * GET /ws/chain upgrades to a websocket that receives one snapshot on connect and another after
 * every checkpoint or witness status change. Read-only and public, like the figures it carries.
 * Also the tokenless time-stamp lookup for a checkpoint.
 */
export async function chainRoutes(app: FastifyInstance, options: { chain: ChainService }) {
  const { chain } = options;

  app.get(CHAIN_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const send = pushOnce((push) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
    });
    const unsubscribe = chain.subscribe(send);
    keepSocketAlive(socket, PING_INTERVAL_MS);
    socket.on("close", unsubscribe);
    // Clients only listen; anything they send is ignored.
    chain.snapshot().then(send, (error) => {
      request.log.error({ err: error }, "chain snapshot failed");
      socket.close(1011, "snapshot failed");
    });
  });

  registerEndpoint(app, LEDGER_ENDPOINTS.getTimestamp, async ({ treeSize }) => ok({ timestampAuthority: chain.timestampAuthority, ...(await chain.timestampFor(treeSize)) }));
}
