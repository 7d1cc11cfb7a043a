import { TOTP, Secret } from "otpauth";
import { TOTP_SETTINGS } from "../../../server/modules/console/operators/totp.js";
import { OPERATOR_AUTH_ENDPOINTS } from "../../../src/schema/console/operator-auth.js";
import { OPERATOR_ROLE_KEYS, OPERATOR_ROLES, type ConsolePermission, type OperatorRole } from "../../../src/schema/console/permissions.js";
import { encryptorFor, solveCaptcha } from "./login-client.js";
import type { RequestOptions, TestApp } from "./test-app.js";

/**
 * Operators for server tests, signed in through the real endpoints: created directly through the
 * accounts service (as the CLI does), then password, TOTP enrolment and a code computed from the
 * enrolment's secret, as an authenticator app would.
 */

export const OPERATOR_TEST_PASSWORD = "Operator2026";

let nextOperator = 1;
let nextAddress = 1;
/** Each sign-in from an address of its own, so the per-address login limits of one test stay out of another. */
export const freshOperatorIp = () => `10.13.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** The code an authenticator shows for `secret` at the test clock's time (or `at`). */
export function totpCode(t: TestApp, secret: string, at = t.clock.now()): string {
  return new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

export async function createOperator(t: TestApp, options: { roles?: OperatorRole[]; account?: string; name?: string } = {}) {
  const account = options.account ?? `op${nextOperator++}.${Date.now().toString(36)}`;
  return t.app.services.console.operators.accounts.createWithPassword(
    { account, name: options.name ?? "测试操作员", password: OPERATOR_TEST_PASSWORD, roles: options.roles ?? ["administrator"] },
    t.app.database.db,
  );
}

/** The console login page's first step: account and MD5'd password RSA-OAEP encrypted, with the captcha. */
export async function operatorPasswordLogin(t: TestApp, account: string, password = OPERATOR_TEST_PASSWORD, options: RequestOptions = {}) {
  const { encrypt, encryptPassword } = await encryptorFor(t);
  const captcha = await solveCaptcha(t);
  return t.call(
    OPERATOR_AUTH_ENDPOINTS.login,
    { encryptAccount: encrypt(account), encryptPassword: encryptPassword(password), vcode: captcha.answer },
    { ip: freshOperatorIp(), ...options, cookies: { ...captcha.cookies, ...options.cookies } },
  );
}

/** Password, then enrolment confirmed with a computed code: the operator session, the secret and the recovery codes. */
export async function enrolOperator(t: TestApp, account: string, options: RequestOptions = {}) {
  const pending = (await operatorPasswordLogin(t, account, OPERATOR_TEST_PASSWORD, options)).json();
  if (pending.code !== 200) throw new Error(`operator login failed: ${JSON.stringify(pending)}`);
  const enrolment = (await t.call(OPERATOR_AUTH_ENDPOINTS.totpEnrolment, {}, { ...options, token: pending.datas.token })).json();
  const secret = enrolment.datas.secret as string;
  const confirmed = (await t.call(OPERATOR_AUTH_ENDPOINTS.confirmTotp, { code: totpCode(t, secret) }, { ...options, token: pending.datas.token })).json();
  if (confirmed.code !== 200) throw new Error(`TOTP confirmation failed: ${JSON.stringify(confirmed)}`);
  return { token: confirmed.datas.token as string, secret, recoveryCodes: confirmed.datas.recoveryCodes as string[] };
}

/** A new operator with these roles (administrator by default), signed in with both factors. */
export async function signInOperator(t: TestApp, options: { roles?: OperatorRole[] } = {}): Promise<{ token: string; id: number; account: string }> {
  const operator = await createOperator(t, options);
  const { token } = await enrolOperator(t, operator.account);
  return { token, id: operator.id, account: operator.account };
}

/** The token of a signed-in operator whose roles do not grant `permission`. */
export async function operatorTokenWithout(t: TestApp, permission: ConsolePermission): Promise<string> {
  const role = OPERATOR_ROLE_KEYS.find((key) => !(OPERATOR_ROLES[key].permissions as readonly ConsolePermission[]).includes(permission));
  if (!role) throw new Error(`every role grants ${permission}`);
  return (await signInOperator(t, { roles: [role] })).token;
}
