import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Result, Typography } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageLayout } from "../../components/account-page-layout";
import { RouterLinkButton } from "../../components/router-link-button";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import { AccountCode, CodePurpose } from "../../schema/account";
import { ResultCode } from "../../schema/envelope";
import { ResetPasswordFormSchema, type ResetPasswordForm } from "../../schema/password-forms";
import { AccountField } from "../login/account-field";
import { CodeField } from "../login/code-field";
import { TotalTipAlert } from "../login/total-tip";
import { useCodeSender } from "../login/use-code-sender";
import { useTotalTip } from "../login/use-total-tip";
import { PasswordPairFields } from "./password-pair-fields";
import { readPrefilledAccount } from "./prefilled-account";

export const RESET_DONE_TEXT = "密码已重置，请使用新密码登录";

/** /user/resetPassword: a code to the account's phone or e-mail proves it is theirs; then a new password. */
export function ResetPasswordPage() {
  const { client } = useAccountServices();
  const location = useLocation();
  const { control, handleSubmit, trigger, getValues, setError } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: readPrefilledAccount(location.state), vCode: "", passWord: "", confirmPassword: "" },
  });
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const [isPending, setPending] = useState(false);
  const [isDone, setDone] = useState(false);

  async function sendCode() {
    if (await trigger("userName")) await sender.send(() => client.sendCode(getValues("userName"), CodePurpose.resetPassword));
  }

  const onSubmit = handleSubmit(async ({ userName, vCode, passWord }) => {
    tip.clear();
    setPending(true);
    const envelope = await client.resetPassword({ account: userName, code: vCode, password: passWord }).finally(() => setPending(false));
    if (envelope.code === ResultCode.success) setDone(true);
    else if (envelope.code === AccountCode.verificationCodeInvalid) setError("vCode", { type: "server", message: envelope.message });
    else if (envelope.code === AccountCode.accountNotRegistered) setError("userName", { type: "server", message: envelope.message });
    else tip.showError(envelope.message);
  });

  return (
    <AccountPageLayout title="找回密码">
      {isDone ? (
        <Result
          status="success"
          title={RESET_DONE_TEXT}
          extra={
            <RouterLinkButton type="primary" to={APP_PATHS.login}>
              去登录
            </RouterLinkButton>
          }
        />
      ) : (
        <>
          <Form layout="vertical" component={false}>
            <form onSubmit={onSubmit} noValidate aria-label="找回密码">
              <AccountField control={control} />
              <CodeField control={control} sender={sender} onSend={sendCode} />
              <PasswordPairFields control={control} isNew />
              <TotalTipAlert tip={tip.tip} />
              <SubmitButton isPending={isPending} idleText="重置密码" pendingText="提交中…" />
            </form>
          </Form>
          <Typography.Paragraph style={{ marginTop: 16, textAlign: "center" }}>
            想起密码了？<Link to={APP_PATHS.login}>返回登录</Link>
          </Typography.Paragraph>
        </>
      )}
    </AccountPageLayout>
  );
}
