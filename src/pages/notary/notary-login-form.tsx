import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Input } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { FormField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { useNotaryServices } from "../../providers/notary-context";
import { IMAGE_CAPTCHA_LENGTH, PASSWORD_MAX_LENGTH, TOTAL_TIP_HIDE_MS } from "../../schema/constants";
import { NotaryLoginFormSchema, type NotaryLoginForm as NotaryLoginValues } from "../../schema/notary";
import { CaptchaImage } from "../login/captcha-image";
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
        <FormField control={control} name="account">
          {({ field, id }) => (
            <Input
              {...field}
              id={id}
              size="large"
              aria-label={NOTARY_LOGIN_TEXT.account}
              placeholder={NOTARY_LOGIN_TEXT.account}
              prefix={<UserOutlined />}
              autoComplete="username"
            />
          )}
        </FormField>
        <FormField control={control} name="password">
          {({ field, id }) => (
            <Input.Password
              {...field}
              id={id}
              size="large"
              aria-label={NOTARY_LOGIN_TEXT.password}
              placeholder={NOTARY_LOGIN_TEXT.password}
              prefix={<LockOutlined />}
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
            />
          )}
        </FormField>
        <FormField control={control} name="vCode">
          {({ field, id }) => (
            <div style={{ display: "flex", gap: 8 }}>
              <Input
                {...field}
                id={id}
                size="large"
                aria-label={NOTARY_LOGIN_TEXT.captcha}
                placeholder={NOTARY_LOGIN_TEXT.captcha}
                prefix={<SafetyCertificateOutlined />}
                maxLength={IMAGE_CAPTCHA_LENGTH}
                autoComplete="off"
              />
              <CaptchaImage src={captcha.src} hasFailed={captcha.hasFailed} onReload={captcha.reload} />
            </div>
          )}
        </FormField>
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={isPending} idleText={NOTARY_LOGIN_TEXT.submit} pendingText={NOTARY_LOGIN_TEXT.submitting} />
      </form>
    </Form>
  );
}
