import Fastify from "fastify";

/** The baseline: a bare Fastify route answering the same payload with none of our plugins. */
const app = Fastify({ logger: false });
app.get("/webapi/common/v2/getTime", async () => ({ code: 200, message: "成功", datas: { serverTime: Date.now() } }));
const port = Number(process.env.PORT);
await app.listen({ port, host: "127.0.0.1" });
console.log("已启动");
