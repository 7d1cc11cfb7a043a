import { zodResolver } from "@hookform/resolvers/zod";
import { Form } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { SubmitButton } from "../../components/submit-button";
import { useNotaryServices } from "../../providers/notary-context";
import { TOTAL_TIP_HIDE_MS } from "../../schema/constants";
import { NotaryLoginFormSchema, type NotaryLoginForm as NotaryLoginValues } from "../../schema/notary";
import { AccountField } from "../login/account-field";
import { CaptchaField } from "../login/captcha-field";
import { PasswordField } from "../login/password-field";
import { TotalTipAlert } from "../login/total-tip";
import { useCaptcha } from "../login/use-captcha";
import { useTotalTip } from "../login/use-total-tip";

export const NOTARY_LOGIN_TEXT = {
  account: "公证处账号",
  password: "密码",
  captcha: "图形验证码",
  submit: "登录",
  submitting: "登录中…",
} as const;

/**
 * Account, password and image captcha, with the login states of spec §4 (idle, in progress, idle
 * again on failure) and the answers of §8: 1002 under the captcha, anything else as a total tip
 * that hides after 3 s. Every failure needs a new captcha, since each is single-use.
 */
export function NotaryLoginForm() {
  const { auth } = useNotaryServices();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const tip = useTotalTip(TOTAL_TIP_HIDE_MS);
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError, setValue } = useForm<NotaryLoginValues>({
    resolver: zodResolver(NotaryLoginFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { account: "", password: "", vCode: "" },
  });

  const onSubmit = handleSubmit(async ({ account, password, vCode }) => {
    tip.clear();
    setPending(true);
    const step = await auth.login({ account, password, captcha: vCode }).finally(() => setPending(false));
    if (step.kind === "loggedIn") {
      navigate(APP_PATHS.notaryRequestList, { replace: true });
      return;
    }
    captcha.reload();
    setValue("vCode", "");
    if (step.kind === "captchaInvalid") setError("vCode", { type: "server", message: step.message }, { shouldFocus: true });
    else tip.showError(step.message);
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="公证处登录">
        {/* The users' login fields, with the notary form's own names and words. */}
        <AccountField control={control} name="account" label={NOTARY_LOGIN_TEXT.account} />
        <PasswordField control={control} name="password" label={NOTARY_LOGIN_TEXT.password} />
        <CaptchaField control={control} captcha={captcha} label={NOTARY_LOGIN_TEXT.captcha} />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={isPending} idleText={NOTARY_LOGIN_TEXT.submit} pendingText={NOTARY_LOGIN_TEXT.submitting} />
      </form>
    </Form>
  );
}
