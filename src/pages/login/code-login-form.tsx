import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { LightSubmitButton } from "../../components/light-submit-button";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { CodePurpose } from "../../schema/account";
import { CODE_LOGIN_PANEL_SCHEMAS, type CodeLoginPanelForm } from "../../schema/credentials";
import { AccountField } from "./account-field";
import { AgreementField } from "./agreement-field";
import { CaptchaField } from "./captcha-field";
import { CodeField } from "./code-field";
import { LOGIN_TEXT } from "./login-text";
import { TotalTipAlert } from "./total-tip";
import { useCaptcha } from "./use-captcha";
import { useCodeSender } from "./use-code-sender";
import { useLoginFlow } from "./use-login-flow";
import { useTotalTip } from "./use-total-tip";


/**
 * Mode 1 (spec §2): phone or e-mail plus a sent code; an unknown phone number is registered on the
 * way. When the account has failed often lately the server answers 1002 and the form adds the
 * image captcha (spec §8: the message under the captcha), from then on with every attempt.
 */
export function CodeLoginForm() {
  const { client } = useAccountServices();
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  // The resolver reads the current mode through a ref: the form keeps the one it was made with.
  const isCaptchaShownRef = useRef(isCaptchaShown);
  isCaptchaShownRef.current = isCaptchaShown;
  const resolve: Resolver<CodeLoginPanelForm> = (values, context, options) =>
    zodResolver(isCaptchaShownRef.current ? CODE_LOGIN_PANEL_SCHEMAS.withCaptcha : CODE_LOGIN_PANEL_SCHEMAS.withoutCaptcha)(values, context, options);
  const { control, handleSubmit, trigger, getValues, setError, setValue } = useForm<CodeLoginPanelForm>({
    resolver: resolve,
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", vCode: "", agreement: false, captcha: "" },
  });
  const captcha = useCaptcha(isCaptchaShown);
  // Spec §8 hides the total tip by itself only in password login.
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind === "loggedIn") return;
    if (isCaptchaShown) {
      // Every captcha is single-use: whatever went wrong, the next attempt needs a new one.
      captcha.reload();
      setValue("captcha", "");
    }
    if (step.kind === "captchaInvalid") {
      setCaptchaShown(true);
      setError("captcha", { type: "server", message: step.message });
    } else if (step.kind === "failed") tip.showError(step.message);
  });

  /** Spec §5: a code goes out only for a valid account with the agreement ticked. */
  async function sendCode() {
    if (await trigger(["userName", "agreement"])) await sender.send(() => client.sendCode(getValues("userName"), CodePurpose.codeLogin));
  }

  const onSubmit = handleSubmit(({ userName, vCode, captcha: answer }) => {
    tip.clear();
    return flow.submit({ method: "code", account: userName, code: vCode, ...(isCaptchaShown ? { captcha: answer } : {}) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={LOGIN_TEXT.tabs.code}>
      <AccountField control={control} />
      <CodeField control={control} sender={sender} onSend={sendCode} />
      {isCaptchaShown && <CaptchaField control={control} captcha={captcha} name="captcha" />}
      <AgreementField control={control} trigger={trigger} />
      <TotalTipAlert tip={tip.tip} />
      <LightSubmitButton isPending={flow.isPending} idleText={LOGIN_TEXT.submit} pendingText={LOGIN_TEXT.submitting} />
    </form>
  );
}
