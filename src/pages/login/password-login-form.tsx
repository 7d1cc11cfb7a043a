import { zodResolver } from "@hookform/resolvers/zod";
import { Suspense, useRef } from "react";
import { useForm } from "react-hook-form";
import { LightSubmitButton } from "../../components/light-submit-button";
import { antdPart } from "../../app/antd-part";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { AccountCode } from "../../schema/account";
import { TOTAL_TIP_HIDE_MS } from "../../schema/constants";
import { isLoginAccount, PasswordLoginFormSchema, type PasswordLoginForm as PasswordLoginValues } from "../../schema/credentials";
import { AccountField } from "./account-field";
import { CaptchaField } from "./captcha-field";
import { LOGIN_TEXT } from "./login-text";
import { PasswordField } from "./password-field";
import { TotalTipAlert } from "./total-tip";
import { useCaptcha } from "./use-captcha";
import { useLoginFlow } from "./use-login-flow";
import { useTotalTip } from "./use-total-tip";

// The 3011 dialog is antd's Modal: it loads, with antd, only when a login asks for it (issue 20).
const PasswordUpdateDialog = antdPart(() => import("./password-update-dialog").then((module) => module.PasswordUpdateDialog));

/** Mode 0 (spec §2): account, password and image captcha. */
export function PasswordLoginForm() {
  const { client } = useAccountServices();
  const { control, handleSubmit, trigger, getValues, setError, setValue } = useForm<PasswordLoginValues>({
    resolver: zodResolver(PasswordLoginFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", passWord: "", vCode: "" },
  });
  const captcha = useCaptcha();
  const tip = useTotalTip(TOTAL_TIP_HIDE_MS);
  const checkedAccount = useRef("");

  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind === "loggedIn") return;
    // Every captcha is single-use: whatever went wrong, the next attempt needs a new one.
    captcha.reload();
    setValue("vCode", "");
    if (step.kind === "captchaInvalid") setError("vCode", { type: "server", message: step.message }, { shouldFocus: true });
    else if (step.kind === "failed") tip.showError(step.message);
  });

  /** Spec §5: a well-formed account is also looked up; anything but 3002 (exists) shows the server's message. */
  async function checkAccountOnBlur() {
    const isWellFormed = await trigger("userName");
    const account = getValues("userName").trim();
    if (!isWellFormed || !isLoginAccount(account) || account === checkedAccount.current) return;
    checkedAccount.current = account;
    const envelope = await client.checkAccount(account);
    // The user may have typed on while the server was asked.
    if (getValues("userName").trim() !== account) return;
    if (envelope.code !== AccountCode.accountExists) {
      checkedAccount.current = "";
      setError("userName", { type: "server", message: envelope.message });
    }
  }

  const onSubmit = handleSubmit(({ userName, passWord, vCode }) => {
    tip.clear();
    return flow.submit({ method: "password", account: userName, password: passWord, captcha: vCode });
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={LOGIN_TEXT.tabs.password}>
        <AccountField control={control} onBlur={checkAccountOnBlur} />
        <PasswordField control={control} />
        <CaptchaField control={control} captcha={captcha} />
        <TotalTipAlert tip={tip.tip} />
        <LightSubmitButton isPending={flow.isPending} idleText={LOGIN_TEXT.submit} pendingText={LOGIN_TEXT.submitting} />
      </form>
      {flow.passwordUpdateDialog && (
        <Suspense fallback={null}>
          <PasswordUpdateDialog {...flow.passwordUpdateDialog} />
        </Suspense>
      )}
    </>
  );
}
