import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Typography } from "antd";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageLayout } from "../../components/account-page-layout";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { AccountCode, CodePurpose } from "../../schema/account";
import { RegisterFormSchema, type RegisterForm } from "../../schema/password-forms";
import { AccountField } from "../login/account-field";
import { AgreementField } from "../login/agreement-field";
import { CodeField } from "../login/code-field";
import { TotalTipAlert } from "../login/total-tip";
import { useCodeSender } from "../login/use-code-sender";
import { useLoginFlow } from "../login/use-login-flow";
import { useTotalTip } from "../login/use-total-tip";
import { PasswordPairFields } from "./password-pair-fields";

/**
 * /user/register: phone or e-mail, a sent code, a password and the agreement; signs the new account in.
 * /inviteRegister shows the same form under its own title for people who followed an invitation.
 */
export function RegisterPage({ title = "注册账号" }: { title?: string }) {
  const { client } = useAccountServices();
  const { control, handleSubmit, trigger, getValues, setError } = useForm<RegisterForm>({
    resolver: zodResolver(RegisterFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", vCode: "", passWord: "", confirmPassword: "", agreement: false },
  });
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind !== "failed" && step.kind !== "captchaInvalid") return;
    // Messages that concern one field go under it; the rest to the tip.
    if (step.kind === "failed" && step.code === AccountCode.accountAlreadyRegistered) setError("userName", { type: "server", message: step.message });
    else if (step.kind === "failed" && step.code === AccountCode.verificationCodeInvalid) setError("vCode", { type: "server", message: step.message });
    else tip.showError(step.message);
  });

  async function sendCode() {
    if (await trigger("userName")) await sender.send(() => client.sendCode(getValues("userName"), CodePurpose.register));
  }

  const onSubmit = handleSubmit(({ userName, vCode, passWord }) => {
    tip.clear();
    return flow.submit({ method: "register", account: userName, code: vCode, password: passWord });
  });

  return (
    <AccountPageLayout title={title}>
      <Form layout="vertical" component={false}>
        <form onSubmit={onSubmit} noValidate aria-label="注册账号">
          <AccountField control={control} />
          <CodeField control={control} sender={sender} onSend={sendCode} />
          <PasswordPairFields control={control} />
          <AgreementField control={control} trigger={trigger} />
          <TotalTipAlert tip={tip.tip} />
          <SubmitButton isPending={flow.isPending} idleText="注册" pendingText="注册中…" />
        </form>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: "center" }}>
        已有账号？<Link to={APP_PATHS.login}>立即登录</Link>
      </Typography.Paragraph>
    </AccountPageLayout>
  );
}
