import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { MONITOR_ENDPOINTS, MONITOR_MESSAGES } from "../../../src/schema/monitor.js";
import { melodyWav, writeClip } from "../../support/monitor-media-corpus.js";
import type { MonitorSite } from "../../support/monitor-sites.js";
import { recharge, verifiedApplicant } from "../notarization/notarization-world.js";
import { postMultipart } from "../support/multipart.js";
import type { RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";
import { createTask, db, monitorApp, restartMonitorApp, startSite } from "./monitor-world.js";

/**
 * Media works: audio (Chromaprint by fpcalc) and video (keyframes by ffmpeg) are fingerprinted
 * after the answer, which says ready=false until then; a task refuses them until they are ready;
 * a work left unfinished by a stopped process is fingerprinted again at the next start.
 */
let site: MonitorSite;
let t: TestApp;
let user: RegisteredUser;
let folder: string;

beforeAll(async () => {
  site = await startSite();
  t = await monitorApp([site]);
  user = await verifiedApplicant(t);
  await recharge(t, user, 1_000_000);
  folder = await mkdtemp(path.join(tmpdir(), "monitor-works-"));
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await rm(folder, { recursive: true, force: true });
});

async function upload(kind: string, filename: string, content: Buffer) {
  return (await postMultipart(t, webapiPath(MONITOR_ENDPOINTS.uploadFile), { kind, name: filename }, { token: user.token, files: [{ name: "file", filename, contentType: "application/octet-stream", content }] })).json();
}

const workOf = async (id: number) => ((await t.call(MONITOR_ENDPOINTS.works, {}, { token: user.token })).json().datas as { id: number; ready: boolean; durationMs: number | null; failure: string | null }[]).find((work) => work.id === id)!;

describe("media works", () => {
  it("fingerprints an audio work after the answer, with its duration; a task takes it once ready", async () => {
    const answer = await upload("audio", "旋律.wav", melodyWav(5, 12));
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200, datas: { kind: "audio", ready: false } });
    const sites = [{ kind: "web", name: "站点", url: site.url("/") }];
    const form = { channel: "audio", name: "音乐监测", workIds: [answer.datas.id], sites, weeks: 1 };
    await t.app.services.monitor.works.idle();
    const work = await workOf(answer.datas.id);
    expect(work).toMatchObject({ ready: true, failure: null });
    expect(work.durationMs).toBeGreaterThan(11_000);
    expect(work.durationMs).toBeLessThan(13_000);
    expect((await createTask(t, user, form)).code).toBe(200);
  });

  it("fingerprints a video work from its keyframes", async () => {
    const file = path.join(folder, "clip.mp4");
    await writeClip(file, 4, 6);
    const answer = await upload("video", "短片.mp4", await readFile(file));
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200, datas: { kind: "video", ready: false } });
    await t.app.services.monitor.works.idle();
    expect(await workOf(answer.datas.id)).toMatchObject({ ready: true, failure: null });
  });

  it("writes why a file that is no audio could not be fingerprinted", async () => {
    const answer = await upload("audio", "坏文件.mp3", Buffer.from("这不是音频文件".repeat(50), "utf8"));
    expect(answer.code).toBe(200);
    await t.app.services.monitor.works.idle();
    const work = await workOf(answer.datas.id);
    expect(work.ready).toBe(false);
    expect(work.failure).toMatch(/^无法计算作品指纹：\S/);
    // Where the file lies on this server is not the owner's business.
    expect(work.failure).not.toContain(t.database.dataDir);
  });

  it("fingerprints again at start-up a work a stopped process left unfinished", async () => {
    const answer = await upload("audio", "旋律二.wav", melodyWav(9, 8));
    await t.app.services.monitor.works.idle();
    // As a process killed while computing leaves it: no fingerprint, no failure.
    await db(t).updateTable("monitor_works").set({ fingerprint_json: null, duration_ms: null }).where("id", "=", answer.datas.id).execute();
    expect((await workOf(answer.datas.id)).ready).toBe(false);
    const form = { channel: "audio", name: "音乐监测", workIds: [answer.datas.id], sites: [{ kind: "web", name: "站点", url: site.url("/") }], weeks: 1 };
    expect(await createTask(t, user, form)).toMatchObject({ code: 3701, message: MONITOR_MESSAGES.workNotReady });
    t = await restartMonitorApp(t, [site]);
    await t.app.services.monitor.works.idle();
    const row = await db(t).selectFrom("monitor_works").select(["fingerprint_json", "failure"]).where("id", "=", answer.datas.id).executeTakeFirstOrThrow();
    expect(row.failure).toBeNull();
    expect(JSON.parse(row.fingerprint_json!).kind).toBe("audio");
  });
});
