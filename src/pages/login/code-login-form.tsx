import { zodResolver } from "@hookform/resolvers/zod";
import { Form } from "antd";
import { useForm } from "react-hook-form";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { CodePurpose } from "../../schema/account";
import { CodeLoginFormSchema, type CodeLoginForm as CodeLoginValues } from "../../schema/credentials";
import { AccountField } from "./account-field";
import { AgreementField } from "./agreement-field";
import { CodeField } from "./code-field";
import { LOGIN_TEXT } from "./login-text";
import { TotalTipAlert } from "./total-tip";
import { useCodeSender } from "./use-code-sender";
import { useLoginFlow } from "./use-login-flow";
import { useTotalTip } from "./use-total-tip";

/** Mode 1 (spec §2): phone or e-mail plus a sent code; an unknown phone number is registered on the way. */
export function CodeLoginForm() {
  const { client } = useAccountServices();
  const { control, handleSubmit, trigger, getValues } = useForm<CodeLoginValues>({
    resolver: zodResolver(CodeLoginFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", vCode: "", agreement: false },
  });
  // Spec §8 hides the total tip by itself only in password login.
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind === "failed" || step.kind === "captchaInvalid") tip.showError(step.message);
  });

  /** Spec §5: a code goes out only for a valid account with the agreement ticked. */
  async function sendCode() {
    if (await trigger(["userName", "agreement"])) await sender.send(() => client.sendCode(getValues("userName"), CodePurpose.codeLogin));
  }

  const onSubmit = handleSubmit(({ userName, vCode }) => {
    tip.clear();
    return flow.submit({ method: "code", account: userName, code: vCode });
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label={LOGIN_TEXT.tabs.code}>
        <AccountField control={control} />
        <CodeField control={control} sender={sender} onSend={sendCode} />
        <AgreementField control={control} trigger={trigger} />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={flow.isPending} idleText={LOGIN_TEXT.submit} pendingText={LOGIN_TEXT.submitting} />
      </form>
    </Form>
  );
}
