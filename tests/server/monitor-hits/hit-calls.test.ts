import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultCode } from "../../../src/schema/envelope.js";
import { HIT_REVIEW_LABELS, HIT_REVIEW_LIFECYCLE, HIT_REVIEW_STATES, HIT_REVIEW_TRANSITIONS, MONITOR_ENDPOINTS, MONITOR_MESSAGES, MonitorCode, type HitReviewAction, type HitReviewState } from "../../../src/schema/monitor.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import { captureDouble } from "../support/capture-double.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { hitInput, hitsModule, imageVerdict, insertMonitorTask, textVerdict, type MonitorWorld } from "./fixtures.js";

/** The owner's calls on hits: lists and their filters, the detail, the review machine, the charts; another user sees none of it. */
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
const double = captureDouble();
const hits = hitsModule();
let nextMobile = 13770000001;
let nextPage = 1;

const newCustomer = () => registerUser(t, String(nextMobile++));
const call = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
const drained = () => t.app.services.capture.queue.idle();

/** Records one hit (captured only when `autoCapture`) and answers its id. */
async function found(world: MonitorWorld, user: RegisteredUser, page: Partial<Parameters<typeof hitInput>[2]> = {}): Promise<number> {
  const url = page.url ?? `http://127.0.0.1:9/page/${nextPage++}`;
  await hits.services().recorder.record(hitInput(world, user.id, { autoCapture: false, ...page, url }));
  const row = await t.database.handle.db.selectFrom("monitor_hits").select("id").where("task_id", "=", world.taskId).where("url", "=", url).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, capture: { engine: double.engine }, env: { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9" }, modules: [hits.plugin] });
});
afterAll(async () => t?.close());

describe("the hit list", () => {
  let owner: RegisteredUser;
  let text: MonitorWorld;
  let picture: MonitorWorld;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await newCustomer();
    text = await insertMonitorTask(t, owner.id, { autoCapture: false, siteName: "文学站" });
    picture = await insertMonitorTask(t, owner.id, { channel: "picture", autoCapture: false, siteName: "图片站" });
    // Twelve text hits a day apart in the past twelve days, then a picture hit and a captured one now.
    const now = t.clock.now();
    for (let index = 0; index < 12; index++) {
      t.clock.set(now - (12 - index) * DAY_MS);
      ids[`text${index}`] = await found(text, owner, { title: `转载文章第${index}篇`, url: `http://127.0.0.1:9/novel/${index}` });
    }
    t.clock.set(now);
    ids.picture = await found(picture, owner, { title: "风景照片", verdict: imageVerdict(), url: "http://127.0.0.1:9/gallery/mountain" });
    ids.captured = await found(text, owner, { title: "已取证的转载", autoCapture: true });
    await drained();
  });

  const list = (params: Record<string, unknown>) => call(MONITOR_ENDPOINTS.hits, owner, { pageNumber: 1, pageSize: 10, ...params });
  const idsOf = (answer: { datas: { list: { id: number }[] } }) => answer.datas.list.map((row) => row.id);

  it("pages the caller's hits newest first", async () => {
    const first = await list({});
    expect(first.datas).toMatchObject({ totalRow: 14, totalPage: 2, pageNumber: 1, pageSize: 10 });
    expect(idsOf(first).slice(0, 3)).toEqual([ids.captured, ids.picture, ids.text11]);
    const second = await list({ pageNumber: 2 });
    expect(idsOf(second)).toEqual([ids.text3, ids.text2, ids.text1, ids.text0]);
    expect(first.datas.list[2]).toMatchObject({ taskNo: text.taskNo, channel: "text", title: "转载文章第11篇", platform: "127.0.0.1", matchType: "text", score: 91, workName: "山间晨雾", review: "pending", evidenceState: "none", certificateNo: null });
  });

  it.each([
    ["channel", () => ({ channel: "picture" }), () => [ids.picture]],
    ["task", () => ({ taskId: picture.taskId }), () => [ids.picture]],
    ["match type", () => ({ matchType: "image" }), () => [ids.picture]],
    ["evidence state", () => ({ evidenceState: "stored" }), () => [ids.captured]],
    ["with a certificate", () => ({ withCertificate: "true" }), () => [ids.captured]],
    ["with or without a certificate", () => ({ withCertificate: "false", channel: "picture" }), () => [ids.picture]],
    ["title", () => ({ keyName: "第1" }), () => [ids.text11, ids.text10, ids.text1]],
    ["address", () => ({ keyName: "GALLERY/mount" }), () => [ids.picture]],
    ["found days", () => ({ startTime: shanghaiDateKey(t.clock.now() - 11 * DAY_MS), endTime: shanghaiDateKey(t.clock.now() - 10 * DAY_MS) }), () => [ids.text2, ids.text1]],
  ])("filters by %s", async (_name, params, expected) => {
    expect(idsOf(await list({ ...params(), pageSize: 50 }))).toEqual(expected());
  });

  it("filters by review state", async () => {
    await call(MONITOR_ENDPOINTS.dismissHit, owner, { id: ids.text5 });
    expect(idsOf(await list({ review: "dismissed" }))).toEqual([ids.text5]);
    expect((await list({ review: "pending", pageSize: 50 })).datas.totalRow).toBe(13);
  });

  it("refuses a bad filter with the contract's message and lists nothing of another user", async () => {
    expect((await list({ review: "maybe" })).code).toBe(ResultCode.validationFailed);
    const stranger = await newCustomer();
    expect((await call(MONITOR_ENDPOINTS.hits, stranger, { pageNumber: 1, pageSize: 10 })).datas.totalRow).toBe(0);
    for (const endpoint of [MONITOR_ENDPOINTS.hit, MONITOR_ENDPOINTS.confirmHit, MONITOR_ENDPOINTS.dismissHit, MONITOR_ENDPOINTS.retryHitEvidence]) {
      expect(await call(endpoint, stranger, { id: ids.text0 })).toMatchObject({ code: ResultCode.notFound, message: MONITOR_MESSAGES.hitNotFound });
    }
    expect((await call(MONITOR_ENDPOINTS.hit, owner, { id: ids.text0 })).datas.review).toBe("pending");
  });

  it("shows why it matched: the passages side by side and the distance", async () => {
    const { datas } = await call(MONITOR_ENDPOINTS.hit, owner, { id: ids.text0 });
    expect(datas.match).toEqual(textVerdict().match);
    expect(datas).toMatchObject({ siteName: "文学站", actions: ["confirm", "dismiss"], captureId: null, evidenceFailure: null });
  });
});

describe("the review machine, through the calls", () => {
  const endpointOf: Record<HitReviewAction, typeof MONITOR_ENDPOINTS.confirmHit> = { confirm: MONITOR_ENDPOINTS.confirmHit, dismiss: MONITOR_ENDPOINTS.dismissHit };
  /** How a hit is brought to each state through the calls. */
  const pathTo: Record<HitReviewState, HitReviewAction[]> = { pending: [], confirmed: ["confirm"], dismissed: ["dismiss"] };
  const cases = HIT_REVIEW_STATES.flatMap((from) => (Object.keys(HIT_REVIEW_TRANSITIONS) as HitReviewAction[]).map((action) => [from, action] as const));

  it.each(cases)("from %s, %s", async (from, action) => {
    const owner = await newCustomer();
    const world = await insertMonitorTask(t, owner.id, { autoCapture: false });
    const id = await found(world, owner);
    for (const step of pathTo[from]) expect((await call(endpointOf[step], owner, { id })).code).toBe(200);
    const answer = await call(endpointOf[action], owner, { id, note: "处理说明" });
    if (HIT_REVIEW_LIFECYCLE.can(from, action)) {
      const to = HIT_REVIEW_LIFECYCLE.next(from, action);
      expect(answer).toMatchObject({ code: 200, datas: { review: to, reviewNote: "处理说明", reviewTime: t.clock.now(), actions: HIT_REVIEW_LIFECYCLE.actionsFrom(to) } });
    } else {
      expect(answer).toMatchObject({ code: MonitorCode.hitRefused, message: new HIT_REVIEW_LIFECYCLE.Error(from, action).message });
      expect(answer.message).toContain(HIT_REVIEW_LABELS[from]);
      expect((await call(MONITOR_ENDPOINTS.hit, owner, { id })).datas.review).toBe(from);
    }
    await drained();
  });

  it("refuses an over-long note and changes nothing", async () => {
    const owner = await newCustomer();
    const world = await insertMonitorTask(t, owner.id, { autoCapture: false });
    const id = await found(world, owner);
    expect((await call(MONITOR_ENDPOINTS.dismissHit, owner, { id, note: "长".repeat(201) })).code).toBe(ResultCode.validationFailed);
    expect((await call(MONITOR_ENDPOINTS.hit, owner, { id })).datas.review).toBe("pending");
  });
});

describe("the charts", () => {
  it("counts hits per Shanghai day over the last N days, each day present, one series per review state", async () => {
    const owner = await newCustomer();
    const world = await insertMonitorTask(t, owner.id, { autoCapture: false });
    const start = t.clock.now();
    // Two hits today-3 (Shanghai), none the days between, one today (dismissed).
    t.clock.set(start - 3 * DAY_MS);
    await found(world, owner);
    await found(world, owner);
    t.clock.set(start);
    await call(MONITOR_ENDPOINTS.dismissHit, owner, { id: await found(world, owner) });
    const { datas } = await call(MONITOR_ENDPOINTS.chart, owner, { dimension: "day", days: 5 });
    expect(datas.categories).toEqual([4, 3, 2, 1, 0].map((back) => shanghaiDateKey(start - back * DAY_MS)));
    expect(datas.series).toEqual([
      { name: HIT_REVIEW_LABELS.pending, values: [0, 2, 0, 0, 0] },
      { name: HIT_REVIEW_LABELS.confirmed, values: [0, 0, 0, 0, 0] },
      { name: HIT_REVIEW_LABELS.dismissed, values: [0, 0, 0, 0, 1] },
    ]);
    const empty = await call(MONITOR_ENDPOINTS.chart, await newCustomer(), { dimension: "day", days: 3 });
    expect(empty.datas.series.map((series: { values: number[] }) => series.values)).toEqual([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
  });

  it("counts by site, work and match type, largest first, and by channel", async () => {
    const owner = await newCustomer();
    const novels = await insertMonitorTask(t, owner.id, { autoCapture: false, siteName: "小说站", workName: "长河" });
    const photos = await insertMonitorTask(t, owner.id, { channel: "picture", autoCapture: false, siteName: "图库站", workName: "雪峰" });
    await found(novels, owner);
    await found(novels, owner);
    await found(photos, owner, { verdict: imageVerdict() });
    await found(photos, owner, { verdict: { score: 70, match: { kind: "keyword", keywords: ["雪峰"], snippets: ["雪峰摄影"] } }, workId: null });
    const chart = async (params: Record<string, unknown>) => (await call(MONITOR_ENDPOINTS.chart, owner, params)).datas;
    expect(await chart({ dimension: "site" })).toEqual({
      categories: ["图库站", "小说站"],
      series: [
        { name: HIT_REVIEW_LABELS.pending, values: [2, 2] },
        { name: HIT_REVIEW_LABELS.confirmed, values: [0, 0] },
        { name: HIT_REVIEW_LABELS.dismissed, values: [0, 0] },
      ],
    });
    expect((await chart({ dimension: "work" })).categories).toEqual(["长河", "未关联作品", "雪峰"]);
    expect(await chart({ dimension: "matchType", channel: "text" })).toMatchObject({ categories: ["文字相似"], series: [{ values: [2] }, { values: [0] }, { values: [0] }] });
    expect((await chart({ dimension: "matchType" })).categories).toEqual(["文字相似", "关键词", "图片相似"]);
    expect((await call(MONITOR_ENDPOINTS.chart, owner, { dimension: "month" })).code).toBe(ResultCode.validationFailed);
  });
});
