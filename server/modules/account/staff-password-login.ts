import type { z } from "zod";
import { AccountCode, CAPTCHA_MESSAGES } from "../../../src/schema/account.js";
import { BusinessError } from "../../http/envelope.js";
import { captchaRefused, type CaptchaService } from "../security/captcha.service.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { KnownDevices } from "./known-device.js";
import type { LoginClient } from "./login.service.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { PasswordHasher } from "./password-hasher.js";

/** What a staff login form sends: account and password encrypted (DESIGN.md §4), and the captcha. */
export type StaffLoginRequest = { encryptAccount: string; encryptPassword: string; vcode?: string };

export type StaffLoginDependencies = {
  fields: EncryptedFields;
  captchas: CaptchaService;
  throttle: LoginThrottle;
  devices: KnownDevices;
  hasher: PasswordHasher;
};

/** One kind of handed-out account (notary staff, operators): how its rows are found and named. */
export type StaffAccountKind<Row extends { id: number; password_hash: string }> = {
  accountSchema: z.ZodType<string>;
  /** Keeps this kind's failure counts apart from users' and other kinds' of the same spelling. */
  throttlePrefix: string;
  deviceSubject: (id: number) => string;
  wrongCredentials: string;
  find: (account: string) => Promise<Row | undefined>;
  /** Throws the kind's refusal for an account that may not sign in (disabled, demo in production). */
  assertMaySignIn: (row: Row) => void;
};

/**
 * The password step of the accounts that are handed out rather than registered (spec §6 notary
 * staff, the operator console), checked in the order of a user's password login so that it
 * reveals as little: throttling, captcha, credentials; a wrong password and an unknown account
 * get the same answer in the same time.
 */
export async function checkStaffPassword<Row extends { id: number; password_hash: string }>(
  deps: StaffLoginDependencies,
  kind: StaffAccountKind<Row>,
  request: StaffLoginRequest,
  client: LoginClient,
): Promise<Row> {
  const account = await openAccount(deps.fields, kind.accountSchema, request.encryptAccount);
  const found = await kind.find(account);
  const device = found ? deps.devices.recognise(client.deviceCookie, kind.deviceSubject(found.id)) : null;
  const source = { accountKey: kind.throttlePrefix + account, ip: client.ip, device, kind: "password" } as const;
  return deps.throttle.attempt(source, async (attempt) => {
    if (!(await deps.captchas.verify(client.captchaId, request.vcode))) throw captchaRefused(CAPTCHA_MESSAGES.wrong);
    const passwordDigest = await deps.fields.open(request.encryptPassword, "encryptPassword");
    const isRight = await deps.hasher.verifyDigest(passwordDigest, found?.password_hash);
    if (!found || !isRight) {
      attempt.fail();
      throw new BusinessError(AccountCode.loginFailed, kind.wrongCredentials);
    }
    kind.assertMaySignIn(found);
    return found;
  });
}

async function openAccount(fields: EncryptedFields, schema: z.ZodType<string>, encryptAccount: string): Promise<string> {
  const parsed = schema.safeParse(await fields.open(encryptAccount, "encryptAccount"));
  if (!parsed.success) {
    const message = parsed.error.issues[0].message;
    throw new BusinessError(AccountCode.loginFailed, message, { errors: { encryptAccount: message } });
  }
  return parsed.data;
}
