import { createHash } from "node:crypto";
import { expect } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { RECORDING_ENDPOINTS, RECORDING_PACKAGE_CODE } from "../../../src/schema/recording.js";
import { postMultipart } from "../support/multipart.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";

/** What the tests' browser reports when it starts a screen recording. */
export const SCREEN_ENVIRONMENT = {
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0",
  os: "Linux",
  screen: { width: 1920, height: 1080, pixelRatio: 1 },
  surface: "monitor",
  mimeType: "video/webm;codecs=vp9",
  timeZone: "Asia/Shanghai",
};

export const sha256Of = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Distinct bytes for chunk `index` of a test recording. */
export const chunkBytes = (index: number, size = 1000) => Buffer.alloc(size, `chunk-${index}-`);

let nextMobile = 13830000001;

export function recordingClient(t: TestApp) {
  const db = () => t.database.handle.db;
  const call = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
  return {
    db,
    call,
    newCustomer: () => registerUser(t, String(nextMobile++)),
    async grantRecordings(user: RegisteredUser, count: number) {
      await db().insertInto("package_counts").values({ user_id: user.id, product_code: RECORDING_PACKAGE_CODE, purchased_count: count, remaining_count: count, updated_at: t.clock.now() }).execute();
    },
    async startScreen(user: RegisteredUser, name = "录屏取证") {
      return call(RECORDING_ENDPOINTS.startScreen, user, { name, environment: SCREEN_ENVIRONMENT, clientTime: t.clock.now() + 1500 });
    },
    /** A new customer with `units` recordings, and a screen recording of theirs started. */
    async started(units = 1) {
      const user = await this.newCustomer();
      await this.grantRecordings(user, units);
      const answer = await this.startScreen(user);
      expect(answer.code, answer.message).toBe(200);
      return { user, id: answer.datas.id as number };
    },
    /** One chunk through the multipart call; `sha256` defaults to the bytes' own. */
    async upload(user: RegisteredUser, id: number, index: number, content: Buffer, recordedMs: number, sha256 = sha256Of(content)) {
      const response = await postMultipart(t, webapiPath(RECORDING_ENDPOINTS.uploadChunk), { id: String(id), index: String(index), sha256, recordedMs: String(recordedMs) }, {
        token: user.token,
        files: [{ name: "chunk", filename: "blob", contentType: "video/webm", content }],
      });
      return response.json();
    },
    /** Uploads chunks 0..count-1 (chunkBytes), `stepMs` of recording each, expecting each to be taken. */
    async uploadMany(user: RegisteredUser, id: number, count: number, stepMs = 2000, from = 0) {
      for (let index = from; index < from + count; index++) {
        const answer = await this.upload(user, id, index, chunkBytes(index), (index + 1) * stepMs);
        expect(answer.code, answer.message).toBe(200);
      }
    },
    async sealed() {
      await t.app.services.recording.anchors.idle();
      await t.app.services.recording.sealer.idle();
    },
  };
}
