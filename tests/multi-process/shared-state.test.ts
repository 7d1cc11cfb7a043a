import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { THROTTLE } from "../../server/modules/account/login-throttle.js";
import { sha256Hex } from "../../server/plugins/signature.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { CHAIN_SOCKET_PATH } from "../../src/schema/chain-live.js";
import { webapiPath } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { computeSignature } from "../../src/schema/signature.js";
import { pushesOf } from "../server/support/chain-pushes.js";
import { encryptorFor, solveCaptcha } from "../server/support/login-client.js";
import { freshIp, registerUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

// Two processes of one installation: one PostgreSQL database, one Redis namespace. Whatever one
// of them remembers about a caller (captchas, used nonces, failures, request counts) the other
// must know, and a block one of them writes must reach the other's live sockets.
const prefix = testRedisPrefix("shared-state");
let a: TestApp;
let b: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;

beforeAll(async () => {
  a = await createTestApp({ seedDemo: false, env: testRedisEnv(prefix) });
  b = await siblingTestApp(a, { seedDemo: false, env: testRedisEnv(prefix) });
  // Both processes share the data folder, hence the login key: either may encrypt.
  encryptor = await encryptorFor(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await dropRedisNamespace(prefix);
});

/** Login mode 0 on `app` with an image captcha already solved (on whichever process drew it). */
async function passwordLogin(app: TestApp, account: string, password: string, captcha: { cookies: Record<string, string>; answer: string }, ip = freshIp()) {
  const query = { encryptAccount: encryptor.encrypt(account), encryptPassword: encryptor.encryptPassword(password), vcode: captcha.answer, type: 0, ipAddress: "" };
  return (await app.call(ACCOUNT_ENDPOINTS.loginV2, query, { cookies: captcha.cookies, ip })).json();
}

describe("caller state shared through Redis", () => {
  it("answers on one process a captcha the other drew, only once, and keeps none in the database", async () => {
    const user = await registerUser(a, "13711110001");
    const drawn = await a.call(ACCOUNT_ENDPOINTS.getCodeV2, { time: a.clock.now() });
    const cookies = { hz_captcha: drawn.cookies.find((cookie) => cookie.name === "hz_captcha")!.value };
    // The development peek is shared too: the end-to-end and scale tests log in through any process.
    const answer = (await b.call(DEV_ENDPOINTS.captchaAnswer, {}, { cookies })).json().datas.answer as string;

    expect((await passwordLogin(b, user.account, user.password, { cookies, answer })).code).toBe(200);
    expect(await passwordLogin(a, user.account, user.password, { cookies, answer })).toMatchObject({ code: 1002, message: "图形验证码错误或已过期，请重新输入" });
    expect(await a.database.handle.db.selectFrom("captchas").select("id").execute()).toEqual([]);
  });

  it("refuses on one process a signed request the other has served (4004)", async () => {
    const user = await registerUser(a, "13711110002");
    const { cookies, answer } = await solveCaptcha(a);
    const params = { encryptAccount: encryptor.encrypt(user.account), encryptPassword: encryptor.encryptPassword(user.password), vcode: answer, type: "0", timestamp: String(a.clock.now()) };
    const query = { ...params, signature: computeSignature(params, sha256Hex) };
    const send = (app: TestApp) => app.app.inject({ method: "GET", url: webapiPath(ACCOUNT_ENDPOINTS.loginV2), query, cookies, remoteAddress: freshIp() });
    expect((await send(a)).json().code).toBe(200);
    expect((await send(b)).json()).toMatchObject({ code: 4004, message: "请求已提交过，请勿重复提交" });
  });

  it("counts failed logins on both processes toward one lock-out", async () => {
    const user = await registerUser(a, "13711110003");
    const attacker = freshIp();
    for (let i = 0; i < THROTTLE.perSource; i += 1) {
      const app = i % 2 === 0 ? a : b;
      expect((await passwordLogin(app, user.account, "wrong999", await solveCaptcha(app), attacker)).code).toBe(3010);
    }
    for (const app of [a, b]) {
      expect(await passwordLogin(app, user.account, user.password, await solveCaptcha(app), attacker)).toMatchObject({ code: 3014, message: "登录失败次数过多，请15分钟后再试" });
    }
    expect((await passwordLogin(b, user.account, user.password, await solveCaptcha(b))).code).toBe(200);
  });

  it("holds a per-address rate limit across processes, for a route and for a budget shared by two routes", async () => {
    const ip = freshIp();
    const checkAccount = (i: number) => (i % 2 === 0 ? a : b).call(ACCOUNT_ENDPOINTS.checkAccount, { account: "13711119999" }, { ip });
    for (let i = 0; i < 60; i += 1) expect((await checkAccount(i)).statusCode).toBe(200);
    const limited = await checkAccount(60);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^请求过于频繁，请.*再试$/);

    // The phone and e-mail twins share one budget of ten per address (an app.rateLimit limiter).
    const sendIp = freshIp();
    const sendCode = (i: number) =>
      (i % 2 === 0 ? a : b).call(i % 4 < 2 ? ACCOUNT_ENDPOINTS.sendPhoneVCode : ACCOUNT_ENDPOINTS.sendEmailVCode, { account: i % 4 < 2 ? `1371112${String(i).padStart(4, "0")}` : `u${i}@example.com`, type: 1 }, { ip: sendIp });
    for (let i = 0; i < 10; i += 1) expect((await sendCode(i)).statusCode).toBe(200);
    expect((await sendCode(10)).statusCode).toBe(429);
  });
});

describe("the chain's live push across processes", () => {
  it("pushes to a socket on one process each block the other wrote, once", async () => {
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = b.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}${CHAIN_SOCKET_PATH}`);
    try {
      const pushes = pushesOf(socket);
      const first = await pushes.until(() => true);
      const entry = (text: string) => new TextEncoder().encode(JSON.stringify({ v: 1, text }));

      const receipt = await a.app.services.ledger.append(entry("written by process A"));
      const pushed = await pushes.until((push) => push.blockInfo.txCount === receipt.treeSize);
      expect(pushed.blockInfo.blockHeight).toBe(receipt.blockHeight);
      expect(pushed.txList[0]).toEqual({ txHash: receipt.leafHash, blockHeight: receipt.blockHeight, time: receipt.integratedAt });

      const second = await a.app.services.ledger.append(entry("and another"));
      await pushes.until((push) => push.blockInfo.blockHeight === second.blockHeight);
      await a.app.services.chain.idle();
      await b.app.services.chain.idle();
      // Each state once: the heights never go back, and no block with the same node statuses came twice.
      const heights = pushes.received.map((push) => push.blockInfo.blockHeight);
      expect(heights[0]).toBe(first.blockInfo.blockHeight);
      expect([...heights].sort((x, y) => x - y)).toEqual(heights);
      const states = pushes.received.map((push) => JSON.stringify([push.blockInfo, push.nodeList]));
      expect(new Set(states).size).toBe(states.length);
    } finally {
      socket.terminate();
    }
  });
});
