import Fastify from "fastify";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";
import { HEALTH_PATH } from "../../src/schema/health.js";

/** The baseline: a bare Fastify route answering the same payload with none of our plugins. */
const app = Fastify({ logger: false });
app.get(webapiPath(COMMON_ENDPOINTS.getTime), async () => ({ code: 200, message: "成功", datas: { serverTime: Date.now() } }));
// The readiness probe every started server answers (tests/e2e/support/server-process.ts waits for it).
app.get(HEALTH_PATH, async () => ({ status: "ok" }));
const port = Number(process.env.PORT);
await app.listen({ port, host: "127.0.0.1" });
console.log("已启动");
