import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account.js";
import { encryptorFor, lastCodeSentTo, solveCaptcha } from "./login-client.js";
import type { TestApp } from "./test-app.js";

const sendCodeEndpoint = (account: string) => (account.includes("@") ? ACCOUNT_ENDPOINTS.sendEmailVCode : ACCOUNT_ENDPOINTS.sendPhoneVCode);

export type RegisteredUser = { id: number; token: string; account: string; password: string };

let nextIp = 1;
/** Each registration from its own address, so the per-address code limit never gets in the way. */
export const freshIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

/** Registers an account the way the browser does (code from the outbox, encrypted password) and logs in. */
export async function registerUser(t: TestApp, account: string, password = "abc12345"): Promise<RegisteredUser> {
  const ip = freshIp();
  const sent = (await t.call(sendCodeEndpoint(account), { account, type: 1 }, { ip })).json();
  if (sent.code !== 200) throw new Error(`could not send a code to ${account}: ${sent.message}`);
  const vCode = await lastCodeSentTo(t, account.toLowerCase());
  const { encryptPassword } = await encryptorFor(t);
  const response = (await t.call(ACCOUNT_ENDPOINTS.register, { account, vCode, encryptPassword: encryptPassword(password), agreement: true }, { ip })).json();
  if (response.code !== 200) throw new Error(`could not register ${account}: ${response.message}`);
  return { id: response.datas.loginUser.id, token: response.datas.token, account, password };
}

/** The user as getUserInfo answers it. */
export async function userInfoOf(t: TestApp, user: RegisteredUser) {
  return (await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: user.id }, { token: user.token })).json().datas.userInfo;
}

/** Login mode 0 as the browser does it: image captcha (answer read from the development endpoint), encrypted fields. */
export async function passwordLogin(t: TestApp, account: string, password: string) {
  const { encrypt, encryptPassword } = await encryptorFor(t);
  const { cookies, answer } = await solveCaptcha(t);
  const query = { encryptAccount: encrypt(account), encryptPassword: encryptPassword(password), vcode: answer, type: 0, ipAddress: "" };
  return (await t.call(ACCOUNT_ENDPOINTS.loginV2, query, { cookies, ip: freshIp() })).json();
}

/** sendPhoneVCode / sendEmailVCode with the session token (purposes 4 and 7 need it), then the code from the outbox. */
export async function codeSentWithSession(t: TestApp, account: string, type: number, token: string) {
  const sent = (await t.call(sendCodeEndpoint(account), { account, type }, { token, ip: freshIp() })).json();
  return { sent, code: sent.code === 200 ? await lastCodeSentTo(t, account.toLowerCase()) : "" };
}
