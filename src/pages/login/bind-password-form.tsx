import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LightSubmitButton } from "../../components/light-submit-button";
import { decideLoginOutcome } from "../../providers/login-outcome";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { BindAccountFormSchema, LOGIN_MODE, type BindAccountForm } from "../../schema/credentials";
import { AccountField } from "./account-field";
import { AgreementField } from "./agreement-field";
import { bindFailureOf } from "./bind-outcome";
import { CaptchaField } from "./captcha-field";
import { PasswordField } from "./password-field";
import { BIND_PANEL_TEXT } from "./scan-login-text";
import { useCaptcha } from "./use-captcha";
import { useCompleteLogin } from "./use-complete-login";

/** Bind tab 0 (spec §2): an existing account proven by password and image captcha, like login mode 0. */
export function BindPasswordForm({ oauthUserId }: { oauthUserId: string }) {
  const client = useScanLoginClient();
  const completeLogin = useCompleteLogin();
  const captcha = useCaptcha();
  const { control, handleSubmit, trigger, setError, setValue, formState } = useForm<BindAccountForm>({
    resolver: zodResolver(BindAccountFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", passWord: "", vCode: "", agreement: false },
  });

  const onSubmit = handleSubmit(async ({ userName, passWord, vCode }) => {
    const envelope = await client.bindWithPassword({ oauthUserId, account: userName, password: passWord, captcha: vCode });
    const step = decideLoginOutcome(envelope, LOGIN_MODE.password);
    if (step.kind === "loggedIn") return completeLogin(step);
    const failure = bindFailureOf(step);
    // Each captcha is single-use on the server, so any failed attempt needs a new one.
    captcha.reload();
    setValue("vCode", "");
    setError(failure.field, { type: "server", message: failure.message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={BIND_PANEL_TEXT.tabs.account}>
      <AccountField control={control} />
      <PasswordField control={control} />
      <CaptchaField control={control} captcha={captcha} />
      <AgreementField control={control} trigger={trigger} />
      <LightSubmitButton isPending={formState.isSubmitting} idleText={BIND_PANEL_TEXT.submit} pendingText={BIND_PANEL_TEXT.submitting} />
    </form>
  );
}
