import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { md5Hex } from "../../src/providers/login-crypto";
import { PENDING_EXPIRED_MESSAGE } from "../../src/providers/operator-auth";
import { CONSOLE_MESSAGES, OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf } from "../../src/schema/console/permissions";
import { fail, ok } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

vi.setConfig({ testTimeout: 30_000 });
useDesktopMediaQueries();

const E = OPERATOR_AUTH_ENDPOINTS;
const QR_CODE = "data:image/png;base64,iVBORw0KGgo=";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const OPERATOR = { id: 5, account: "wang.wu", name: "王五", roles: ["identityReviewer"], permissions: permissionsOf(["identityReviewer"]) };
const RECOVERY_CODES = Array.from({ length: 10 }, (_unused, index) => `abcd-${String(1000 + index)}`);

async function signInWithPassword(u = userEvent.setup()) {
  await u.type(await screen.findByLabelText("操作员账号"), "Wang.Wu");
  await u.type(screen.getByLabelText("密码"), "yunying123");
  await u.type(screen.getByLabelText("图形验证码"), "ab12");
  await u.click(screen.getByRole("button", { name: "下一步" }));
  return u;
}

describe("the console's login", () => {
  it("first sign-in: password, QR code and secret, a wrong then a right code, the recovery codes once, then the wanted page", async () => {
    const view = renderConsole({
      path: "/console/review/exampleReview",
      script: {
        [E.login.path]: ok({ token: "pending-token", secondFactor: "enrol" }),
        [E.totpEnrolment.path]: ok({ secret: SECRET, otpauthUri: "otpauth://totp/x", qrCode: QR_CODE }),
        [E.confirmTotp.path]: [fail(3101, CONSOLE_MESSAGES.secondFactorWrong), ok({ token: "operator-token", operator: OPERATOR, recoveryCodes: RECOVERY_CODES })],
        [E.me.path]: ok(OPERATOR),
      },
    });
    // The guard sent the visitor to the console's login, keeping the page to come back to.
    await waitFor(() => expect(view.location()).toBe("/console/login"));
    expect(view.search()).toBe(`?redirect=${encodeURIComponent("/console/review/exampleReview")}`);
    expect(screen.getByRole("heading", { name: "操作员登录" })).toBeInTheDocument();

    const u = await signInWithPassword();
    expect(await screen.findByRole("heading", { name: "绑定身份验证器" })).toBeInTheDocument();
    expect(view.callsTo(E.login.path)[0]).toMatchObject({ params: { encryptAccount: "rsa(wang.wu)", encryptPassword: `rsa(${md5Hex("yunying123")})`, vcode: "ab12" }, tokenless: true });
    expect(view.sessionStore.getOperatorPending()).toBe("pending-token");
    expect(await screen.findByAltText("身份验证器绑定二维码")).toHaveAttribute("src", QR_CODE);
    expect(screen.getByLabelText("身份验证器密钥")).toHaveTextContent(SECRET);

    await u.type(screen.getByLabelText("6位动态验证码"), "12345");
    await u.click(screen.getByRole("button", { name: "确认绑定" }));
    expect(await screen.findByText("动态验证码为6位数字")).toBeInTheDocument();
    await u.type(screen.getByLabelText("6位动态验证码"), "6");
    await u.click(screen.getByRole("button", { name: "确认绑定" }));
    expect(await screen.findByText(CONSOLE_MESSAGES.secondFactorWrong)).toBeInTheDocument();
    await u.clear(screen.getByLabelText("6位动态验证码"));
    await u.type(screen.getByLabelText("6位动态验证码"), "654321");
    await u.click(screen.getByRole("button", { name: "确认绑定" }));

    expect(await screen.findByRole("heading", { name: "保存恢复码" })).toBeInTheDocument();
    expect(view.callsTo(E.confirmTotp.path).map((call) => call.params.code)).toEqual(["123456", "654321"]);
    const list = screen.getByRole("list", { name: "恢复码" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    expect(view.sessionStore.getOperator()).toMatchObject({ token: "operator-token", operator: OPERATOR });
    expect(view.sessionStore.getOperatorPending()).toBeNull();
    // Still on the codes: going on needs the checkbox.
    const enter = screen.getByRole("button", { name: "进入运营后台" });
    expect(enter).toBeDisabled();
    await u.click(screen.getByRole("checkbox", { name: "我已妥善保存恢复码" }));
    await u.click(enter);
    await waitFor(() => expect(view.location()).toBe("/console/review/exampleReview"));
    expect(await screen.findByText("审核页面内容")).toBeInTheDocument();
  });

  it("later sign-ins: a code, or a recovery code after 使用恢复码; then the console's home", async () => {
    const view = renderConsole({
      path: "/console/login",
      script: {
        [E.login.path]: ok({ token: "pending-token", secondFactor: "verify" }),
        [E.verifySecondFactor.path]: [fail(3101, CONSOLE_MESSAGES.secondFactorWrong), ok({ token: "operator-token", operator: OPERATOR })],
        [E.me.path]: ok(OPERATOR),
      },
    });
    const u = await signInWithPassword();
    expect(await screen.findByRole("heading", { name: "二次验证" })).toBeInTheDocument();
    await u.type(screen.getByLabelText("6位动态验证码"), "111111");
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    expect(await screen.findByText(CONSOLE_MESSAGES.secondFactorWrong)).toBeInTheDocument();

    await u.click(screen.getByRole("button", { name: "使用恢复码" }));
    expect(screen.queryByLabelText("6位动态验证码")).not.toBeInTheDocument();
    await u.type(screen.getByLabelText("恢复码"), "abcd-1003");
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    await waitFor(() => expect(view.location()).toBe("/console"));
    expect(view.callsTo(E.verifySecondFactor.path).map((call) => call.params.code)).toEqual(["111111", "abcd-1003"]);
    expect(await screen.findByText("王五，欢迎使用衡证运营后台")).toBeInTheDocument();
  });

  it("a wrong captcha shows under it; a wrong password as the form's tip", async () => {
    renderConsole({ path: "/console/login", script: { [E.login.path]: [fail(1002, "图形验证码错误或已过期，请重新输入"), fail(3010, CONSOLE_MESSAGES.wrongCredentials)] } });
    const u = await signInWithPassword();
    expect(await screen.findByText("图形验证码错误或已过期，请重新输入")).toBeInTheDocument();
    await u.type(screen.getByLabelText("图形验证码"), "cd34");
    await u.click(screen.getByRole("button", { name: "下一步" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(CONSOLE_MESSAGES.wrongCredentials);
  });

  it("an expired pending session goes back to the password with a notice", async () => {
    renderConsole({
      path: "/console/login",
      script: { [E.login.path]: ok({ token: "pending-token", secondFactor: "verify" }), [E.verifySecondFactor.path]: fail(103, "登录超时，请重新登录") },
    });
    const u = await signInWithPassword();
    await u.type(await screen.findByLabelText("6位动态验证码"), "111111");
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    expect(await screen.findByText(PENDING_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "操作员登录" })).toBeInTheDocument();
  });
});
