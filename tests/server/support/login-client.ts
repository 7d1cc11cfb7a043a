import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from "node:crypto";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account.js";
import { DEV_ENDPOINTS } from "../../../src/schema/dev-tools.js";
import type { TestApp } from "./test-app.js";

/** What a browser does before login (spec §7): fetch the key, MD5 the password, RSA-OAEP everything. */
export async function encryptorFor(t: TestApp) {
  const key = (await t.call(ACCOUNT_ENDPOINTS.getEncryptPubKey)).json().datas.encryptPubKey as string;
  const publicKey = createPublicKey({ key: Buffer.from(key, "base64"), format: "der", type: "spki" });
  const encrypt = (value: string, options: { ts?: number; nonce?: string } = {}) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(JSON.stringify({ v: value, ts: options.ts ?? t.clock.now(), n: options.nonce ?? randomBytes(16).toString("base64") })),
    ).toString("base64");
  return { encrypt, encryptPassword: (password: string, options?: { ts?: number; nonce?: string }) => encrypt(md5(password), options) };
}

export function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** Fetches an image captcha and reads its answer through the development endpoint, as the e2e tests do. */
export async function solveCaptcha(t: TestApp) {
  const response = await t.call(ACCOUNT_ENDPOINTS.getCodeV2, { time: t.clock.now() });
  const cookie = response.cookies.find((item) => item.name === "hz_captcha")!;
  const cookies = { hz_captcha: cookie.value };
  const answer = (await t.call(DEV_ENDPOINTS.captchaAnswer, {}, { cookies })).json().datas.answer as string;
  return { cookies, answer, image: response.json().datas.codeBase64 as string };
}

/** The newest code the development outbox holds for a recipient. */
export async function lastCodeSentTo(t: TestApp, to: string): Promise<string> {
  const list = (await t.call(DEV_ENDPOINTS.outbox, { to })).json().datas.list as { text: string }[];
  const match = list[0]?.text.match(/\d{6}/);
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[0];
}
