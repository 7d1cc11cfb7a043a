import { MailOutlined, UserOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Input } from "antd";
import { useForm } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import type { LoginStep } from "../../providers/login-outcome";
import { CodePurpose } from "../../schema/account";
import { CodeLoginFormSchema, type CodeLoginForm as CodeLoginValues } from "../../schema/credentials";
import { ResultCode } from "../../schema/envelope";
import { AgreementField } from "./agreement-field";
import { CodeInput } from "./code-input";
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
  const sender = useCodeSender();
  // Spec §8 hides the total tip by itself only in password login.
  const tip = useTotalTip();
  const flow = useLoginFlow((step: LoginStep) => {
    if (step.kind === "failed" || step.kind === "captchaInvalid") tip.showError(step.message);
  });

  /** Spec §5: a code goes out only for a valid account with the agreement ticked. */
  async function sendCode() {
    tip.clear();
    if (!(await trigger(["userName", "agreement"]))) return;
    const envelope = await sender.send(() => client.sendCode(getValues("userName"), CodePurpose.codeLogin));
    if (envelope.code === ResultCode.success) tip.showSuccess(LOGIN_TEXT.codeSent);
    else tip.showError(envelope.message);
  }

  const onSubmit = handleSubmit(({ userName, vCode }) => {
    tip.clear();
    return flow.submit({ method: "code", account: userName, code: vCode });
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label={LOGIN_TEXT.tabs.code}>
        <FormField control={control} name="userName">
          {({ field, id }) => (
            <Input
              {...field}
              id={id}
              size="large"
              aria-label={LOGIN_TEXT.account}
              placeholder={LOGIN_TEXT.account}
              prefix={<UserOutlined />}
              autoComplete="username"
            />
          )}
        </FormField>
        <FormField control={control} name="vCode">
          {({ field, id }) => (
            <CodeInput field={field} id={id} label={LOGIN_TEXT.code} prefix={<MailOutlined />} sender={sender} onSend={sendCode} />
          )}
        </FormField>
        <AgreementField control={control} trigger={trigger} />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={flow.isPending} idleText={LOGIN_TEXT.submit} pendingText={LOGIN_TEXT.submitting} />
      </form>
    </Form>
  );
}
