import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHAIN_SOCKET_PATH } from "../../../src/schema/chain-live.js";
import { ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import type { ChainService } from "./chain.service.js";

/** Dead connections (a laptop closed mid-session) are noticed within two of these. */
const PING_INTERVAL_MS = 30_000;

const CheckpointTimeSchema = z.object({
  timestampAuthority: z.string().nullable().describe("本平台配置的 RFC 3161 时间戳服务地址；未配置为 null"),
  kind: z.enum(["tsa", "platform"]).describe("tsa = 第三方可信时间戳；platform = 平台自身时间"),
  statement: z.string().optional().describe("kind 为 platform 时的说明"),
  tsaUrl: z.string().optional(),
  genTime: z.number().int().optional().describe("时间戳机构给出的时间（毫秒）"),
  token: z.string().optional().describe("RFC 3161 时间戳令牌（DER，base64），消息摘要为检查点根哈希"),
  serialNumber: z.string().optional(),
  treeSize: z.number().int().optional().describe("被时间戳的检查点大小（不小于所查大小）"),
  rootHash: z.string().optional().describe("被时间戳的检查点根哈希（base64）"),
});

/**
 * The live socket (spec §7: "a live socket connection pushes blockInfo, nodeList and txList"):
 * GET /ws/chain upgrades to a websocket that receives one snapshot on connect and another after
 * every checkpoint or witness status change. Read-only and public, like the figures it carries.
 * Also the tokenless time-stamp lookup for a checkpoint.
 */
export async function chainRoutes(app: FastifyInstance, options: { chain: ChainService }) {
  const { chain } = options;
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });

  app.get(CHAIN_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const send = (push: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
    };
    const unsubscribe = chain.subscribe(send);
    let alive = true;
    socket.on("pong", () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PING_INTERVAL_MS);
    socket.on("close", () => {
      clearInterval(ping);
      unsubscribe();
    });
    // Clients only listen; anything they send is ignored.
    chain.snapshot().then(send, (error) => {
      request.log.error({ err: error }, "chain snapshot failed");
      socket.close(1011, "snapshot failed");
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/webapi/ledger/v2/getTimestamp",
    {
      schema: {
        tags: ["账本"],
        summary: "检查点的可信时间：RFC 3161 时间戳令牌（若有），否则说明为平台自身时间",
        querystring: signedQuery({ treeSize: z.coerce.number().int().min(0).describe("检查点的树大小") }),
        response: successResponse(CheckpointTimeSchema),
      },
      config: { session: "tokenless" as const },
    },
    async (request) => ok({ timestampAuthority: chain.timestampAuthority, ...(await chain.timestampFor(request.query.treeSize)) }),
  );
}
