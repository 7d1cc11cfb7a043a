import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { VerificationCodePage } from "../../src/pages/user/verification-code-page";
import { SECOND_STEP_STORAGE_KEY } from "../../src/providers/second-step-storage";
import { createMemoryStorage } from "../../src/providers/session-store";
import type { SecondStep } from "../../src/schema/account";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { loginUser } from "../unit/providers/login-fixtures";
import { fail, ok, renderAccountScreen, type ScriptedAnswer } from "./account-harness";

const CHALLENGE: SecondStep = { challengeId: "ch-9", channel: "mobile", maskedTarget: "138****8000" };

function renderStep(script: Record<string, ScriptedAnswer>, challenge: SecondStep | null = CHALLENGE) {
  // The page reads the challenge on mount: stored before rendering, as the login panel leaves it.
  const storage = createMemoryStorage(challenge ? { [SECOND_STEP_STORAGE_KEY]: JSON.stringify(challenge) } : {});
  return renderAccountScreen({ path: "/user/verificationCode", element: <VerificationCodePage />, script, secondStepStorage: storage });
}

describe("/user/verificationCode", () => {
  it("without a pending challenge says so and leads back to the login", () => {
    renderStep({}, null);
    expect(screen.getByText("登录验证已失效")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "返回登录" })).toHaveAttribute("href", "/login");
  });

  it("sends the code to the bound phone, then completes the login", async () => {
    const { callsTo, sessionStore, secondStep } = renderStep({
      [ACCOUNT_ENDPOINTS.sendLoginVerifyCode.path]: ok(),
      [ACCOUNT_ENDPOINTS.loginVerify.path]: ok({ loginUser: loginUser(), token: "tk-2" }),
    });
    const u = userEvent.setup();
    expect(screen.getByText("138****8000")).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByRole("button", { name: "59秒后重新获取" })).toBeDisabled();
    await u.type(screen.getByLabelText("验证码"), "246810");
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    await waitFor(() => expect(screen.getByLabelText("当前地址").textContent).toBe("/"));
    expect(callsTo(ACCOUNT_ENDPOINTS.sendLoginVerifyCode.path)[0]).toMatchObject({ method: "POST", params: { challengeId: "ch-9" }, tokenless: true });
    expect(callsTo(ACCOUNT_ENDPOINTS.loginVerify.path)[0]).toMatchObject({ method: "POST", params: { challengeId: "ch-9", vCode: "246810" } });
    expect(sessionStore.getUser()?.token).toBe("tk-2");
    expect(secondStep.read()).toBeNull();
  });

  it("a wrong code is shown under the field", async () => {
    renderStep({ [ACCOUNT_ENDPOINTS.loginVerify.path]: fail(1003, "验证码错误") });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("验证码"), "000000");
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    expect(await screen.findByText("验证码错误")).toBeInTheDocument();
  });
});
