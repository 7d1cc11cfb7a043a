import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRACTION_CAPTCHA_ENDPOINT } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { LAWSUIT_PACKAGE_ENDPOINTS as ENDPOINTS, LAWSUIT_PACKAGE_LINK_TTL_MS, LawSuitPackageCode, type LawSuitPackage } from "../../src/schema/lawsuit-package.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { decideInConsole } from "../server/support/identity-review.js";
import { postMultipart } from "../server/support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { readZip } from "../server/support/zip-reader.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

/**
 * Litigation packages shared by the processes of one installation (issue 20), on PostgreSQL and
 * Redis: the holder's call on web process A waits while the package's job sits on the shared
 * queue (no web process builds), a worker builds it and the call answers; web process B serves
 * the download by the ticket alone; its time over, two processes' housekeeping at once delete it.
 */
const prefix = testRedisPrefix("lawsuit");
const env = testRedisEnv(prefix);
const FIRST17 = "11010119850512123";
const PERSON_ID = `${FIRST17}${nationalIdCheckChar(FIRST17)}`;
let a: TestApp;
let b: TestApp;
let worker: TestApp | undefined;
let holder: RegisteredUser;
let certificateNo: string;
const content = randomBytes(16 * 1024);

const lawsuitJobs = () => a.database.handle.db.selectFrom("evidence_packages").selectAll().where("kind", "=", "lawsuit").execute();
const scratchFiles = () => {
  const scratch = path.join(a.database.dataDir, "blobs", "scratch");
  return (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).filter((name) => name.startsWith("lawsuit-package-"));
};

beforeAll(async () => {
  a = await createTestApp({ seedDemo: false, env, role: "web" });
  b = await siblingTestApp(a, { seedDemo: false, env, role: "web" });
  holder = await registerUser(a, "13760000001");
  expect((await a.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "钱诉讼", idNumber: PERSON_ID }, { token: holder.token })).json().code).toBe(200);
  a.clock.advance(60_000);
  expect((await decideInConsole(a, holder.account, "approve")).json().code).toBe(200);
  const stored = await postMultipart(a, webapiPath(KINDS.file.create), { name: "共享诉讼包" }, {
    token: holder.token,
    files: [{ name: "file", filename: "借据.bin", contentType: "application/octet-stream", content }],
  });
  certificateNo = stored.json().datas[0].certificateNo;
});
afterAll(async () => {
  await worker?.close();
  await b?.close();
  await a?.close();
  await dropRedisNamespace(prefix);
});

describe("a litigation package across processes", () => {
  let answer: LawSuitPackage;

  it("asked on A waits on the shared queue, is built by the worker, and downloads on B by its ticket", async () => {
    const captcha = await a.call(EXTRACTION_CAPTCHA_ENDPOINT, { time: a.clock.now() });
    const cookies = { hz_captcha: captcha.cookies.find((cookie) => cookie.name === "hz_captcha")!.value };
    const verifyCode = (await a.call(DEV_ENDPOINTS.captchaAnswer, {}, { cookies })).json().datas.answer as string;
    const asked = a.call(ENDPOINTS.getLawSuitPackage, { certificateNo, idCardNo: PERSON_ID, verifyCode }, { ip: freshIp(), cookies });
    // Web processes only put the job on the queue.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lawsuitJobs()).toMatchObject([{ state: "queued", attempts: 0 }]);

    worker = await siblingTestApp(a, { seedDemo: false, env, role: "worker" });
    expect(worker.app.jobQueues.sharedNames()).toContain("诉讼包生成");
    const response = (await asked).json();
    expect(response.code).toBe(200);
    answer = response.datas;
    expect(answer).toMatchObject({ title: `${certificateNo} 诉讼包`, fileFormat: "zip" });
    const [row] = await lawsuitJobs();
    expect(row).toMatchObject({ state: "ready", attempts: 1, done: 1, total: 1 });

    const url = new URL(answer.filePath, "http://localhost");
    const download = await b.get(url.pathname, Object.fromEntries(url.searchParams));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    const zip = readZip(download.rawPayload);
    expect([...zip.keys()].sort()).toEqual(answer.files.map((file) => file.name).sort());
    expect(zip.get(`${certificateNo}/借据.bin`)!.equals(content)).toBe(true);
    expect(zip.has(`检验报告/数据检验报告-${certificateNo}.pdf`)).toBe(true);
  });

  it("expires: refused on either process, and two processes' housekeeping at once delete its ZIP and its row", async () => {
    a.clock.advance(LAWSUIT_PACKAGE_LINK_TTL_MS + 1);
    const url = new URL(answer.filePath, "http://localhost");
    for (const app of [a, b]) expect((await app.get(url.pathname, Object.fromEntries(url.searchParams))).json().code).toBe(LawSuitPackageCode.downloadExpired);
    expect(scratchFiles()).toHaveLength(1);
    await Promise.all([a, b].map((app) => app.app.services.lawsuitPackage.packages.sweep()));
    expect(await lawsuitJobs()).toEqual([]);
    expect(scratchFiles()).toEqual([]);
  });
});
