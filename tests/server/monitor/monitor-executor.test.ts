import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { HitMatchSchema, MONITOR_ENDPOINTS } from "../../../src/schema/monitor.js";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { derivedPicture, editedCopyOf, pageAround, sampleArticle, samplePicture, unrelatedArticle, unrelatedPicture } from "../../support/monitor-corpus.js";
import { AUDIO_EDITS, VIDEO_EDITS, logoPicture, melodyWav, pictureWithLogo, writeClip } from "../../support/monitor-media-corpus.js";
import { articlePage, file, startMonitorSite, type MonitorSite } from "../../support/monitor-sites.js";
import { recharge, verifiedApplicant } from "../notarization/notarization-world.js";
import { postMultipart } from "../support/multipart.js";
import type { RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";
import { createdTask, db, monitorApp, runsOf } from "./monitor-world.js";

/**
 * The run executor end to end on loopback sites: a text task over a site that copies the user's
 * article with edits (wrapped in other content) and a site that does not, and a picture task over
 * pages showing a resized, recompressed, mirrored copy and an unrelated picture. Hits are recorded
 * with why they matched; a page crawled again unchanged is not matched again. Captures are left
 * off (autoCapture false): the capture of hits is the hits' own test.
 */
let copying: MonitorSite;
let unrelated: MonitorSite;
let pictures: MonitorSite;
let music: MonitorSite;
let marks: MonitorSite;
let folder: string;
let t: TestApp;
let user: RegisteredUser;

const article = sampleArticle();

beforeAll(async () => {
  const other = unrelatedArticle();
  copying = await startMonitorSite({
    "/": articlePage("转载网", { path: "/", title: `转载：${article.title}`, author: "佚名", published: "2026-11-21T08:00:00+08:00", paragraphs: pageAround(editedCopyOf(article.text), other.text).split("\n") }),
  });
  unrelated = await startMonitorSite({ "/": articlePage("别的网", { path: "/", title: other.title, paragraphs: [other.text] }) });
  const work = await samplePicture(3);
  pictures = await startMonitorSite({
    "/": `<!doctype html><meta charset="utf-8"><title>图库</title><a href="/copy.html">一</a><a href="/other.html">二</a>`,
    "/copy.html": articlePage("图库", { path: "/copy.html", title: "风景图", paragraphs: ["一张风景图。"], images: ["/copy.jpg"] }),
    "/other.html": articlePage("图库", { path: "/other.html", title: "另一张", paragraphs: ["另一张图。"], images: ["/other.jpg"] }),
    "/copy.jpg": file(await derivedPicture(work), "image/jpeg"),
    "/other.jpg": file(await unrelatedPicture(3), "image/jpeg"),
  });
  // An excerpt of the melody re-encoded as MP3, and another melody, each on a page of its own.
  folder = await mkdtemp(path.join(tmpdir(), "monitor-executor-"));
  await writeFile(path.join(folder, "work.wav"), melodyWav(11, 24));
  await writeFile(path.join(folder, "other.wav"), melodyWav(12, 24));
  await AUDIO_EDITS.excerpt(path.join(folder, "work.wav"), path.join(folder, "copy"));
  await AUDIO_EDITS.lowBitrateMp3(path.join(folder, "other.wav"), path.join(folder, "other"));
  music = await startMonitorSite({
    "/": `<!doctype html><meta charset="utf-8"><title>音乐</title><a href="/copy.html">一</a><a href="/other.html">二</a>`,
    "/copy.html": articlePage("音乐站", { path: "/copy.html", title: "片段", paragraphs: ["一段音乐。"], audio: ["/copy.mp3"] }),
    "/other.html": articlePage("音乐站", { path: "/other.html", title: "别的曲子", paragraphs: ["另一段音乐。"], audio: ["/other.mp3"] }),
    "/copy.mp3": file(await readFile(path.join(folder, "copy.mp3")), "audio/mpeg"),
    "/other.mp3": file(await readFile(path.join(folder, "other.mp3")), "audio/mpeg"),
  });
  // A mark of our own inside a bigger picture, another mark's picture, a rescaled copy of a clip and another clip.
  await writeClip(path.join(folder, "clip.mp4"), 21, 8);
  await writeClip(path.join(folder, "other-clip.mp4"), 22, 8);
  await VIDEO_EDITS.rescaled(path.join(folder, "clip.mp4"), path.join(folder, "clip-copy"));
  marks = await startMonitorSite({
    "/": `<!doctype html><meta charset="utf-8"><title>商品</title><a href="/a.html">一</a><a href="/b.html">二</a>`,
    "/a.html": articlePage("商城", { path: "/a.html", title: "商品甲", paragraphs: ["商品甲的图片与视频。"], images: ["/a.jpg"], video: ["/a.mp4"] }),
    "/b.html": articlePage("商城", { path: "/b.html", title: "商品乙", paragraphs: ["商品乙的图片与视频。"], images: ["/b.jpg"], video: ["/b.mp4"] }),
    "/a.jpg": file(await pictureWithLogo(await logoPicture(31), 5, 0.3, 2), "image/jpeg"),
    "/b.jpg": file(await pictureWithLogo(await logoPicture(32), 6, 0.3, 3), "image/jpeg"),
    "/a.mp4": file(await readFile(path.join(folder, "clip-copy.mp4")), "video/mp4"),
    "/b.mp4": file(await readFile(path.join(folder, "other-clip.mp4")), "video/mp4"),
  });
  t = await monitorApp([copying, unrelated, pictures, music, marks]);
  user = await verifiedApplicant(t);
  await recharge(t, user, 1_000_000);
});

afterAll(async () => {
  await t?.close();
  for (const site of [copying, unrelated, pictures, music, marks]) await site?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function upload(kind: string, filename: string, content: Buffer): Promise<number> {
  const answer = (await postMultipart(t, webapiPath(MONITOR_ENDPOINTS.uploadFile), { kind }, { token: user.token, files: [{ name: "file", filename, contentType: "application/octet-stream", content }] })).json();
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
  return answer.datas.id;
}

const hitsOf = (taskId: number) => db(t).selectFrom("monitor_hits").selectAll().where("task_id", "=", taskId).orderBy("id").execute();

async function runNow(taskId: number) {
  expect((await t.call(MONITOR_ENDPOINTS.runTask, { id: taskId }, { token: user.token })).json().code).toBe(200);
  await t.app.services.monitor.queue.idle();
}

describe("the crawl executor", () => {
  it("finds the edited copy of a text work with its matched passages, not the unrelated page, and matches an unchanged page once", async () => {
    const workId = await upload("text", "原创.txt", Buffer.from(article.text, "utf8"));
    const sites = [
      { kind: "web", name: "转载网", url: copying.url("/"), depth: 0 },
      { kind: "web", name: "别的网", url: unrelated.url("/"), depth: 0 },
    ];
    const task = await createdTask(t, user, { channel: "text", name: "文章监测", workIds: [workId], sites, weeks: 1, autoCapture: false });
    await runNow(task.id);
    const hits = await hitsOf(task.id);
    expect(hits.map((hit) => [hit.url, hit.work_id, hit.match_type, hit.author])).toEqual([[copying.url("/"), workId, "text", "佚名"]]);
    const match = HitMatchSchema.parse(JSON.parse(hits[0].match_json));
    expect(match.kind === "text" && match.passages.length).toBeGreaterThan(0);
    expect(hits[0].publish_at).toBe(Date.parse("2026-11-21T08:00:00+08:00"));
    expect((await runsOf(t, task.id)).map((run) => [run.state, run.hits])).toEqual([
      ["done", 1],
      ["done", 0],
    ]);

    await runNow(task.id);
    expect(await hitsOf(task.id)).toHaveLength(1);
    const seen = await db(t).selectFrom("monitor_seen").select("url_sha256").where("task_id", "=", task.id).execute();
    expect(seen).toHaveLength(2);
  });

  it("finds a resized, recompressed, mirrored copy of a picture work and not an unrelated picture", async () => {
    const workId = await upload("image", "风景.jpg", await samplePicture(3));
    const task = await createdTask(t, user, { channel: "picture", name: "图片监测", workIds: [workId], sites: [{ kind: "web", name: "图库", url: pictures.url("/"), depth: 1 }], weeks: 1, autoCapture: false });
    await runNow(task.id);
    const hits = await hitsOf(task.id);
    expect(hits.map((hit) => [hit.url, hit.match_type])).toEqual([[pictures.url("/copy.html"), "image"]]);
    const match = HitMatchSchema.parse(JSON.parse(hits[0].match_json));
    expect(match.kind === "image" && match.imageUrl).toBe(pictures.url("/copy.jpg"));
    expect((await runsOf(t, task.id))[0]).toMatchObject({ state: "done", pages: 3, hits: 1 });
  });

  it("finds an excerpt of an audio work re-encoded as MP3 (fetched to a temporary file and fingerprinted) and not another melody", async () => {
    const workId = await upload("audio", "旋律.wav", await readFile(path.join(folder, "work.wav")));
    await t.app.services.monitor.works.idle();
    const mediaFolders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith("monitor-media-")).length;
    const before = await mediaFolders();
    const task = await createdTask(t, user, { channel: "audio", name: "音乐监测", workIds: [workId], sites: [{ kind: "web", name: "音乐站", url: music.url("/"), depth: 1 }], weeks: 1, autoCapture: false });
    await runNow(task.id);
    const hits = await hitsOf(task.id);
    expect(hits.map((hit) => [hit.url, hit.match_type])).toEqual([[music.url("/copy.html"), "audio"]]);
    const match = HitMatchSchema.parse(JSON.parse(hits[0].match_json));
    expect(match.kind === "audio" && match.mediaUrl).toBe(music.url("/copy.mp3"));
    // The fetched media files were written to temporary folders and removed.
    expect(await mediaFolders()).toBe(before);
  });

  it("finds pages carrying a public-opinion task's keywords, with snippets, and leaves out pages with an excluded word", async () => {
    const form = { channel: "publicOpinion", name: "舆情监测", keywords: ["风景图", "音乐"], excludeKeywords: ["别的曲子"], weeks: 1, autoCapture: false };
    const task = await createdTask(t, user, { ...form, sites: [{ kind: "web", name: "图库", url: pictures.url("/"), depth: 1 }, { kind: "web", name: "音乐站", url: music.url("/"), depth: 1 }] });
    await runNow(task.id);
    const hits = await hitsOf(task.id);
    // Sites on random ports: compared as sets.
    expect(hits.map((hit) => [hit.url, hit.work_id, hit.match_type])).toHaveLength(2);
    expect(hits.map((hit) => [hit.url, hit.work_id, hit.match_type])).toEqual(
      expect.arrayContaining([
        [music.url("/copy.html"), null, "keyword"],
        [pictures.url("/copy.html"), null, "keyword"],
      ]),
    );
    for (const hit of hits) {
      const match = HitMatchSchema.parse(JSON.parse(hit.match_json));
      expect(match.kind === "keyword" && match.snippets.length).toBeGreaterThan(0);
    }
  });

  it("finds a logo work inside a bigger picture (trademark channel) and a rescaled copy of a video work, not the others", async () => {
    const logoId = await upload("logo", "标识.png", await logoPicture(31));
    const videoId = await upload("video", "短片.mp4", await readFile(path.join(folder, "clip.mp4")));
    await t.app.services.monitor.works.idle();
    const sites = [{ kind: "web", name: "商城", url: marks.url("/"), depth: 1 }];
    const trademark = await createdTask(t, user, { channel: "trademark", name: "商标监测", workIds: [logoId], sites, weeks: 1, autoCapture: false });
    const video = await createdTask(t, user, { channel: "video", name: "视频监测", workIds: [videoId], sites, weeks: 1, autoCapture: false });
    await runNow(trademark.id);
    await runNow(video.id);
    expect((await hitsOf(trademark.id)).map((hit) => [hit.url, hit.match_type])).toEqual([[marks.url("/a.html"), "logo"]]);
    expect((await hitsOf(video.id)).map((hit) => [hit.url, hit.match_type])).toEqual([[marks.url("/a.html"), "video"]]);
    const logoMatch = HitMatchSchema.parse(JSON.parse((await hitsOf(trademark.id))[0].match_json));
    expect(logoMatch.kind === "logo" && logoMatch.region).toBeTruthy();
  });
});
