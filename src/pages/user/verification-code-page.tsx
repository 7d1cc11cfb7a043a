import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Result, Typography } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageLayout } from "../../components/account-page-layout";
import { RouterLinkButton } from "../../components/router-link-button";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { useUserSession } from "../../providers/session-context";
import { AccountCode, type SecondStep } from "../../schema/account";
import { SecondStepFormSchema, type SecondStepForm } from "../../schema/password-forms";
import { CodeField } from "../login/code-field";
import { SignedInCard } from "../login/signed-in-card";
import { TotalTipAlert } from "../login/total-tip";
import { useCodeSender } from "../login/use-code-sender";
import { useLoginFlow } from "../login/use-login-flow";
import { useTotalTip } from "../login/use-total-tip";

const CHANNEL_LABEL: Record<SecondStep["channel"], string> = { mobile: "手机", email: "邮箱" };

/**
 * /user/verificationCode: the second step after code 3012 (spec §2, §8). The code goes to the phone
 * or e-mail bound to the account; answering it completes the login like any other.
 */
export function VerificationCodePage() {
  const { secondStep } = useAccountServices();
  // Read once: the stored challenge is cleared on success, while this page still shows the outcome.
  const [challenge] = useState(secondStep.read);
  const user = useUserSession();
  const [isDone, setDone] = useState(false);

  return (
    <AccountPageLayout title="登录验证">
      {isDone && user ? (
        <SignedInCard user={user} />
      ) : challenge ? (
        <SecondStepForm challenge={challenge} onLoggedIn={() => setDone(true)} />
      ) : (
        <Result
          status="warning"
          title="登录验证已失效"
          subTitle="请返回重新登录。"
          extra={
            <RouterLinkButton type="primary" to={APP_PATHS.login}>
              返回登录
            </RouterLinkButton>
          }
        />
      )}
    </AccountPageLayout>
  );
}

function SecondStepForm({ challenge, onLoggedIn }: { challenge: SecondStep; onLoggedIn: () => void }) {
  const { client, secondStep } = useAccountServices();
  const { control, handleSubmit, setError } = useForm<SecondStepForm>({
    resolver: zodResolver(SecondStepFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { vCode: "" },
  });
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind === "loggedIn") {
      secondStep.clear();
      onLoggedIn();
    } else if (step.kind === "failed" && step.code === AccountCode.verificationCodeInvalid) {
      setError("vCode", { type: "server", message: step.message });
    } else if (step.kind === "failed" || step.kind === "captchaInvalid") {
      tip.showError(step.message);
    }
  });

  const onSubmit = handleSubmit(({ vCode }) => {
    tip.clear();
    return flow.submit({ method: "secondStep", challengeId: challenge.challengeId, vCode });
  });

  return (
    <Form layout="vertical" component={false}>
      <Typography.Paragraph>
        为保障账号安全，本次登录需要再验证一次。验证码将发送至您绑定的{CHANNEL_LABEL[challenge.channel]}
        <Typography.Text strong> {challenge.maskedTarget}</Typography.Text>。
      </Typography.Paragraph>
      <form onSubmit={onSubmit} noValidate aria-label="登录验证">
        <CodeField control={control} sender={sender} onSend={() => sender.send(() => client.sendSecondStepCode(challenge.challengeId))} />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={flow.isPending} idleText="验证并登录" pendingText="登录中…" />
      </form>
    </Form>
  );
}
