import Fastify from "fastify";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";

/** The baseline: a bare Fastify route answering the same payload with none of our plugins. */
const app = Fastify({ logger: false });
app.get(webapiPath(COMMON_ENDPOINTS.getTime), async () => ({ code: 200, message: "成功", datas: { serverTime: Date.now() } }));
const port = Number(process.env.PORT);
await app.listen({ port, host: "127.0.0.1" });
console.log("已启动");
