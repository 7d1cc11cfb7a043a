import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RegisterPage } from "../../src/pages/user/register-page";
import { ResetPasswordPage } from "../../src/pages/user/reset-password-page";
import { SetPasswordPage } from "../../src/pages/user/set-password-page";
import { md5Hex } from "../../src/providers/login-crypto";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { loginUser } from "../unit/providers/login-fixtures";
import { fail, ok, renderAccountScreen } from "./account-harness";

const location = () => screen.getByLabelText("当前地址").textContent;

describe("/user/register", () => {
  function renderRegister(registerAnswer = ok({ loginUser: loginUser({ loginAccount: "someone@example.com", mail: "someone@example.com" }), token: "tk-new" })) {
    return renderAccountScreen({
      path: "/user/register",
      element: <RegisterPage />,
      script: { [ACCOUNT_ENDPOINTS.sendEmailVCode.path]: ok(), [ACCOUNT_ENDPOINTS.register.path]: registerAnswer },
    });
  }

  async function fill(u: ReturnType<typeof userEvent.setup>, confirm = "abc123") {
    await u.type(screen.getByLabelText("手机号或邮箱"), "someone@example.com");
    await u.type(screen.getByLabelText("验证码"), "123456");
    await u.type(screen.getByLabelText("设置密码"), "abc123");
    await u.type(screen.getByLabelText("确认密码"), confirm);
  }

  it("sends a registration code (type 1) by e-mail", async () => {
    const { callsTo } = renderRegister();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("手机号或邮箱"), "someone@example.com");
    await u.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByRole("button", { name: "59秒后重新获取" })).toBeDisabled();
    expect(callsTo(ACCOUNT_ENDPOINTS.sendEmailVCode.path)[0]).toMatchObject({ params: { account: "someone@example.com", type: 1 }, tokenless: true });
  });

  it("checks that both passwords match on blur and requires the agreement", async () => {
    const { callsTo } = renderRegister();
    const u = userEvent.setup();
    await fill(u, "abc124");
    await u.tab();
    expect(await screen.findByText("两次输入的密码不一致")).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "注册" }));
    expect(await screen.findByText("请勾选用户注册协议和隐私协议")).toBeInTheDocument();
    expect(callsTo(ACCOUNT_ENDPOINTS.register.path)).toEqual([]);
  });

  it("registers, which signs the new account in and goes on", async () => {
    const { callsTo, sessionStore } = renderRegister();
    const u = userEvent.setup();
    await fill(u);
    await u.click(screen.getByRole("checkbox"));
    await u.click(screen.getByRole("button", { name: "注册" }));
    await waitFor(() => expect(location()).toBe("/"));
    expect(callsTo(ACCOUNT_ENDPOINTS.register.path)[0].params).toEqual({
      account: "someone@example.com",
      vCode: "123456",
      encryptPassword: `rsa(${md5Hex("abc123")})`,
      agreement: true,
    });
    expect(sessionStore.getUser()).toMatchObject({ token: "tk-new", mail: "someone@example.com" });
  });

  it.each([
    [3003, "该账号已注册，请直接登录", "手机号或邮箱"],
    [1003, "验证码错误或已过期", "验证码"],
  ])("shows %i under the field it concerns", async (code, message, label) => {
    renderRegister(fail(code, message));
    const u = userEvent.setup();
    await fill(u);
    await u.click(screen.getByRole("checkbox"));
    await u.click(screen.getByRole("button", { name: "注册" }));
    const shown = await screen.findByText(message);
    expect(shown.closest(".hz-l-field")).toContainElement(screen.getByLabelText(label));
  });
});

describe("/user/resetPassword", () => {
  it("takes the account handed over by the login panel, and resets the password with a type 2 code", async () => {
    const { callsTo } = renderAccountScreen({
      path: "/user/resetPassword",
      element: <ResetPasswordPage />,
      state: { account: "13800138000" },
      script: { [ACCOUNT_ENDPOINTS.sendPhoneVCode.path]: ok(), [ACCOUNT_ENDPOINTS.resetPassword.path]: ok() },
    });
    const u = userEvent.setup();
    expect(screen.getByLabelText("手机号或邮箱")).toHaveValue("13800138000");
    await u.click(screen.getByRole("button", { name: "获取验证码" }));
    await u.type(screen.getByLabelText("验证码"), "654321");
    await u.type(screen.getByLabelText("新密码"), "abc456");
    await u.type(screen.getByLabelText("确认密码"), "abc456");
    await u.click(screen.getByRole("button", { name: "重置密码" }));
    expect(await screen.findByText("密码已重置，请使用新密码登录")).toBeInTheDocument();
    expect(callsTo(ACCOUNT_ENDPOINTS.sendPhoneVCode.path)[0].params).toEqual({ account: "13800138000", type: 2 });
    expect(callsTo(ACCOUNT_ENDPOINTS.resetPassword.path)[0].params).toEqual({ account: "13800138000", vCode: "654321", encryptPassword: `rsa(${md5Hex("abc456")})` });
  });

  it("shows the server's other messages as a tip", async () => {
    renderAccountScreen({ path: "/user/resetPassword", element: <ResetPasswordPage />, script: { [ACCOUNT_ENDPOINTS.resetPassword.path]: fail(3014, "操作过于频繁，请稍后再试") } });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("手机号或邮箱"), "13800138000");
    await u.type(screen.getByLabelText("验证码"), "654321");
    await u.type(screen.getByLabelText("新密码"), "abc456");
    await u.type(screen.getByLabelText("确认密码"), "abc456");
    await u.click(screen.getByRole("button", { name: "重置密码" }));
    expect(await screen.findByText("操作过于频繁，请稍后再试")).toBeInTheDocument();
  });
});

describe("/user/setPassword", () => {
  it("asks a visitor to sign in first", () => {
    renderAccountScreen({ path: "/user/setPassword", element: <SetPasswordPage /> });
    expect(screen.getByText("请先登录")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "去登录" })).toHaveAttribute("href", "/login?redirect=%2Fuser%2FsetPassword");
  });

  it("sets a first password with the session and remembers that the account has one", async () => {
    const { callsTo, sessionStore } = renderAccountScreen({
      path: "/user/setPassword",
      element: <SetPasswordPage />,
      user: { token: "tk", timestamp: Date.now(), id: 7, mobile: "13800138000", hasPassword: false },
      script: { [ACCOUNT_ENDPOINTS.setPassword.path]: ok() },
    });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("新密码"), "abc789");
    await u.type(screen.getByLabelText("确认密码"), "abc789");
    await u.click(screen.getByRole("button", { name: "保存密码" }));
    expect(await screen.findByText("登录密码已设置，下次可使用账号密码登录")).toBeInTheDocument();
    expect(callsTo(ACCOUNT_ENDPOINTS.setPassword.path)[0]).toMatchObject({ params: { encryptPassword: `rsa(${md5Hex("abc789")})` }, tokenless: false });
    expect(sessionStore.getUser()?.hasPassword).toBe(true);
  });
});
