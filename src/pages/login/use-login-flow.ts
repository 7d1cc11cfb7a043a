import { useState } from "react";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { useAccountServices } from "../../providers/account-context";
import { isLoginResponse } from "../../providers/auth-provider";
import { useLoginAction } from "../../providers/use-auth-actions";
import { INCOMPLETE_ANSWER_MESSAGE, type LoginStep } from "../../providers/login-outcome";
import type { LoginRequest } from "../../providers/login-request";
import { ResultCode } from "../../schema/envelope";
import { prefilledAccountState } from "../user/prefilled-account";

const UNEXPECTED_FAILURE: LoginStep = {
  kind: "failed",
  code: ResultCode.serverError,
  message: INCOMPLETE_ANSWER_MESSAGE,
  autoHideTip: false,
  reloadCaptcha: true,
};

/** The 3011 dialog: the credentials stay in memory only, for "下次再说" to re-encrypt. */
export interface PasswordUpdatePrompt {
  message: string;
  account: string;
  password: string;
}

/**
 * Runs a login through the auth provider (useLoginAction) and takes the steps every login
 * screen shares (spec §4, §8): on to the post-login path, to the second step, or the 3011 dialog.
 * What is left for the form (field messages, tips, the captcha) goes to `onSettled`.
 */
export function useLoginFlow(onSettled: (step: LoginStep) => void) {
  const { mutateAsync, isPending } = useLoginAction<LoginRequest>();
  const navigate = useNavigate();
  const { secondStep } = useAccountServices();
  const [passwordUpdate, setPasswordUpdate] = useState<PasswordUpdatePrompt | null>(null);

  async function submit(request: LoginRequest): Promise<void> {
    // The http client answers failures with envelopes; a throw here is a bug, shown like a failure.
    const response = await mutateAsync(request).catch(() => null);
    let step: LoginStep = response && isLoginResponse(response) ? response.step : UNEXPECTED_FAILURE;

    if (step.kind === "loggedIn" && response && isLoginResponse(response) && response.nextPath) {
      navigate(response.nextPath, { replace: true });
    } else if (step.kind === "secondStep") {
      secondStep.save(step.challenge);
      navigate(APP_PATHS.verificationCode);
    } else if (step.kind === "passwordUpdateDue") {
      // Only a password login can continue through delaysUpdatePwd; elsewhere the message is all we can show.
      if ("password" in request) setPasswordUpdate({ message: step.message, account: request.account, password: request.password });
      else step = { kind: "failed", code: ResultCode.badRequest, message: step.message, autoHideTip: false, reloadCaptcha: false };
    }
    onSettled(step);
  }

  const passwordUpdateDialog = passwordUpdate && {
    message: passwordUpdate.message,
    isPending,
    onChangePassword: () => {
      setPasswordUpdate(null);
      navigate(APP_PATHS.resetPassword, { state: prefilledAccountState(passwordUpdate.account) });
    },
    onLater: async () => {
      const { account, password } = passwordUpdate;
      await submit({ method: "delayPasswordUpdate", account, password });
      setPasswordUpdate(null);
    },
    onClose: () => setPasswordUpdate(null),
  };

  return { submit, isPending, passwordUpdateDialog };
}
