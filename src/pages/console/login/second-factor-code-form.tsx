import { KeyOutlined, SafetyOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Form } from "antd";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { SubmitButton } from "../../../components/submit-button";
import type { SecondFactorStep } from "../../../providers/operator-auth";
import { RecoveryCodeFormSchema, TotpCodeFormSchema, type SecondFactorCodeForm as CodeValues } from "../../../schema/console/second-factor-forms";
import { LoginInput } from "../../login/login-input";
import { TotalTipAlert } from "../../login/total-tip";
import { useTotalTip } from "../../login/use-total-tip";

export const CODE_FIELD_LABEL = { totp: "6位动态验证码", recovery: "恢复码" } as const;

/**
 * One code of the second factor (the authenticator's six digits, or a recovery code), sent with
 * `send`. A wrong code (3101) shows under the field; an ended pending session goes back to the
 * password (`onExpired`); success goes on (`onSignedIn`).
 */
export function SecondFactorCodeForm({
  kind,
  submitText,
  send,
  onSignedIn,
  onExpired,
  footer,
}: {
  kind: "totp" | "recovery";
  submitText: string;
  send: (code: string) => Promise<SecondFactorStep>;
  onSignedIn: (step: Extract<SecondFactorStep, { kind: "signedIn" }>) => void;
  onExpired: (message: string) => void;
  footer?: ReactNode;
}) {
  const tip = useTotalTip();
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError } = useForm<CodeValues>({
    resolver: zodResolver(kind === "totp" ? TotpCodeFormSchema : RecoveryCodeFormSchema),
    defaultValues: { code: "" },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    tip.clear();
    setPending(true);
    const step = await send(code).finally(() => setPending(false));
    if (step.kind === "signedIn") onSignedIn(step);
    else if (step.kind === "expired") onExpired(step.message);
    else if (step.kind === "codeWrong") setError("code", { type: "server", message: step.message }, { shouldFocus: true });
    else tip.showError(step.message);
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label={kind === "totp" ? "动态验证码验证" : "恢复码验证"}>
        <LoginInput
          control={control}
          name="code"
          label={CODE_FIELD_LABEL[kind]}
          icon={kind === "totp" ? <SafetyOutlined /> : <KeyOutlined />}
          autoComplete="one-time-code"
          maxLength={kind === "totp" ? 6 : 9}
        />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={isPending} idleText={submitText} pendingText="验证中…" />
        {footer}
      </form>
    </Form>
  );
}
