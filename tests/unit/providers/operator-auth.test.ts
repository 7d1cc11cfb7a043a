import { describe, expect, it, vi } from "vitest";
import { createOperatorAuth, PENDING_EXPIRED_MESSAGE } from "../../../src/providers/operator-auth";
import type { OperatorClient } from "../../../src/providers/operator-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import type { Envelope } from "../../../src/schema/envelope";

const T0 = 1_700_000_000_000;
const OPERATOR = { id: 5, account: "wang.wu", name: "王五", roles: ["identityReviewer"], permissions: ["identity.review", "customers.read"] };
const CODES = ["abcd-1234", "efgh-5678"];
const envelope = (code: number, datas: unknown = null, message = "提示", extraData?: unknown): Envelope<never> => ({ code, message, datas: datas as never, ...(extraData ? { extraData } : {}) });

function setup(answers: Partial<Record<keyof OperatorClient, Envelope<never>>> = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  const answer = (name: keyof OperatorClient, fallback: Envelope<never>) => vi.fn(async () => answers[name] ?? fallback);
  const client = {
    login: answer("login", envelope(200, { token: "pending-tk", secondFactor: "verify" })),
    totpEnrolment: answer("totpEnrolment", envelope(200, { secret: "JBSWY3DP", otpauthUri: "otpauth://totp/x", qrCode: "data:image/png;base64,x" })),
    confirmTotp: answer("confirmTotp", envelope(200, { token: "op-tk", operator: OPERATOR, recoveryCodes: CODES })),
    verifySecondFactor: answer("verifySecondFactor", envelope(200, { token: "op-tk", operator: OPERATOR })),
    me: answer("me", envelope(200, OPERATOR)),
    logout: answer("logout", envelope(200)),
  } as unknown as OperatorClient;
  const showMessage = vi.fn();
  return { auth: createOperatorAuth({ client, sessionStore, now: () => T0, showMessage }), client, sessionStore, showMessage };
}

const INPUT = { account: "wang.wu", password: "yunying123", captcha: "ab12" };

describe("operator auth", () => {
  it("the password step keeps the pending token and says which second factor comes next", async () => {
    const { auth, sessionStore } = setup({ login: envelope(200, { token: "pending-tk", secondFactor: "enrol" }) });
    expect(await auth.login(INPUT)).toEqual({ kind: "secondFactor", stage: "enrol" });
    expect(sessionStore.getOperatorPending()).toBe("pending-tk");
    expect(sessionStore.getOperator()).toBeNull();
  });

  it.each([
    [1002, "captchaInvalid"],
    [3010, "failed"],
    [3014, "failed"],
    [3103, "failed"],
  ] as const)("the password step answered %s → %s, nothing kept", async (code, kind) => {
    const { auth, sessionStore } = setup({ login: envelope(code, null, "服务器的话") });
    expect(await auth.login(INPUT)).toEqual({ kind, message: "服务器的话" });
    expect(sessionStore.getOperatorPending()).toBeNull();
  });

  it("enrolment confirmed: the operator session with both times, the pending token gone, the recovery codes handed on and not stored", async () => {
    const { auth, sessionStore } = setup();
    await auth.login(INPUT);
    expect(await auth.startEnrolment()).toMatchObject({ kind: "ready", enrolment: { secret: "JBSWY3DP" } });
    expect(await auth.confirmEnrolment("123456")).toEqual({ kind: "signedIn", operator: OPERATOR, recoveryCodes: CODES });
    expect(sessionStore.getOperator()).toEqual({ token: "op-tk", timestamp: T0, loginTime: T0, operator: OPERATOR });
    expect(sessionStore.getOperatorPending()).toBeNull();
  });

  it("a verified code signs in without recovery codes", async () => {
    const { auth } = setup();
    expect(await auth.verify("123456")).toEqual({ kind: "signedIn", operator: OPERATOR, recoveryCodes: [] });
  });

  it.each([
    [envelope(3101, null, "动态验证码错误或已过期，请重新输入"), { kind: "codeWrong", message: "动态验证码错误或已过期，请重新输入" }],
    [envelope(1001, null, "参数错误", { errors: { code: "请输入6位动态验证码" } }), { kind: "codeWrong", message: "请输入6位动态验证码" }],
    [envelope(103, null, "登录超时"), { kind: "expired", message: PENDING_EXPIRED_MESSAGE }],
    [envelope(102, null, "请先登录"), { kind: "expired", message: PENDING_EXPIRED_MESSAGE }],
    [envelope(3102, null, "尚未绑定身份验证器"), { kind: "failed", message: "尚未绑定身份验证器" }],
  ])("a refused code %o → %o, nothing stored", async (answer, step) => {
    const { auth, sessionStore } = setup({ verifySecondFactor: answer });
    expect(await auth.verify("123456")).toEqual(step);
    expect(sessionStore.getOperator()).toBeNull();
  });

  it("refreshes the stored profile from the server, keeping the session's times", async () => {
    const { auth, sessionStore } = setup({ me: envelope(200, { ...OPERATOR, roles: ["contentEditor"], permissions: ["content.edit"] }) });
    sessionStore.setOperator({ token: "op-tk", timestamp: T0 - 5, loginTime: T0 - 10, operator: OPERATOR });
    await auth.refreshProfile();
    expect(sessionStore.getOperator()).toEqual({ token: "op-tk", timestamp: T0 - 5, loginTime: T0 - 10, operator: { ...OPERATOR, roles: ["contentEditor"], permissions: ["content.edit"] } });
  });

  it("logout ends the session; an ended one counts as done; another failure keeps it and says why", async () => {
    const stored = { token: "op-tk", timestamp: T0, loginTime: T0, operator: OPERATOR };
    const done = setup();
    done.sessionStore.setOperator(stored);
    expect(await done.auth.logout()).toBe(true);
    expect(done.sessionStore.getOperator()).toBeNull();

    const ended = setup({ logout: envelope(3013) });
    ended.sessionStore.setOperator(stored);
    expect(await ended.auth.logout()).toBe(true);

    const failing = setup({ logout: envelope(500, null, "服务器繁忙") });
    failing.sessionStore.setOperator(stored);
    expect(await failing.auth.logout()).toBe(false);
    expect(failing.sessionStore.getOperator()).toEqual(stored);
    expect(failing.showMessage).toHaveBeenCalledWith({ content: "服务器繁忙" });
  });
});
