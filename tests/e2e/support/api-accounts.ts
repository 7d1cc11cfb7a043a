import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { ACCOUNT_ENDPOINTS, type LoginResult } from "../../../src/schema/account.js";
import { webapiPath, type Endpoint, type EndpointDatas } from "../../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../../src/schema/dev-tools.js";
import { HEALTH_PATH } from "../../../src/schema/health.js";
import { computeSignature } from "../../../src/schema/signature.js";

/**
 * Accounts over real HTTP, as a browser or an integrator reaches them: signed calls, the RSA-OAEP
 * login key, image captchas tied to a cookie, codes read from the development outbox. The
 * end-to-end tests use it to prepare users without clicking through registration each time.
 */
const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const md5Hex = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

type Envelope<T = unknown> = { code: number; message: string; datas: T };
export type { LoginResult };

/** The query a signed GET (or the transport query of a POST) carries. */
export function signedQuery(params: Record<string, string> = {}): string {
  const withTime = { ...params, timestamp: String(Date.now()) };
  return new URLSearchParams({ ...withTime, signature: computeSignature(withTime, sha256Hex) }).toString();
}

export async function call<E extends Endpoint>(baseUrl: string, endpoint: E, params: Record<string, unknown>, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const path = webapiPath(endpoint);
  let response: Response;
  if (endpoint.method === "GET") {
    response = await fetch(`${baseUrl}${path}?${signedQuery(params as Record<string, string>)}`, { headers });
  } else {
    const timestamp = Date.now();
    const signature = computeSignature({ ...params, timestamp }, sha256Hex);
    response = await fetch(`${baseUrl}${path}?timestamp=${timestamp}&signature=${signature}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(params),
    });
  }
  return { body: (await response.json()) as Envelope<EndpointDatas<E>>, setCookie: response.headers.get("set-cookie") ?? "" };
}

export async function encryptor(baseUrl: string) {
  const { body } = await call(baseUrl, ACCOUNT_ENDPOINTS.getEncryptPubKey, {});
  const key = createPublicKey({ key: Buffer.from(body.datas.encryptPubKey, "base64"), format: "der", type: "spki" });
  const encrypt = (value: string) =>
    publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(JSON.stringify({ v: value, ts: Date.now(), n: randomBytes(16).toString("base64") })),
    ).toString("base64");
  return { encrypt, encryptPassword: (password: string) => encrypt(md5Hex(password)) };
}

export function expectSuccess<T>(what: string, envelope: Envelope<T>): T {
  if (envelope.code !== 200) throw new Error(`${what} failed: ${envelope.code} ${envelope.message}`);
  return envelope.datas;
}

/** Registers a phone number with a password, reading the code from the development outbox; answers the new session. */
export async function registerUser(baseUrl: string, mobile: string, password: string): Promise<LoginResult> {
  expectSuccess("sendPhoneVCode", (await call(baseUrl, ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: mobile, type: "1" })).body);
  const outbox = await call(baseUrl, DEV_ENDPOINTS.outbox, { to: mobile });
  const code = outbox.body.datas.list[0]?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  const { encryptPassword } = await encryptor(baseUrl);
  const { body } = await call(baseUrl, ACCOUNT_ENDPOINTS.register, {
    account: mobile,
    vCode: code,
    encryptPassword: encryptPassword(password),
    agreement: true,
  });
  return expectSuccess("register", body);
}

/** A fresh image captcha and its answer, tied to the returned cookie as a browser's would be. */
export async function solveCaptcha(baseUrl: string): Promise<{ cookie: string; answer: string }> {
  const { setCookie } = await call(baseUrl, ACCOUNT_ENDPOINTS.getCodeV2, { time: String(Date.now()) });
  const cookie = setCookie.split(";")[0];
  const { body } = await call(baseUrl, DEV_ENDPOINTS.captchaAnswer, {}, cookie);
  return { cookie, answer: expectSuccess("dev captcha", body).answer };
}

/** Password login (mode 0) as the home page sends it. */
export async function loginWithPassword(baseUrl: string, account: string, password: string): Promise<LoginResult> {
  const { encrypt, encryptPassword } = await encryptor(baseUrl);
  const { cookie, answer } = await solveCaptcha(baseUrl);
  const params = { encryptAccount: encrypt(account), encryptPassword: encryptPassword(password), vcode: answer, type: "0", ipAddress: "" };
  const { body } = await call(baseUrl, ACCOUNT_ENDPOINTS.loginV2, params, cookie);
  return expectSuccess("loginV2", body);
}

const CAPTCHA_WAIT_MS = 10_000;

/**
 * The answer of the captcha the page is showing: asked with the page's own cookies (the captcha
 * cookie is HttpOnly). A page asks for its captcha after it renders, so right after a navigation
 * the server may not know one for this browser yet (404): asked again until it does.
 */
export async function captchaAnswerOf(page: Page, baseUrl: string): Promise<string> {
  const deadline = Date.now() + CAPTCHA_WAIT_MS;
  for (;;) {
    const response = await page.context().request.get(`${baseUrl}${webapiPath(DEV_ENDPOINTS.captchaAnswer)}?${signedQuery()}`);
    const body = (await response.json()) as Envelope<EndpointDatas<typeof DEV_ENDPOINTS.captchaAnswer>>;
    if (body.code !== 404 || Date.now() > deadline) return expectSuccess("dev captcha", body).answer;
    await page.waitForTimeout(100);
  }
}

/** Stores a login in the page's localStorage as the app does after a login (spec §3), once, not on every load. */
export async function storeUserSession(page: Page, result: LoginResult) {
  await page.evaluate((session) => localStorage.setItem("evidence.userSession", JSON.stringify(session)), {
    ...result.loginUser,
    token: result.token,
    timestamp: Date.now(),
  });
}

/**
 * Signs the page in without loading the app: the login is stored from the health answer, a
 * same-origin document that runs none of it, and the test's next goto is the app's first load.
 * Loading /index only to reach its localStorage cost a whole home page per test.
 */
export async function signInPage(page: Page, baseUrl: string, result: LoginResult) {
  await page.goto(`${baseUrl}${HEALTH_PATH}`);
  await storeUserSession(page, result);
}

/** A phone number no other test run uses: 139 plus eight digits from the clock and chance. */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e5).padStart(5, "0")}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
}
