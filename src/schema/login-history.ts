import { z } from "zod";

/**
 * The login history of a customer account (issue 13): every session a login started, and every
 * refused password of an existing account, so that an operator helping a customer ("was that me?")
 * or looking into an abuse report sees when, how and from where. Written by the account module,
 * shown by the console; kept 180 days.
 */

export const LOGIN_HISTORY_RETENTION_MS = 180 * 24 * 60 * 60 * 1000;
/** The browser's own description of itself is kept this long at most; the rest says nothing more. */
export const LOGIN_USER_AGENT_MAX_LENGTH = 200;

export const LOGIN_METHOD_LABELS = {
  password: "密码登录",
  code: "验证码登录",
  scan: "扫码登录",
  /** The code of a two-step login, after a password or code login that asked for it (3012). */
  secondStep: "二次验证登录",
  /** Registration signs the new account in at once. */
  register: "注册后登录",
} as const;
export type LoginMethod = keyof typeof LOGIN_METHOD_LABELS;
export const LoginMethodSchema = z.enum(Object.keys(LOGIN_METHOD_LABELS) as [LoginMethod, ...LoginMethod[]]);

export const LOGIN_OUTCOME_LABELS = {
  success: "成功",
  wrongPassword: "密码错误",
  /** The credentials were right but the account is disabled (or its main account is). */
  disabled: "账号已停用",
} as const;
export type LoginOutcomeKind = keyof typeof LOGIN_OUTCOME_LABELS;
export const LoginOutcomeSchema = z.enum(Object.keys(LOGIN_OUTCOME_LABELS) as [LoginOutcomeKind, ...LoginOutcomeKind[]]);

/** Where a login came from, as the server saw it. */
export type LoginOrigin = { method: LoginMethod; ip: string; userAgent?: string | undefined };

/** Keeps a user agent within its bound, marking the cut. */
export function truncateUserAgent(userAgent: string | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  return text.length > LOGIN_USER_AGENT_MAX_LENGTH ? `${text.slice(0, LOGIN_USER_AGENT_MAX_LENGTH - 1)}…` : text;
}
