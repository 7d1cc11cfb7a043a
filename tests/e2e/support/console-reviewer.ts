import path from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { PasswordHasher } from "../../../server/modules/account/password-hasher.js";
import { openDatabase } from "../../../server/db/dialect.js";
import { OperatorAccounts } from "../../../server/modules/console/operators/operator-accounts.service.js";
import { OperatorRepository } from "../../../server/modules/console/operators/operator.repository.js";
import { TOTP_SETTINGS } from "../../../server/modules/console/operators/totp.js";
import { IDENTITY_REVIEW_ENDPOINTS, type ReviewDecision } from "../../../src/schema/console/identity-review.js";
import { OPERATOR_AUTH_ENDPOINTS } from "../../../src/schema/console/operator-auth.js";
import type { OperatorRole } from "../../../src/schema/console/permissions.js";
import { call, captchaAnswerOf, encryptor, expectSuccess, solveCaptcha } from "./api-accounts.js";

/**
 * An identity reviewer for end-to-end tests, over real HTTP: created in the server's database (as
 * the operators' command line does; SQLite in WAL mode takes a second writer), then signed in
 * through the console's own calls: password with the image captcha, TOTP enrolment, and a code
 * computed from the enrolment's secret as an authenticator app would. Each file creates its own,
 * so no file depends on another's enrolment.
 */

// The tests check behaviour, not the hash's strength; the hash records its own cost.
const TEST_SCRYPT_LOG_N = 14;

export const REVIEWER_PASSWORD = "Reviewer2026";

/** A new operator (an identity reviewer unless told otherwise; no authenticator yet) in the server's database; answers the account. */
export async function createReviewer(server: { dataDir: string }, roles: OperatorRole[] = ["identityReviewer"]): Promise<string> {
  const account = `reviewer.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "platform.sqlite") });
  try {
    const accounts = new OperatorAccounts({ operators: new OperatorRepository(handle.db), hasher: new PasswordHasher(TEST_SCRYPT_LOG_N), now: Date.now });
    await accounts.createWithPassword({ account, name: "审核员", password: REVIEWER_PASSWORD, roles }, handle.db);
  } finally {
    await handle.db.destroy();
  }
  return account;
}

/** The code an authenticator app shows now for an enrolment's secret. */
export const totpCodeFor = (secret: string) => new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) }).generate();

/** The console's sign-in in Chromium as a new operator does it: password and captcha, the authenticator bound with a code computed from the shown secret, the recovery codes kept. */
export async function signInWithEnrolment(page: Page, server: { url: string }, account: string) {
  await page.goto(`${server.url}/console/login`);
  await page.getByLabel("操作员账号").fill(account);
  await page.getByLabel("密码").fill(REVIEWER_PASSWORD);
  await page.getByLabel("图形验证码").fill(await captchaAnswerOf(page, server.url));
  await page.getByRole("button", { name: "下一步" }).click();
  const secret = (await page.getByLabel("身份验证器密钥").innerText()).trim();
  await page.getByLabel("6位动态验证码").fill(totpCodeFor(secret));
  await page.getByRole("button", { name: "确认绑定" }).click();
  await page.getByRole("list", { name: "恢复码" }).waitFor();
  await page.getByText("我已妥善保存恢复码").click();
  await page.getByRole("button", { name: "进入运营后台" }).click();
}

/** A new reviewer signed in through the calls, enrolled with a computed code: the operator token. */
export function signInReviewer(server: { url: string; dataDir: string }): Promise<string> {
  return signInOperator(server);
}

/** A new operator with `roles` (an identity reviewer unless told otherwise) signed in through the calls: the operator token. */
export async function signInOperator(server: { url: string; dataDir: string }, roles?: OperatorRole[]): Promise<string> {
  const account = await createReviewer(server, roles);
  const { encrypt, encryptPassword } = await encryptor(server.url);
  const { cookie, answer } = await solveCaptcha(server.url);
  const login = await call(server.url, OPERATOR_AUTH_ENDPOINTS.login, { encryptAccount: encrypt(account), encryptPassword: encryptPassword(REVIEWER_PASSWORD), vcode: answer }, cookie);
  const pending = expectSuccess("console login", login.body).token;
  const enrolment = expectSuccess("TOTP enrolment", (await call(server.url, OPERATOR_AUTH_ENDPOINTS.totpEnrolment, { token: pending })).body);
  return expectSuccess("TOTP confirmation", (await call(server.url, OPERATOR_AUTH_ENDPOINTS.confirmTotp, { code: totpCodeFor(enrolment.secret), token: pending })).body).token;
}

/** 通过 or 驳回 in the console on the newest pending application of a customer's account. */
export async function decideInConsole(server: { url: string; dataDir: string }, customerAccount: string, decision: ReviewDecision, reason?: string) {
  const token = await signInReviewer(server);
  const listed = expectSuccess("review list", (await call(server.url, IDENTITY_REVIEW_ENDPOINTS.list, { keyword: customerAccount, pageSize: "200", token })).body);
  const application = listed.list.filter((row) => row.account === customerAccount).at(-1);
  if (!application) throw new Error(`nothing pending for ${customerAccount}`);
  const params = { kind: application.kind, id: application.id, decision, token, ...(reason === undefined ? {} : { reason }) };
  return expectSuccess("decide", (await call(server.url, IDENTITY_REVIEW_ENDPOINTS.decide, params)).body);
}
