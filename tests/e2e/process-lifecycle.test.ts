import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/dialect.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { SessionRepository } from "../../server/modules/session/session.repository.js";
import { hashToken, SessionService } from "../../server/modules/session/session.service.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { signedGet, signedPost } from "./support/signed-fetch.js";

let server: ServerProcess | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null) await server.kill9();
  server = undefined;
});

describe("the server process", () => {
  it("creates and migrates its data folder on first start and says where it runs", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "first-start-")), "nested", "data");
    server = await startServer({ dataDir });
    expect(server.output()).toContain(`衡证电子证据平台已启动：http://127.0.0.1:`);
    expect(server.output()).toContain("运行模式：development（嵌入式 SQLite");
    expect(server.output()).toMatch(/已执行 \d+ 个数据库迁移/);
    expect(fs.existsSync(path.join(dataDir, "platform.sqlite"))).toBe(true);
    const banners = await signedGet(server.url, webapiPath(COMMON_ENDPOINTS.getBanner));
    expect(banners.body.datas.bannerList.length).toBeGreaterThan(0);
  });

  it("refuses to start on a bad configuration, naming the variable", async () => {
    await expect(startServer({ env: { PORT: "not-a-port" } })).rejects.toThrow(/PORT 必须是 1-65535 之间的整数/);
  });

  it("refuses to serve an unmigrated database when told not to migrate on start", async () => {
    await expect(startServer({ env: { MIGRATE_ON_START: "false" } })).rejects.toThrow(/数据库结构不是最新[\s\S]*npm run migrate/);
  });

  it("refuses a second process on the same data folder, and starts again after SIGKILL and after SIGTERM", async () => {
    server = await startServer();
    const { dataDir } = server;
    await expect(startServer({ dataDir })).rejects.toThrow(/exit code 75\)[\s\S]*启动失败：数据目录 .+ 正被另一个平台进程使用/);
    expect((await signedGet(server.url, webapiPath(COMMON_ENDPOINTS.getTime))).body.code).toBe(200);
    // The kernel drops the lock with the killed process: no stale lock blocks the restart.
    await server.kill9();
    server = await startServer({ dataDir });
    expect((await signedGet(server.url, webapiPath(COMMON_ENDPOINTS.getTime))).body.code).toBe(200);
    expect(await server.stop()).toBe(0);
    server = await startServer({ dataDir });
    expect((await signedGet(server.url, webapiPath(COMMON_ENDPOINTS.getTime))).body.code).toBe(200);
  });

  it("finishes the requests in flight on SIGTERM and exits cleanly", async () => {
    server = await startServer();
    const inFlight = Array.from({ length: 200 }, () => signedGet(server!.url, webapiPath(COMMON_ENDPOINTS.getTime)).catch((error) => error));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exitCode = await server.stop();
    const outcomes = await Promise.all(inFlight);
    expect(exitCode).toBe(0);
    // Each request either completed or was refused whole after the close began; none was cut off.
    for (const outcome of outcomes) {
      if (outcome instanceof Error) expect(String(outcome.cause ?? outcome)).toMatch(/ECONNREFUSED|ECONNRESET|other side closed|fetch failed/);
      else expect([200, 503]).toContain(outcome.status);
    }
    expect(outcomes.filter((outcome) => !(outcome instanceof Error) && outcome.status === 200).length).toBeGreaterThan(0);
  });

  it("logs an unhandled rejection through pino, closes gracefully and exits 1", async () => {
    const trigger = path.join(import.meta.dirname, "support", "reject-on-sigusr2.mjs");
    server = await startServer({ env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${trigger}`.trim() } });
    const exited = new Promise<number | null>((resolve) => server!.child.once("exit", resolve));
    server.child.kill("SIGUSR2");
    expect(await exited).toBe(1);
    const fatal = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
      .find((entry) => entry.level === 60);
    expect(fatal).toMatchObject({ msg: "unexpected error: closing", err: { message: "unhandled rejection left by the test" } });
    // The database was closed, not abandoned: SQLite folds its write-ahead log back in on a clean close.
    expect(fs.existsSync(path.join(server.dataDir, "platform.sqlite-wal"))).toBe(false);
  });

  it("loses no acknowledged write when killed with SIGKILL during a burst", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kill9-"));
    const file = path.join(dataDir, "platform.sqlite");
    const prepared = openDatabase({ kind: "sqlite", file });
    await migrateToLatest(prepared.db);
    const sessions = new SessionService(new SessionRepository(prepared.db), Date.now);
    const users = Array.from({ length: 400 }, (_, index) => `user-${index}`);
    const tokens = await Promise.all(users.map((id) => sessions.create(id, "user").then((session) => session.token)));
    await prepared.db.destroy();

    server = await startServer({ dataDir });
    const acknowledged: string[] = [];
    const burst = users.map(async (id, index) => {
      const response = await signedPost(server!.url, webapiPath(ACCOUNT_ENDPOINTS.logout), { id, token: tokens[index] }).catch(() => null);
      if (response?.body.code === 200) acknowledged.push(tokens[index]);
    });
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 1));
    await server.kill9();
    await Promise.all(burst);
    expect(acknowledged.length).toBeLessThan(users.length);

    const reopened = openDatabase({ kind: "sqlite", file });
    const revoked = await reopened.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("revoked_at", "is not", null)
      .execute();
    await reopened.db.destroy();
    const revokedHashes = new Set(revoked.map((row) => row.token_hash));
    for (const token of acknowledged) expect(revokedHashes.has(hashToken(token))).toBe(true);
  });
});
